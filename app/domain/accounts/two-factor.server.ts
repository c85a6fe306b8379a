/**
 * Two-factor sign-in with an authenticator app (TOTP, RFC 6238; docs/behaviour.md
 * §access). Enrolment stores a secret (encrypted) that turns on only after a
 * correct code; then 10 one-time recovery codes are shown once and stored
 * hashed. Turning it off asks for a current code. Codes are checked with a
 * window of one period either side.
 */
import { generateTOTP, getTOTPAuthUri, verifyTOTP } from "@epic-web/totp";
import { and, count, eq, isNull } from "drizzle-orm";
import QRCode from "qrcode";
import { recoveryCodes, users } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, notFound } from "~/domain/errors.server";
import { type Db, getDb } from "~/platform/db.server";
import { decryptSecret, encryptSecret } from "./secrets.server";
import { hashToken, randomToken } from "./tokens.server";

export const WRONG_CODE = "That code is not right. Enter the current 6-digit code from your app.";
const TOTP = { period: 30, digits: 6, algorithm: "SHA-1" } as const;
export const RECOVERY_CODE_COUNT = 10;

function userRow(db: Db, id: number) {
  const row = db.select().from(users).where(eq(users.id, id)).get();
  if (!row) throw notFound("User not found");
  return row;
}

export function twoFactorEnabled(user: { totpEnabledAt: Date | null }): boolean {
  return Boolean(user.totpEnabledAt);
}

export function twoFactorStatus(actor: SessionUser, db: Db = getDb()) {
  const row = userRow(db, actor.id);
  const left =
    db
      .select({ n: count() })
      .from(recoveryCodes)
      .where(and(eq(recoveryCodes.userId, actor.id), isNull(recoveryCodes.usedAt)))
      .get()?.n ?? 0;
  return { enabled: twoFactorEnabled(row), recoveryCodesLeft: left };
}

/**
 * The pending secret to scan (made on first call, kept until confirmed):
 * the base32 key, the otpauth URI and a QR code as an SVG data URL.
 */
export async function enrolment(actor: SessionUser, siteName: string, db: Db = getDb()) {
  const row = userRow(db, actor.id);
  if (twoFactorEnabled(row)) throw badRequest("Two-factor sign-in is already on");
  let secret = row.totpSecret ? decryptSecret(row.totpSecret) : null;
  if (!secret) {
    secret = (await generateTOTP(TOTP)).secret;
    db.update(users)
      .set({ totpSecret: encryptSecret(secret) })
      .where(eq(users.id, row.id))
      .run();
  }
  const uri = getTOTPAuthUri({ ...TOTP, secret, accountName: row.email, issuer: siteName });
  const svg = await QRCode.toString(uri, { type: "svg", margin: 1, errorCorrectionLevel: "M" });
  return {
    secret,
    uri,
    qr: `data:image/svg+xml;base64,${Buffer.from(svg).toString("base64")}`,
  };
}

async function codeMatches(secret: string, code: string): Promise<boolean> {
  const otp = code.replace(/\s+/g, "");
  if (!/^\d{6}$/.test(otp)) return false;
  return (await verifyTOTP({ otp, secret, ...TOTP, window: 1 })) !== null;
}

/** Turns 2FA on after a correct code; returns the recovery codes (shown once). */
export async function confirmEnrolment(
  actor: SessionUser,
  code: unknown,
  db: Db = getDb(),
): Promise<string[]> {
  const row = userRow(db, actor.id);
  if (twoFactorEnabled(row)) throw badRequest("Two-factor sign-in is already on");
  const secret = row.totpSecret ? decryptSecret(row.totpSecret) : null;
  if (!secret) throw badRequest("Start again: open Enable two-factor");
  if (typeof code !== "string" || !(await codeMatches(secret, code))) throw badRequest(WRONG_CODE);
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, () => formatRecovery(randomToken(8)));
  db.transaction(() => {
    db.update(users).set({ totpEnabledAt: new Date() }).where(eq(users.id, row.id)).run();
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, row.id)).run();
    db.insert(recoveryCodes)
      .values(codes.map((c) => ({ userId: row.id, codeHash: hashRecovery(c) })))
      .run();
    recordAudit(db, {
      action: "2fa-enabled",
      actor,
      targetType: "user",
      targetId: row.uid,
      address: actor.address,
    });
  });
  return codes;
}

/** ten lowercase letters/digits as xxxxx-xxxxx */
function formatRecovery(raw: string): string {
  const clean = raw
    .toLowerCase()
    .replace(/[^a-z0-9]/g, "")
    .padEnd(10, "0")
    .slice(0, 10);
  return `${clean.slice(0, 5)}-${clean.slice(5)}`;
}

function hashRecovery(code: string): string {
  return hashToken(
    `recovery:${code
      .trim()
      .toLowerCase()
      .replace(/[^a-z0-9]/g, "")}`,
  );
}

/**
 * Checks a sign-in code for `userId`: a current TOTP code, or an unused
 * recovery code (then spent). Returns how it matched, or null.
 */
export async function checkSecondFactor(
  userId: number,
  code: unknown,
  db: Db = getDb(),
): Promise<"totp" | "recovery" | null> {
  if (typeof code !== "string" || code.trim() === "" || code.length > 64) return null;
  const row = userRow(db, userId);
  const secret = row.totpSecret ? decryptSecret(row.totpSecret) : null;
  if (!twoFactorEnabled(row) || !secret) return null;
  if (await codeMatches(secret, code)) return "totp";
  const spent = db
    .update(recoveryCodes)
    .set({ usedAt: new Date() })
    .where(
      and(
        eq(recoveryCodes.userId, userId),
        eq(recoveryCodes.codeHash, hashRecovery(code)),
        isNull(recoveryCodes.usedAt),
      ),
    )
    .run();
  if (spent.changes === 0) return null;
  recordAudit(db, {
    action: "recovery-code-used",
    actor: { id: row.id, name: row.name },
    targetType: "user",
    targetId: row.uid,
  });
  return "recovery";
}

/** Turns 2FA off: needs a current code (or a recovery code). */
export async function disableTwoFactor(actor: SessionUser, code: unknown, db: Db = getDb()) {
  const row = userRow(db, actor.id);
  if (!twoFactorEnabled(row)) throw badRequest("Two-factor sign-in is not on");
  if (!(await checkSecondFactor(actor.id, code, db))) throw badRequest(WRONG_CODE);
  db.transaction(() => {
    db.update(users)
      .set({ totpSecret: null, totpEnabledAt: null })
      .where(eq(users.id, row.id))
      .run();
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, row.id)).run();
    recordAudit(db, {
      action: "2fa-disabled",
      actor,
      targetType: "user",
      targetId: row.uid,
      address: actor.address,
    });
  });
}
