/**
 * A user's password is set one way, whoever sets it (a set-password link,
 * Users › Edit or My Profile, `npm run admin:password`; docs/behaviour.md
 * §access): the new hash, every session of the user ended (except the one the
 * actor keeps working in), and the audit entry, in one transaction.
 */
import { eq } from "drizzle-orm";
import { type User, users } from "#db/schema";
import { hashPassword } from "~/domain/access/password.server";
import { type AuditEvent, recordAudit } from "~/domain/audit/audit.server";
import type { Db } from "~/platform/db.server";
import { endUserSessions } from "./sessions.server";

export type PasswordSet = Pick<AuditEvent, "actor" | "summary" | "address"> & {
  action: "password-reset" | "password-changed";
  /** The actor's own session, kept when they change their own password. */
  keepSessionId?: number;
};

export function setUserPassword(
  db: Db,
  user: Pick<User, "id" | "uid">,
  password: string,
  { keepSessionId, ...audit }: PasswordSet,
): void {
  db.transaction(() => {
    db.update(users)
      .set({ passwordHash: hashPassword(password), timestamp: new Date() })
      .where(eq(users.id, user.id))
      .run();
    endUserSessions(user.id, keepSessionId, db);
    recordAudit(db, { ...audit, targetType: "user", targetId: user.uid });
  });
}

/**
 * The audit entry of an anonymous attempt on an account (a sign-in, a reset
 * request): the account when the address is one, else "unknown address".
 */
export function recordAccountAttempt(
  db: Db,
  action: AuditEvent["action"],
  row: Pick<User, "id" | "uid" | "name"> | undefined,
  address: string,
  summary = row ? "" : "unknown address",
): void {
  recordAudit(db, {
    action,
    actor: row ? { id: row.id, name: row.name } : null,
    targetType: "user",
    targetId: row?.uid ?? "",
    summary,
    address,
  });
}
