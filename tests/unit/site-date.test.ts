/**
 * One date style for the whole product (app/utils/site-date.ts): the helper's forms, and no
 * screen formatting dates its own way.
 */
import { readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { formatSiteDate } from "~/utils/site-date";

const AT = Date.UTC(2026, 10, 23, 21, 16, 5);

describe("formatSiteDate", () => {
  it("writes day, month and year, with the time and zone unless told otherwise", () => {
    expect(formatSiteDate(AT, "Europe/Berlin")).toBe("23 Nov 2026, 22:16 CET");
    expect(formatSiteDate(AT, "UTC", { time: false })).toBe("23 Nov 2026");
    expect(formatSiteDate(AT, "UTC", { time: false, year: false })).toBe("23 Nov");
    expect(formatSiteDate(AT, "UTC", { seconds: true })).toBe("23 Nov 2026, 21:16:05 UTC");
  });

  it("takes the day of the site's time zone", () => {
    expect(formatSiteDate(AT, "Asia/Tokyo", { time: false })).toBe("24 Nov 2026");
  });
});

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : /\.tsx?$/.test(name) ? [path] : [];
  });
}

describe("dates on screens", () => {
  it("are all written by formatSiteDate: no component or route builds its own date format", () => {
    const offenders = ["app/components", "app/routes"]
      .flatMap(sources)
      .filter((file) =>
        /new Intl\.DateTimeFormat\(|toLocale(Date|Time)String\(/.test(readFileSync(file, "utf8")),
      );
    expect(offenders).toEqual([]);
  });
});
