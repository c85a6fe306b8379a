import { describe, expect, it } from "vitest";
import { scrollStops } from "~/components/carousel";

describe("carousel scroll stops", () => {
  it("gives the last items that fit on the screen one shared stop", () => {
    // Eight 240 px cards 16 px apart, four on a 1,008 px screen: the row scrolls 1,024 px.
    const starts = [0, 1, 2, 3, 4, 5, 6, 7].map((i) => i * 256);
    expect(scrollStops(starts, 8 * 256 - 16 - 1008)).toEqual([0, 256, 512, 768, 1024]);
  });

  it("keeps one stop per item when each card is wider than half the screen", () => {
    const starts = [0, 1, 2].map((i) => i * 316);
    expect(scrollStops(starts, 3 * 316 - 16 - 375)).toEqual([0, 316, 557]);
  });

  it("has a single stop when every card fits", () => {
    expect(scrollStops([0, 256], 0)).toEqual([0]);
    expect(scrollStops([], 0)).toEqual([0]);
  });
});
