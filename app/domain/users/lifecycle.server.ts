/**
 * A staff account's life (docs/behaviour.md §users): role changes,
 * deactivation, reactivation and deletion, for Administrators. The rules:
 * nobody changes their own role, deactivates or deletes themselves, and the
 * last active Administrator can be neither demoted, deactivated nor deleted.
 * A demotion or a deactivation ends the user's sessions; a deletion hands
 * their posts (and media) to the user the Administrator picks.
 */
import { and, count, eq, isNull, ne } from "drizzle-orm";
import { z } from "zod";
import { media, posts, ROLES, type Role, type User, users } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { sendInvitation } from "~/domain/accounts/password-links.server";
import { endUserSessions } from "~/domain/accounts/sessions.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, DomainError, forbidden, notFound, parseInput } from "~/domain/errors.server";
import { versionStamp } from "~/domain/workflow/versions.server";
import { type Db, getDb } from "~/platform/db.server";
import { IMPORTED_DOMAIN, NO_PASSWORD } from "./imported";

const Uid = z.string({ error: "uid is required" }).trim().min(1, "uid is required").max(100);

function assertAdministrator(actor: SessionUser) {
  if (!can(actor.role, "manageSite")) throw forbidden("Only an Administrator can manage users");
}

function rowByUid(db: Db, uid: string): User {
  const row = db.select().from(users).where(eq(users.uid, uid)).get();
  if (!row) throw notFound("User not found");
  return row;
}

/** True when `row` is the only active Administrator. */
export function isLastAdministrator(row: User, db: Db = getDb()): boolean {
  if (row.role !== "Administrator" || row.deactivatedAt) return false;
  const others = db
    .select({ n: count() })
    .from(users)
    .where(and(eq(users.role, "Administrator"), isNull(users.deactivatedAt), ne(users.id, row.id)))
    .get();
  return (others?.n ?? 0) === 0;
}

function refuseLastAdministrator(row: User, what: string, db: Db) {
  if (isLastAdministrator(row, db)) {
    throw new DomainError(
      409,
      `${row.name} is the last active Administrator and cannot be ${what}`,
    );
  }
}

/** A lower role has fewer capabilities: later in ROLES. */
function isDemotion(from: Role, to: Role): boolean {
  return ROLES.indexOf(to) > ROLES.indexOf(from);
}

const RoleInput = z.object({
  uid: Uid,
  role: z.enum(ROLES, { error: `Role must be one of ${ROLES.join(", ")}` }),
});

/**
 * Changes a user's role (applies on their next request). A demotion ends
 * their sessions, so they sign in again under the new role.
 */
export function changeRole(actor: SessionUser, input: unknown, db: Db = getDb()): User {
  assertAdministrator(actor);
  const { uid, role } = parseInput(RoleInput, input);
  if (actor.uid === uid) throw badRequest("You cannot change your own role");
  return db.transaction(() => {
    const row = rowByUid(db, uid);
    if (row.role === role) return row;
    if (role !== "Administrator") refuseLastAdministrator(row, "demoted", db);
    const updated = db
      .update(users)
      .set({ role, timestamp: new Date(), ...versionStamp(actor, row) })
      .where(eq(users.id, row.id))
      .returning()
      .get();
    if (!updated) throw notFound("User not found");
    if (isDemotion(row.role, role)) endUserSessions(row.id, undefined, db);
    recordAudit(db, {
      action: "role-changed",
      actor,
      targetType: "user",
      targetId: row.uid,
      summary: `${row.name}: ${row.role} → ${role}`,
      address: actor.address,
    });
    return updated;
  });
}

/** Deactivates an account: it cannot sign in or use its key; its sessions end; posts stay. */
export function deactivateUser(actor: SessionUser, uid: unknown, db: Db = getDb()): User {
  assertAdministrator(actor);
  const id = parseInput(Uid, uid);
  if (actor.uid === id) throw badRequest("You cannot deactivate your own account");
  return db.transaction(() => {
    const row = rowByUid(db, id);
    if (row.deactivatedAt) return row;
    refuseLastAdministrator(row, "deactivated", db);
    const updated = db
      .update(users)
      .set({ deactivatedAt: new Date(), timestamp: new Date() })
      .where(eq(users.id, row.id))
      .returning()
      .get() as User;
    endUserSessions(row.id, undefined, db);
    recordAudit(db, {
      action: "user-deactivated",
      actor,
      targetType: "user",
      targetId: row.uid,
      summary: row.name,
      address: actor.address,
    });
    return updated;
  });
}

export function reactivateUser(actor: SessionUser, uid: unknown, db: Db = getDb()): User {
  assertAdministrator(actor);
  const id = parseInput(Uid, uid);
  return db.transaction(() => {
    const row = rowByUid(db, id);
    if (!row.deactivatedAt) return row;
    const updated = db
      .update(users)
      .set({ deactivatedAt: null, timestamp: new Date() })
      .where(eq(users.id, row.id))
      .returning()
      .get() as User;
    recordAudit(db, {
      action: "user-reactivated",
      actor,
      targetType: "user",
      targetId: row.uid,
      summary: row.name,
      address: actor.address,
    });
    return updated;
  });
}

/**
 * Edit User's "Send an invitation": a set-password link valid 7 days. An
 * account deactivated only because it was imported without a password
 * (decision 114) is reactivated with it; one an Administrator deactivated is
 * refused (reactivate it first). An address the import made up cannot receive it.
 */
export async function inviteUser(actor: SessionUser, uid: unknown, db: Db = getDb()) {
  assertAdministrator(actor);
  const id = parseInput(Uid, uid);
  const row = rowByUid(db, id);
  if (row.email.endsWith(`@${IMPORTED_DOMAIN}`)) {
    throw badRequest(`Give ${row.name} their real e-mail address first`);
  }
  if (row.deactivatedAt) {
    if (row.passwordHash !== NO_PASSWORD) throw badRequest("Reactivate the account first");
    reactivateUser(actor, id, db);
  }
  await sendInvitation(actor, id, db);
}

const DeleteInput = z.object({
  uid: Uid,
  /** Who receives the posts and media; absent keeps them under the staff byline. */
  reassignTo: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.string({ error: "reassignTo must be a uid" }).trim().max(100).optional(),
  ),
});

/**
 * Deletes an account (never your own, never the last active Administrator).
 * Its posts and media go to `reassignTo` when given.
 */
export function deleteUserAccount(
  actor: SessionUser,
  input: unknown,
  db: Db = getDb(),
): { uid: string; postsReassigned: number } {
  assertAdministrator(actor);
  const { uid, reassignTo } = parseInput(DeleteInput, input);
  if (actor.uid === uid) throw badRequest("You cannot delete your own account");
  return db.transaction(() => {
    const row = rowByUid(db, uid);
    refuseLastAdministrator(row, "deleted", db);
    let moved = 0;
    let heir: User | null = null;
    if (reassignTo) {
      if (reassignTo === uid) throw badRequest("Choose another user to receive the posts");
      heir = db.select().from(users).where(eq(users.uid, reassignTo)).get() ?? null;
      if (!heir) throw badRequest("The user chosen to receive the posts does not exist");
      moved = db
        .update(posts)
        .set({ authorId: heir.id })
        .where(eq(posts.authorId, row.id))
        .run().changes;
      db.update(media).set({ authorId: heir.id }).where(eq(media.authorId, row.id)).run();
    }
    // Posts left without an author keep showing the name they were published under.
    db.update(posts).set({ keptAuthorName: row.name }).where(eq(posts.authorId, row.id)).run();
    db.delete(users).where(eq(users.id, row.id)).run();
    recordAudit(db, {
      action: "user-deleted",
      actor,
      targetType: "user",
      targetId: row.uid,
      summary: heir ? `${row.name} (${moved} posts to ${heir.name})` : row.name,
      address: actor.address,
    });
    return { uid: row.uid, postsReassigned: moved };
  });
}
