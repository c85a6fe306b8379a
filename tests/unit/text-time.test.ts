import { describe, expect, test } from "vitest";
import { htmlToText, truncateCardName, truncateSummary } from "~/utils/text";
import { formatDuration, parseDuration, relativeTime } from "~/utils/time";

describe("truncateSummary (docs/behaviour.md §reading)", () => {
  test("keeps 120 characters or fewer as they are", () => {
    const s = "a".repeat(120);
    expect(truncateSummary(s)).toBe(s);
  });
  test("cuts longer text to 117 characters plus an ellipsis", () => {
    const out = truncateSummary("b".repeat(121));
    expect(out).toBe(`${"b".repeat(117)}...`);
    expect(out).toHaveLength(120);
  });
  test("counts an emoji as one character and never cuts it in half", () => {
    const out = truncateSummary(`${"c".repeat(116)}😀😀😀😀😀😀`);
    expect(out).toBe(`${"c".repeat(116)}😀...`);
    expect(truncateSummary(`${"d".repeat(115)}😀😀😀😀😀`)).toBe(`${"d".repeat(115)}😀😀😀😀😀`);
  });
});

describe("truncateCardName (docs/behaviour.md §posts)", () => {
  test("cuts names over 50 characters to 50 plus an ellipsis", () => {
    expect(truncateCardName("x".repeat(50))).toBe("x".repeat(50));
    expect(truncateCardName("y".repeat(51))).toBe(`${"y".repeat(50)}...`);
    expect(truncateCardName(`${"z".repeat(49)}🚀🚀`)).toBe(`${"z".repeat(49)}🚀...`);
  });
});

describe("relativeTime (docs/behaviour.md §reading)", () => {
  const now = new Date("2026-11-21T12:00:00Z");
  const ago = (ms: number) => new Date(now.getTime() - ms);
  const S = 1000;
  const M = 60 * S;
  const H = 60 * M;
  const D = 24 * H;
  test.each([
    [0, "0 seconds ago"],
    [1 * S, "1 second ago"],
    [59 * S, "59 seconds ago"],
    [1 * M, "1 minute ago"],
    [59 * M, "59 minutes ago"],
    [2 * H, "2 hours ago"],
    [1 * D, "1 day ago"],
    [6 * D, "6 days ago"],
    [7 * D, "1 week ago"],
    [27 * D, "3 weeks ago"],
    [28 * D, "1 month ago"],
    [300 * D, "10 months ago"],
    [359 * D, "11 months ago"],
    [360 * D, "1 year ago"],
    [364 * D, "1 year ago"],
    [365 * D, "1 year ago"],
    [800 * D, "2 years ago"],
  ])("%d ms ago → %s", (ms, expected) => {
    expect(relativeTime(ago(ms), now)).toBe(expected);
  });
  test("a time in the future reads as now, not negative", () => {
    expect(relativeTime(new Date(now.getTime() + 5000), now)).toBe("0 seconds ago");
  });
});

describe("durations (docs/behaviour.md §data avgTime)", () => {
  test("formats seconds as Xm Ys", () => {
    expect(formatDuration(0)).toBe("0m 0s");
    expect(formatDuration(75)).toBe("1m 15s");
    expect(formatDuration(3600)).toBe("60m 0s");
  });
  test("parses Xm Ys, Ys and plain numbers", () => {
    expect(parseDuration("1m 15s")).toBe(75);
    expect(parseDuration("45s")).toBe(45);
    expect(parseDuration("2m")).toBe(120);
    expect(parseDuration("30")).toBe(30);
    expect(parseDuration(12)).toBe(12);
  });
  test("rejects what it cannot read", () => {
    expect(parseDuration("")).toBeUndefined();
    expect(parseDuration("soon")).toBeUndefined();
    expect(parseDuration(-1)).toBeUndefined();
  });
});

describe("htmlToText", () => {
  test("drops tags and scripts, decodes entities, keeps paragraph breaks", () => {
    const html = "<h2>Title</h2><p>A &amp; B &lt;3</p><script>alert(1)</script><p>Next</p>";
    expect(htmlToText(html)).toBe("Title\nA & B <3\nNext");
  });
});
