/**
 * Set-password links (docs/behaviour.md §access): "Forgot password?" sends a
 * reset link valid 1 hour; Add User can send an invitation valid 7 days.
 * The token is random, only its hash is stored, it works once, and a newer
 * link voids the older ones. Setting the password ends every session of the
 * user. The answer to a reset request is the same whether or not the address
 * belongs to anyone.
 */
import { and, eq, gt, isNull } from "drizzle-orm";
import { z } from "zod";
import { passwordTokens, users } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, forbidden, notFound, parseInput } from "~/domain/errors.server";
import { type Db, getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { createMailTransport } from "~/platform/mail.server";
import { passwordStrength } from "~/utils/password";
import { emailField } from "~/utils/validation";
import { recordAccountAttempt, setUserPassword } from "./passwords.server";
import { hashToken, randomToken } from "./tokens.server";

export const RESET_TTL_MS = 60 * 60 * 1000;
export const INVITE_TTL_MS = 7 * 24 * 60 * 60 * 1000;
export const INVALID_LINK = "This link is invalid, used or expired. Ask for a new one.";
export const WEAK_PASSWORD =
  "Choose a stronger password: at least 6 characters with a letter and a digit";

type Purpose = "reset" | "invite";

/** Issues a link for `userId` (voiding its older ones); returns the token for the mail. */
function issueToken(db: Db, userId: number, purpose: Purpose): string {
  const token = randomToken();
  const now = Date.now();
  db.transaction(() => {
    db.delete(passwordTokens).where(eq(passwordTokens.userId, userId)).run();
    db.insert(passwordTokens)
      .values({
        userId,
        tokenHash: hashToken(token),
        purpose,
        createdAt: new Date(now),
        expiresAt: new Date(now + (purpose === "reset" ? RESET_TTL_MS : INVITE_TTL_MS)),
      })
      .run();
  });
  return token;
}

function linkFor(token: string): string {
  return `${readEnv().publicUrl}/admin/reset-password?token=${encodeURIComponent(token)}`;
}

async function sendLink(to: string, subject: string, text: string) {
  const env = readEnv();
  const transport = createMailTransport(env);
  try {
    await transport.send(
      { from: env.mailFrom, to, subject, text },
      `account-${Date.now()}-${randomToken(6)}`,
    );
  } finally {
    transport.close();
  }
}

const ForgotSchema = z.object({ email: emailField("Email is required") });

/**
 * "Forgot password?": mails a reset link to a known, active account; does
 * nothing visible otherwise (the caller shows the same answer either way).
 */
export async function requestPasswordReset(input: unknown, address = "", db: Db = getDb()) {
  const { email } = parseInput(ForgotSchema, input);
  const row = db.select().from(users).where(eq(users.email, email)).get();
  recordAccountAttempt(db, "password-reset-requested", row, address);
  if (!row || row.deactivatedAt) return;
  const token = issueToken(db, row.id, "reset");
  const site = readEnv().publicUrl;
  await sendLink(
    row.email,
    "Reset your password",
    `Hello ${row.name},\n\nSomeone asked to reset the password of your account on ${site}.\n` +
      `To choose a new password, open this link within one hour:\n\n${linkFor(token)}\n\n` +
      "The link works once. If you did not ask for it, ignore this message: your password stays as it is.\n",
  );
}

/** Add User's "send an invitation": a set-password link valid 7 days (Administrators). */
export async function sendInvitation(actor: SessionUser, uid: string, db: Db = getDb()) {
  if (!can(actor.role, "manageSite")) throw forbidden("Only an Administrator can invite users");
  const row = db.select().from(users).where(eq(users.uid, uid)).get();
  if (!row) throw notFound("User not found");
  const token = issueToken(db, row.id, "invite");
  recordAudit(db, {
    action: "invitation-sent",
    actor,
    targetType: "user",
    targetId: row.uid,
    summary: row.name,
    address: actor.address,
  });
  const site = readEnv().publicUrl;
  await sendLink(
    row.email,
    "You are invited to the newsroom",
    `Hello ${row.name},\n\n${actor.name} added you as ${row.role} on ${site}.\n` +
      `Choose your password with this link (valid for 7 days, usable once):\n\n${linkFor(token)}\n`,
  );
}

function liveToken(db: Db, token: unknown) {
  if (typeof token !== "string" || token === "" || token.length > 200) return null;
  return (
    db
      .select({ token: passwordTokens, user: users })
      .from(passwordTokens)
      .innerJoin(users, eq(users.id, passwordTokens.userId))
      .where(
        and(
          eq(passwordTokens.tokenHash, hashToken(token)),
          isNull(passwordTokens.usedAt),
          gt(passwordTokens.expiresAt, new Date()),
        ),
      )
      .get() ?? null
  );
}

/** Whom a link is for (its name and purpose), or 400 when it is no longer good. */
export function checkPasswordLink(token: unknown, db: Db = getDb()) {
  const found = liveToken(db, token);
  if (!found || found.user.deactivatedAt) throw badRequest(INVALID_LINK);
  return { name: found.user.name, email: found.user.email, purpose: found.token.purpose };
}

const ResetSchema = z
  .object({
    token: z.string().max(200),
    password: z.string({ error: "Password is required" }).min(1, "Password is required").max(1024),
    confirmPassword: z.string({ error: "Please confirm the password" }),
  })
  .refine((v) => v.password === v.confirmPassword, { message: "Passwords do not match" });

/** Sets the password from a link: once only, and every session of the user ends. */
export function resetPasswordWithLink(input: unknown, address = "", db: Db = getDb()): void {
  const values = parseInput(ResetSchema, input);
  if (passwordStrength(values.password) === "Weak") throw badRequest(WEAK_PASSWORD);
  db.transaction(() => {
    const found = liveToken(db, values.token);
    if (!found || found.user.deactivatedAt) throw badRequest(INVALID_LINK);
    const { user, token } = found;
    db.update(passwordTokens)
      .set({ usedAt: new Date() })
      .where(eq(passwordTokens.id, token.id))
      .run();
    setUserPassword(db, user, values.password, {
      action: "password-reset",
      actor: { id: user.id, name: user.name },
      summary: token.purpose === "invite" ? "invitation accepted" : "",
      address,
    });
  });
}
