/**
 * `npm run admin:password -- EMAIL` (scripts/admin-password.mjs): a new
 * password for a staff account, from the command line, for an operator who
 * lost the first one. No actor: whoever runs it on the server already holds
 * the data folder. Like every reset it ends the account's sessions and is
 * written to the audit log (`setUserPassword`).
 */
import { eq, sql } from "drizzle-orm";
import { users } from "#db/schema";
import { setUserPassword } from "~/domain/accounts/passwords.server";
import { badRequest, DomainError, notFound } from "~/domain/errors.server";
import {
  MAX_PASSWORD_LENGTH,
  MIN_PASSWORD_LENGTH,
  PASSWORD_TOO_SHORT,
} from "~/domain/users/users.server";
import { type Db, getDb } from "~/platform/db.server";
import { generatePassword } from "~/utils/password";

export type PasswordReset = { email: string; role: string; password: string; generated: boolean };

/** The audit summary of a reset from the command line. */
export const COMMAND_LINE_RESET = "from the command line (npm run admin:password)";

/**
 * Sets the password of the staff account with `email` (any case): `password`
 * when given (at least 8 characters), else a generated one, returned once.
 * 404 for an unknown address, 403 for a Subscriber account (not staff).
 */
export function setStaffPassword(
  email: string,
  password?: string,
  db: Db = getDb(),
): PasswordReset {
  const address = email.trim().toLowerCase();
  if (address === "") throw badRequest("Give the account's e-mail address");
  const user = db
    .select()
    .from(users)
    .where(eq(sql`lower(${users.email})`, address))
    .get();
  if (!user) throw notFound(`No account has the e-mail address ${address}`);
  if (user.role === "Subscriber") {
    throw new DomainError(403, `${user.email} is a Subscriber account, not a staff account`);
  }
  const generated = password === undefined || password === "";
  const next = generated ? generatePassword(16) : password;
  if (next.length < MIN_PASSWORD_LENGTH) throw badRequest(PASSWORD_TOO_SHORT);
  if (next.length > MAX_PASSWORD_LENGTH) throw badRequest("Password is too long");
  setUserPassword(db, user, next, {
    action: "password-reset",
    actor: null,
    summary: COMMAND_LINE_RESET,
  });
  return { email: user.email, role: user.role, password: next, generated };
}
