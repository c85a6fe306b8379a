/**
 * The rate limits beyond the password check (docs/behaviour.md §access), all
 * in SQLite so a restart keeps them, all off while Settings › Enable Rate
 * Limiting is off. A refusal is a 429 with `Retry-After`.
 */
import { RateLimitedError } from "~/domain/errors.server";
import { getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { FailureLimiter, waitText } from "~/platform/rate-limit.server";

const QUARTER_HOUR = 15 * 60 * 1000;

export const LIMITS = {
  /** Reset mails asked for, per address and per e-mail. */
  forgotPassword: new FailureLimiter("forgot-password", 5, QUARTER_HOUR),
  /** Set-password attempts with a bad or weak link, per address. */
  resetPassword: new FailureLimiter("reset-password", 10, QUARTER_HOUR),
  /** Wrong authentication codes, per account. */
  totp: new FailureLimiter("totp", 5, QUARTER_HOUR),
  /** Newsletter join and unsubscribe requests, per address. */
  newsletter: new FailureLimiter("newsletter", 30, QUARTER_HOUR),
  /** Calls with an API key that matches nobody, per address. */
  apiKey: new FailureLimiter("api-key", 20, QUARTER_HOUR),
} as const;

export function rateLimitingOn(): boolean {
  return getSettings(getDb()).enableRateLimiting;
}

/** Throws a 429 while `key` is over `limiter`'s limit (when rate limiting is on). */
export function checkLimit(limiter: FailureLimiter, key: string, what: string): void {
  if (!rateLimitingOn()) return;
  const wait = limiter.retryAfter(key);
  if (wait > 0) throw new RateLimitedError(`${what} Try again in ${waitText(wait)}.`, wait);
}

/** Counts one attempt against `key` (when rate limiting is on); true at the lockout. */
export function countAttempt(limiter: FailureLimiter, key: string): boolean {
  return rateLimitingOn() ? limiter.fail(key) : false;
}

/** Newsletter join and unsubscribe: every request counts, per address. */
export function limitNewsletter(address: string): void {
  checkLimit(LIMITS.newsletter, address, "Too many newsletter requests.");
  countAttempt(LIMITS.newsletter, address);
}
