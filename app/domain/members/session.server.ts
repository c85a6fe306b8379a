/**
 * Members' sessions (docs/members.md "Signing in", docs/decisions/340-member-session-cookie.md):
 * separate from staff sessions. The `inkwell_member` cookie holds a random token, the
 * `member_sessions` table only its SHA-256. A session ends at sign-out, when the member
 * signs out everywhere or is deleted, or 30 days after it was last used (sliding: the
 * cookie is sent again when the session is touched, at most once a day).
 */
import { and, eq, lt, ne } from "drizzle-orm";
import { memberSessions, subscribers } from "#db/schema";
import { hashToken, randomToken } from "~/domain/accounts/tokens.server";
import { unauthorized } from "~/domain/errors.server";
import { type Db, getDb } from "~/platform/db.server";
import { cookiesAreSecure, readEnv } from "~/platform/env.server";

export const MEMBER_COOKIE = "inkwell_member";
export const MEMBER_SESSION_MS = 30 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` (and the cookie) is renewed at most this often. */
const RENEW_EVERY_MS = 24 * 60 * 60 * 1000;

export type Member = {
  /** subscribers.id */
  id: number;
  uid: string;
  email: string;
  name: string;
  memberSince: number;
};

export type MemberDevice = { userAgent: string; address: string };

/** What one request's member cookie resolved to (getMember is called by several loaders). */
type Resolved = { member: Member | null; sessionId: number | null; renewed: boolean };
const perRequest = new WeakMap<Request, Resolved>();

/** The raw token of the member cookie, or "" when there is none. */
export function memberToken(request: Request): string {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${MEMBER_COOKIE}=`)) return "";
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === MEMBER_COOKIE) return part.slice(eq + 1).trim();
  }
  return "";
}

function resolve(request: Request, db: Db, now: number): Resolved {
  const cached = perRequest.get(request);
  if (cached) return cached;
  const token = memberToken(request);
  let resolved: Resolved = { member: null, sessionId: null, renewed: false };
  if (token && token.length <= 200) {
    const row = db
      .select({
        sessionId: memberSessions.id,
        lastSeenAt: memberSessions.lastSeenAt,
        id: subscribers.id,
        uid: subscribers.uid,
        email: subscribers.email,
        name: subscribers.name,
        memberSince: subscribers.memberSince,
      })
      .from(memberSessions)
      .innerJoin(subscribers, eq(subscribers.id, memberSessions.subscriberId))
      .where(eq(memberSessions.tokenHash, hashToken(token)))
      .get();
    if (row && row.lastSeenAt + MEMBER_SESSION_MS <= now) {
      db.delete(memberSessions).where(eq(memberSessions.id, row.sessionId)).run();
    } else if (row && row.memberSince !== null) {
      const renewed = now - row.lastSeenAt >= RENEW_EVERY_MS;
      if (renewed) {
        db.update(memberSessions)
          .set({ lastSeenAt: now })
          .where(eq(memberSessions.id, row.sessionId))
          .run();
      }
      const { sessionId, lastSeenAt: _seen, memberSince, ...rest } = row;
      resolved = { member: { ...rest, memberSince }, sessionId, renewed };
    }
  }
  perRequest.set(request, resolved);
  return resolved;
}

/**
 * The signed-in member of `request`, or null: one lookup on the unique token index, none
 * without the cookie, remembered for the rest of the request.
 */
export function getMember(request: Request, db: Db = getDb()): Member | null {
  return resolve(request, db, Date.now()).member;
}

/** The signed-in member, or a 401 DomainError (pages send the reader to sign in instead). */
export function requireMember(request: Request, db: Db = getDb()): Member {
  const member = getMember(request, db);
  if (!member) throw unauthorized("Sign in to your account first");
  return member;
}

/** The id of the request's member session (to sign out everywhere else), or null. */
export function memberSessionId(request: Request, db: Db = getDb()): number | null {
  return resolve(request, db, Date.now()).sessionId;
}

/** A Set-Cookie renewing the member cookie when this request moved the session on, else null. */
export function renewedMemberCookie(request: Request): string | null {
  const resolved = perRequest.get(request);
  return resolved?.renewed ? memberCookie(memberToken(request)) : null;
}

/** The Set-Cookie of a member session token (HttpOnly, SameSite=Lax, Secure over https). */
export function memberCookie(token: string, maxAgeMs = MEMBER_SESSION_MS): string {
  const parts = [
    `${MEMBER_COOKIE}=${token}`,
    "Path=/",
    `Max-Age=${Math.floor(maxAgeMs / 1000)}`,
    "HttpOnly",
    "SameSite=Lax",
  ];
  if (cookiesAreSecure(readEnv())) parts.push("Secure");
  return parts.join("; ");
}

/** The Set-Cookie that removes the member cookie. */
export const clearedMemberCookie = () => memberCookie("", 0);

/** Starts a session for subscriber `subscriberId`; answers the cookie's token (never stored). */
export function createMemberSession(
  subscriberId: number,
  device: MemberDevice,
  db: Db = getDb(),
  now = Date.now(),
): string {
  const token = randomToken();
  db.insert(memberSessions)
    .values({
      tokenHash: hashToken(token),
      subscriberId,
      createdAt: now,
      lastSeenAt: now,
      userAgent: device.userAgent.slice(0, 300),
      address: device.address.slice(0, 100),
    })
    .run();
  return token;
}

/** Ends the request's own session (sign out). */
export function endMemberSession(request: Request, db: Db = getDb()): void {
  const token = memberToken(request);
  if (token)
    db.delete(memberSessions)
      .where(eq(memberSessions.tokenHash, hashToken(token)))
      .run();
  perRequest.delete(request);
}

/** Ends every session of the member (sign out everywhere); answers how many ended. */
export function endAllMemberSessions(subscriberId: number, db: Db = getDb()): number {
  return db.delete(memberSessions).where(eq(memberSessions.subscriberId, subscriberId)).run()
    .changes;
}

/** Ends the member's sessions but `keepId` (after an address change). */
export function endOtherMemberSessions(subscriberId: number, keepId: number, db: Db = getDb()) {
  db.delete(memberSessions)
    .where(and(eq(memberSessions.subscriberId, subscriberId), ne(memberSessions.id, keepId)))
    .run();
}

/** Deletes expired sessions (they are refused anyway). */
export function sweepMemberSessions(db: Db = getDb(), now = Date.now()): void {
  db.delete(memberSessions)
    .where(lt(memberSessions.lastSeenAt, now - MEMBER_SESSION_MS))
    .run();
}
