/**
 * Counts failures per key in a fixed window, in memory (one process by
 * design). Used to slow down password guessing per account and per address.
 */
export class FailureLimiter {
  private readonly buckets = new Map<string, { failures: number; resetAt: number }>();

  constructor(
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    const bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) return 0;
    return bucket.failures >= this.maxFailures ? Math.ceil((bucket.resetAt - now) / 1000) : 0;
  }

  fail(key: string, now = Date.now()): void {
    const bucket = this.buckets.get(key);
    if (!bucket || bucket.resetAt <= now) {
      this.buckets.set(key, { failures: 1, resetAt: now + this.windowMs });
    } else {
      bucket.failures += 1;
    }
    if (this.buckets.size > 10_000) this.sweep(now);
  }

  reset(key: string): void {
    this.buckets.delete(key);
  }

  clear(): void {
    this.buckets.clear();
  }

  private sweep(now: number) {
    for (const [key, bucket] of this.buckets) if (bucket.resetAt <= now) this.buckets.delete(key);
  }
}
