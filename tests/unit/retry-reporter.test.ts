import type { FullResult, TestCase, TestResult } from "@playwright/test/reporter";
import { afterEach, describe, expect, it, vi } from "vitest";
import RetryReporter, { MAX_RETRIED } from "../e2e/retry-reporter";

const passed = { status: "passed" } as FullResult;
const test = (n: number) =>
  ({
    id: `t${n}`,
    title: `test ${n}`,
    location: { file: `${process.cwd()}/tests/e2e/x.spec.ts`, line: n, column: 1 },
    parent: { project: () => ({ name: "js" }) },
  }) as unknown as TestCase;
const attempt = (retry: number) => ({ retry, status: "passed" }) as TestResult;

describe("the e2e retry reporter", () => {
  afterEach(() => vi.restoreAllMocks());

  it("lists every test that needed a retry and fails the run past the allowance", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    const reporter = new RetryReporter();
    for (let n = 1; n <= MAX_RETRIED + 1; n++) {
      reporter.onTestEnd(test(n), attempt(0));
      reporter.onTestEnd(test(n), attempt(1));
    }
    expect(await reporter.onEnd(passed)).toEqual({ status: "failed" });
    expect(lines.filter((l) => l.includes("retried: [js] tests/e2e/x.spec.ts"))).toHaveLength(3);
  });

  it("keeps a run that needed no more than the allowance, and says which", async () => {
    const lines: string[] = [];
    vi.spyOn(console, "log").mockImplementation((line: string) => void lines.push(line));
    const reporter = new RetryReporter();
    reporter.onTestEnd(test(1), attempt(0));
    reporter.onTestEnd(test(2), attempt(1));
    expect(await reporter.onEnd(passed)).toBeUndefined();
    expect(lines.join("\n")).toContain("1 test(s) needed a retry");
  });
});
