import { relative } from "node:path";
import type { FullResult, Reporter, TestCase, TestResult } from "@playwright/test/reporter";

/**
 * Retries are allowed in CI so one slow moment does not sink a run, but they
 * must not hide a flaky suite: every test that passed only on a retry is
 * listed at the end, and the run fails when more than `MAX_RETRIED` did
 * (docs/testing.md §Speed and CI).
 */
export const MAX_RETRIED = 2;

export default class RetryReporter implements Reporter {
  private readonly retried = new Map<string, string>();

  onTestEnd(test: TestCase, result: TestResult) {
    if (result.retry === 0) return;
    const where = `${relative(process.cwd(), test.location.file)}:${test.location.line}`;
    const name = `[${test.parent.project()?.name ?? "?"}] ${where} ${test.title}`;
    this.retried.set(test.id, `${name} (${result.status} on retry ${result.retry})`);
  }

  async onEnd(result: FullResult): Promise<{ status: FullResult["status"] } | undefined> {
    if (this.retried.size === 0) return undefined;
    console.log(`\n${this.retried.size} test(s) needed a retry:`);
    for (const line of this.retried.values()) console.log(`  retried: ${line}`);
    if (this.retried.size > MAX_RETRIED && result.status === "passed") {
      console.log(`More than ${MAX_RETRIED} tests needed a retry: the run fails.`);
      return { status: "failed" };
    }
    return undefined;
  }
}
