import { describe, expect, test } from "vitest";
import { pageList } from "~/utils/pagination";

describe("pageList (docs/behaviour.md §posts: 2 margin pages, a range of 5)", () => {
  test("no links for a single page or none", () => {
    expect(pageList(1, 0)).toEqual([]);
    expect(pageList(1, 1)).toEqual([]);
  });
  test("every page when they all fit", () => {
    expect(pageList(1, 2)).toEqual([1, 2]);
    expect(pageList(4, 9)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9]);
  });
  test("at the start: the range from page 1, a gap, the last two", () => {
    expect(pageList(1, 20)).toEqual([1, 2, 3, 4, 5, "gap", 19, 20]);
    expect(pageList(3, 20)).toEqual([1, 2, 3, 4, 5, "gap", 19, 20]);
  });
  test("in the middle: margins, gaps and five pages around the current one", () => {
    expect(pageList(10, 20)).toEqual([1, 2, "gap", 8, 9, 10, 11, 12, "gap", 19, 20]);
  });
  test("at the end: the first two, a gap, the last five", () => {
    expect(pageList(20, 20)).toEqual([1, 2, "gap", 16, 17, 18, 19, 20]);
    expect(pageList(18, 20)).toEqual([1, 2, "gap", 16, 17, 18, 19, 20]);
  });
  test("a gap hiding one page shows that page instead", () => {
    expect(pageList(6, 20)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, "gap", 19, 20]);
    expect(pageList(5, 10)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(pageList(5, 11)).toEqual([1, 2, 3, 4, 5, 6, 7, "gap", 10, 11]);
  });
  test("an out-of-range or odd current page is clamped", () => {
    expect(pageList(99, 12)).toEqual(pageList(12, 12));
    expect(pageList(0, 12)).toEqual(pageList(1, 12));
    expect(pageList(Number.NaN, 12)).toEqual(pageList(1, 12));
  });
  test("other margins and ranges", () => {
    expect(pageList(5, 9, { margin: 1, range: 3 })).toEqual([1, "gap", 4, 5, 6, "gap", 9]);
  });
});
