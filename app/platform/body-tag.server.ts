/**
 * The strong validator of a body, as the page cache gives it (app/platform/page-cache.server.ts):
 * an answer that makes its own ETag (the cache off, or before the cache keeps it) uses this too,
 * so both agree.
 */
import { createHash } from "node:crypto";

export function bodyTag(body: Buffer | string): string {
  return createHash("sha256").update(body).digest("base64url").slice(0, 32);
}
