/**
 * Server-side sessions (docs/behaviour.md §access): the cookie holds a random
 * token, the `sessions` table its hash, the user, when it started and was
 * last used, the browser and the address. A session ends at logout, when
 * revoked from My Profile, 30 days after sign-in or after 7 days unused;
 * a password change or reset, a deactivation or a demotion ends the user's
 * other sessions.
 */
import { and, desc, eq, lt, ne, or } from "drizzle-orm";
import { sessions, type User, users } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { notFound } from "~/domain/errors.server";
import { type Db, getDb } from "~/platform/db.server";
import { hashToken, randomToken } from "./tokens.server";

export const SESSION_MAX_AGE_MS = 30 * 24 * 60 * 60 * 1000;
export const SESSION_IDLE_MS = 7 * 24 * 60 * 60 * 1000;
/** `lastSeenAt` is written at most this often (not on every request). */
const TOUCH_EVERY_MS = 60 * 1000;

export type SessionStage = "full" | "totp" | "enrol";
export type Device = { userAgent: string; address: string };

/** Starts a session for `userId`; returns the token for the cookie (never stored). */
export function createSession(
  userId: number,
  device: Device,
  stage: SessionStage = "full",
  db: Db = getDb(),
): string {
  const token = randomToken();
  const now = new Date();
  db.insert(sessions)
    .values({
      tokenHash: hashToken(token),
      userId,
      stage,
      createdAt: now,
      lastSeenAt: now,
      userAgent: device.userAgent.slice(0, 300),
      address: device.address.slice(0, 100),
    })
    .run();
  return token;
}

export type ActiveSession = { id: number; stage: SessionStage; user: User };

/**
 * The live session of `token` and its (active) user, or null. An expired
 * session, or one of a deactivated user, is deleted on sight.
 */
export function sessionByToken(
  token: string,
  now = Date.now(),
  db: Db = getDb(),
): ActiveSession | null {
  if (!token || token.length > 200) return null;
  const row = db
    .select({ session: sessions, user: users })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(eq(sessions.tokenHash, hashToken(token)))
    .get();
  if (!row) return null;
  const { session, user } = row;
  const expired =
    session.createdAt.getTime() + SESSION_MAX_AGE_MS <= now ||
    session.lastSeenAt.getTime() + SESSION_IDLE_MS <= now;
  if (expired || user.deactivatedAt) {
    db.delete(sessions).where(eq(sessions.id, session.id)).run();
    return null;
  }
  if (now - session.lastSeenAt.getTime() >= TOUCH_EVERY_MS) {
    db.update(sessions)
      .set({ lastSeenAt: new Date(now) })
      .where(eq(sessions.id, session.id))
      .run();
  }
  return { id: session.id, stage: session.stage, user };
}

/** Moves a session to the next sign-in stage (after the code, after enrolment). */
export function setSessionStage(id: number, stage: SessionStage, db: Db = getDb()): void {
  db.update(sessions).set({ stage }).where(eq(sessions.id, id)).run();
}

export function deleteSessionByToken(token: string, db: Db = getDb()): void {
  if (token)
    db.delete(sessions)
      .where(eq(sessions.tokenHash, hashToken(token)))
      .run();
}

/** Ends every session of `userId`, but `exceptId` when given. Returns how many ended. */
export function endUserSessions(userId: number, exceptId?: number, db: Db = getDb()): number {
  const where =
    exceptId === undefined
      ? eq(sessions.userId, userId)
      : and(eq(sessions.userId, userId), ne(sessions.id, exceptId));
  return db.delete(sessions).where(where).run().changes;
}

/** Deletes expired sessions (run now and then; expired ones are refused anyway). */
export function sweepSessions(now = Date.now(), db: Db = getDb()): void {
  db.delete(sessions)
    .where(
      or(
        lt(sessions.createdAt, new Date(now - SESSION_MAX_AGE_MS)),
        lt(sessions.lastSeenAt, new Date(now - SESSION_IDLE_MS)),
      ),
    )
    .run();
}

export type DeviceRow = {
  id: number;
  createdAt: number;
  lastSeenAt: number;
  userAgent: string;
  address: string;
  current: boolean;
};

/** The actor's signed-in devices, most recently used first. */
export function listDevices(actor: SessionUser, currentId: number | null): DeviceRow[] {
  return getDb()
    .select()
    .from(sessions)
    .where(and(eq(sessions.userId, actor.id), eq(sessions.stage, "full")))
    .orderBy(desc(sessions.lastSeenAt), desc(sessions.id))
    .all()
    .map((s) => ({
      id: s.id,
      createdAt: s.createdAt.getTime(),
      lastSeenAt: s.lastSeenAt.getTime(),
      userAgent: s.userAgent,
      address: s.address,
      current: s.id === currentId,
    }));
}

/** Signs one of the actor's own devices out (404 for someone else's). */
export function revokeDevice(actor: SessionUser, id: number): void {
  const result = getDb()
    .delete(sessions)
    .where(and(eq(sessions.id, id), eq(sessions.userId, actor.id)))
    .run();
  if (result.changes === 0) throw notFound("That session has already ended");
}
