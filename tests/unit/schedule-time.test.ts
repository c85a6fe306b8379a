import { expect, test } from "vitest";
import * as m from "~/domain/workflow/schedule-time";

test("schedule times convert between the form and instants in a zone", () => {
  expect(new Date(m.localInputToInstant("2026-11-24T09:30")!).toISOString()).toBe(
    "2026-11-24T09:30:00.000Z",
  );
  expect(new Date(m.localInputToInstant("2026-11-24T09:30", "Europe/Paris")!).toISOString()).toBe(
    "2026-11-24T08:30:00.000Z",
  );
  expect(
    new Date(m.localInputToInstant("2026-07-24T09:30", "America/New_York")!).toISOString(),
  ).toBe("2026-07-24T13:30:00.000Z");
  expect(m.instantToLocalInput(Date.UTC(2026, 6, 24, 13, 30), "America/New_York")).toBe(
    "2026-07-24T09:30",
  );
  expect(m.formatScheduleTime(Date.UTC(2026, 10, 24, 8, 30))).toBe("2026-11-24 08:30 UTC");
  expect(m.localInputToInstant("2026-02-30T09:30")).toBeUndefined();
});
