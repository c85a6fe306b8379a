/**
 * Counts failures per key in a fixed window, in SQLite (`rate_limits`), so a
 * restart does not reset a lockout (docs/behaviour.md §access). Each limiter
 * has a name; its keys are stored as `name:key`.
 */
import { and, eq, like, lte } from "drizzle-orm";
import { rateLimits } from "#db/schema";
import { getDb } from "~/platform/db.server";

export class FailureLimiter {
  constructor(
    private readonly name: string,
    private readonly maxFailures: number,
    private readonly windowMs: number,
  ) {}

  private id(key: string) {
    return `${this.name}:${key.slice(0, 300)}`;
  }

  /** Seconds until `key` may try again, or 0 when it may try now. */
  retryAfter(key: string, now = Date.now()): number {
    const row = getDb()
      .select()
      .from(rateLimits)
      .where(eq(rateLimits.key, this.id(key)))
      .get();
    if (!row || row.resetAt <= now) return 0;
    return row.failures >= this.maxFailures ? Math.ceil((row.resetAt - now) / 1000) : 0;
  }

  /** Counts one failure; returns true when this failure reached the limit (a lockout). */
  fail(key: string, now = Date.now()): boolean {
    const db = getDb();
    const id = this.id(key);
    return db.transaction(() => {
      const row = db.select().from(rateLimits).where(eq(rateLimits.key, id)).get();
      const failures = !row || row.resetAt <= now ? 1 : row.failures + 1;
      const resetAt = !row || row.resetAt <= now ? now + this.windowMs : row.resetAt;
      db.insert(rateLimits)
        .values({ key: id, failures, resetAt })
        .onConflictDoUpdate({ target: rateLimits.key, set: { failures, resetAt } })
        .run();
      if (Math.random() < 0.01) db.delete(rateLimits).where(lte(rateLimits.resetAt, now)).run();
      return failures === this.maxFailures;
    });
  }

  reset(key: string): void {
    getDb()
      .delete(rateLimits)
      .where(eq(rateLimits.key, this.id(key)))
      .run();
  }

  /** Forgets every key of this limiter. */
  clear(): void {
    getDb()
      .delete(rateLimits)
      .where(and(like(rateLimits.key, `${this.name}:%`)))
      .run();
  }
}

/** "Try again in N minutes" for a wait in seconds. */
export function waitText(seconds: number): string {
  const minutes = Math.max(1, Math.ceil(seconds / 60));
  return `${minutes} minute${minutes === 1 ? "" : "s"}`;
}
