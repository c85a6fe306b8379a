/** WORKERS and the primary's back-off (app/platform/cluster.server.ts). */
import { availableParallelism } from "node:os";
import { describe, expect, test } from "vitest";
import { restartDelay, workerCount } from "~/platform/cluster.server";

describe("workerCount", () => {
  test("unset or 0 is one process without a primary; auto is one per core", () => {
    expect(workerCount(undefined)).toBe(0);
    expect(workerCount("")).toBe(0);
    expect(workerCount("0")).toBe(0);
    expect(workerCount("3")).toBe(3);
    expect(workerCount(" AUTO ")).toBe(availableParallelism());
  });

  test("anything else stops the start with a message", () => {
    for (const bad of ["two", "-1", "1.5", "1000"]) {
      expect(() => workerCount(bad)).toThrow(/WORKERS must be/);
    }
  });
});

test("a worker is replaced at once, then after 1, 2, 4… s while they keep stopping, at most 30 s", () => {
  expect([1, 2, 3, 4, 5].map(restartDelay)).toEqual([0, 1000, 2000, 4000, 8000]);
  expect(restartDelay(20)).toBe(30_000);
});
