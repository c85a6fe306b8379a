/**
 * A member's signed-in session (docs/members.md): the `inkwell_member` cookie holds a random
 * token; only its SHA-256 is stored, in member_sessions. A session counts only while its
 * subscriber is a member (member_since set).
 */
import { createHash } from "node:crypto";
import { and, eq, isNotNull } from "drizzle-orm";
import { memberSessions, subscribers } from "#db/schema";
import { type Db, getDb } from "~/platform/db.server";

const MEMBER_COOKIE = "inkwell_member";

export type Member = { id: number; uid: string; email: string; name: string; memberSince: number };

function tokenFrom(header: string | null): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eqAt = part.indexOf("=");
    if (eqAt > 0 && part.slice(0, eqAt).trim() === MEMBER_COOKIE) {
      const raw = part.slice(eqAt + 1).trim();
      try {
        return decodeURIComponent(raw);
      } catch {
        return raw;
      }
    }
  }
  return undefined;
}

/** The member signed in on this request, or null. */
export function getMember(request: Request, db: Db = getDb()): Member | null {
  const token = tokenFrom(request.headers.get("Cookie"));
  if (!token) return null;
  const tokenHash = createHash("sha256").update(token).digest("hex");
  const row = db
    .select({
      id: subscribers.id,
      uid: subscribers.uid,
      email: subscribers.email,
      name: subscribers.name,
      memberSince: subscribers.memberSince,
    })
    .from(memberSessions)
    .innerJoin(subscribers, eq(subscribers.id, memberSessions.subscriberId))
    .where(and(eq(memberSessions.tokenHash, tokenHash), isNotNull(subscribers.memberSince)))
    .get();
  return row && row.memberSince !== null ? { ...row, memberSince: row.memberSince } : null;
}
