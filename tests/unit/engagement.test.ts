import { describe, expect, test } from "vitest";
import { isCountableVisit, nextAvgTime, nextBounceRate } from "~/domain/posts/engagement-rules";

describe("nextBounceRate (docs/behaviour.md §engagement)", () => {
  test("a visit under 15 seconds raises the bounce rate by 5", () => {
    expect(nextBounceRate(40, 0)).toBe(45);
    expect(nextBounceRate(40, 14.9)).toBe(45);
  });
  test("a visit of 15 seconds or more lowers it by 2", () => {
    expect(nextBounceRate(40, 15)).toBe(38);
    expect(nextBounceRate(40, 600)).toBe(38);
  });
  test("stays within 0–100", () => {
    expect(nextBounceRate(98, 3)).toBe(100);
    expect(nextBounceRate(100, 3)).toBe(100);
    expect(nextBounceRate(1, 30)).toBe(0);
    expect(nextBounceRate(0, 30)).toBe(0);
  });
});

describe("nextAvgTime (docs/behaviour.md §engagement)", () => {
  test("a longer visit moves the average to the midpoint", () => {
    expect(nextAvgTime(60, 120)).toBe(90);
    expect(nextAvgTime(0, 45)).toBe(23); // 22.5 rounds up
  });
  test("a visit as long or shorter leaves the average alone", () => {
    expect(nextAvgTime(60, 60)).toBe(60);
    expect(nextAvgTime(60, 5)).toBe(60);
  });
});

describe("isCountableVisit", () => {
  test("counts a plain GET, not a HEAD, a POST, a prefetch or a prerender, from values alone", () => {
    expect(isCountableVisit("GET", [])).toBe(true);
    expect(isCountableVisit("get", [null, undefined, ""])).toBe(true);
    expect(isCountableVisit("HEAD", [])).toBe(false);
    expect(isCountableVisit("POST", [])).toBe(false);
    expect(isCountableVisit("GET", ["prefetch;prerender"])).toBe(false);
    expect(isCountableVisit("GET", [null, "Prefetch"])).toBe(false);
    expect(isCountableVisit("GET", [null, null, null, "prefetch"])).toBe(false);
    expect(isCountableVisit("GET", ["preview"])).toBe(false);
  });
});
