/**
 * Content API tokens at the door of the JSON API (docs/integrations.md "Content API tokens").
 * A call carrying `Authorization: Bearer <token>` is let through only when the token is live,
 * the call is a `GET` of a route that reads published content (the route opts in through
 * `apiHandler`'s `contentToken`), and the token is under its own rate limit. Anything else is
 * refused: 401 for an unknown or revoked token, 403 for a live token on any other call, 429
 * over the limit. Calls without a bearer token are not touched (staff keys go in `key`).
 */

import { RateLimitedError } from "~/domain/errors.server";
import {
  type ContentTokenRow,
  findLiveToken,
  originsOf,
  someTokenAllows,
  touchToken,
} from "~/domain/integrations/content-tokens.server";
import { getDb } from "~/platform/db.server";
import { FailureLimiter, waitText } from "~/platform/rate-limit.server";
import { addressOf } from "~/web/client-address.server";
import { checkLimit, countAttempt, LIMITS } from "~/web/limits.server";

/** Calls per token per minute (docs/decisions/326-content-token-rate-limit.md). */
export const TOKEN_CALLS_PER_MINUTE = 300;
export const tokenCalls = new FailureLimiter("content-token", TOKEN_CALLS_PER_MINUTE, 60 * 1000);

const BEARER = /^Bearer\s+(\S+)\s*$/i;

/** The bearer token of the request, or null when it has none. */
export function bearerOf(request: Request): string | null {
  return BEARER.exec(request.headers.get("Authorization") ?? "")?.[1] ?? null;
}

function refusal(status: 401 | 403, message: string): Response {
  const headers: Record<string, string> = {};
  if (status === 401) headers["WWW-Authenticate"] = 'Bearer realm="content-api"';
  return Response.json({ type: "error", message }, { status, headers });
}

/**
 * Admits a request carrying a bearer token, or throws the refusal (a Response, or a 429).
 * Returns the token, or null when the request carries none.
 */
export function admitContentToken(request: Request, readsContent: boolean): ContentTokenRow | null {
  const token = bearerOf(request);
  if (token === null) return null;
  const db = getDb();
  const row = findLiveToken(db, token);
  if (!row) {
    // Guessing is limited per address, as wrong staff keys are.
    const address = addressOf(request);
    checkLimit(LIMITS.apiKey, address, "Too many calls with a wrong token.");
    countAttempt(LIMITS.apiKey, address);
    throw refusal(401, "Invalid or revoked Content API token");
  }
  const method = request.method.toUpperCase();
  if (!readsContent || (method !== "GET" && method !== "HEAD")) {
    throw refusal(
      403,
      "A Content API token only reads published content: GET the post lists, post detail and search",
    );
  }
  // The token's own limit applies whatever Settings says about rate limiting.
  const wait = tokenCalls.retryAfter(row.uid);
  if (wait > 0) {
    throw new RateLimitedError(
      `Too many calls with this token. Try again in ${waitText(wait)}.`,
      wait,
    );
  }
  tokenCalls.fail(row.uid);
  touchToken(db, row);
  return row;
}

/** The origins CORS allows on this answer besides the configured ones: the token's. */
export function tokenOrigins(row: ContentTokenRow | null): string[] {
  return row ? originsOf(row) : [];
}

/** A preflight carries no token: an origin is allowed on a content route when a live token lists it. */
export function preflightOriginAllowed(origin: string): boolean {
  return someTokenAllows(getDb(), origin);
}
