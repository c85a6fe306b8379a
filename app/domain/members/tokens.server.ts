/**
 * The single-use links (and sign-in codes) mailed to members (docs/members.md,
 * docs/decisions/341-member-link-and-code-lifetime.md): `member_tokens` keeps only the
 * SHA-256 of a link's token and an HMAC of its code. A link works once and only while
 * it is fresh; a code the same, and five wrong codes void it.
 */
import { createHmac, randomInt } from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import { memberTokens } from "#db/schema";
import { hashToken, randomToken } from "~/domain/accounts/tokens.server";
import type { Db } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";

export type TokenPurpose = "sign-in" | "email-change" | "delete";
export type MemberToken = typeof memberTokens.$inferSelect;

/** How long each kind of link works. */
export const TOKEN_TTL_MS: Record<TokenPurpose, number> = {
  "sign-in": 15 * 60 * 1000,
  "email-change": 60 * 60 * 1000,
  delete: 60 * 60 * 1000,
};
/** Wrong codes that void a sign-in code. */
export const MAX_CODE_ATTEMPTS = 5;
/** Sign-in e-mails to one address within TOKEN_TTL_MS["sign-in"]; more are not sent. */
export const MAX_SIGN_IN_MAILS = 3;

function codeHash(tokenHash: string, code: string): string {
  return createHmac("sha256", sessionSecret()).update(`${tokenHash}:${code}`).digest("hex");
}

export type Issued = { token: string; code: string | null };

/** Stores a new link (with a 6-digit code for sign-in) and answers what to mail. */
export function issueMemberToken(
  db: Db,
  input: {
    purpose: TokenPurpose;
    email: string;
    subscriberId?: number | null;
    newEmail?: string | null;
  },
  now = Date.now(),
): Issued {
  const token = randomToken();
  const tokenHash = hashToken(token);
  const code =
    input.purpose === "sign-in" ? String(randomInt(0, 1_000_000)).padStart(6, "0") : null;
  db.insert(memberTokens)
    .values({
      purpose: input.purpose,
      email: input.email,
      subscriberId: input.subscriberId ?? null,
      newEmail: input.newEmail ?? null,
      tokenHash,
      codeHash: code ? codeHash(tokenHash, code) : null,
      createdAt: now,
      expiresAt: now + TOKEN_TTL_MS[input.purpose],
    })
    .run();
  return { token, code };
}

/** Sign-in links issued to `email` that are still fresh (for the per-address mail limit). */
export function recentSignInMails(db: Db, email: string, now = Date.now()): number {
  return (
    db
      .select({ n: sql<number>`count(*)` })
      .from(memberTokens)
      .where(
        and(
          eq(memberTokens.email, email),
          eq(memberTokens.purpose, "sign-in"),
          gt(memberTokens.createdAt, now - TOKEN_TTL_MS["sign-in"]),
        ),
      )
      .get()?.n ?? 0
  );
}

export type Redeemed =
  | { ok: true; token: MemberToken }
  | { ok: false; reason: "invalid" | "used" | "expired" };

/** A link's token as it stands, without using it (the confirmation pages' GET). */
export function readMemberToken(
  db: Db,
  purpose: TokenPurpose,
  token: unknown,
  now = Date.now(),
): Redeemed {
  if (typeof token !== "string" || token.length < 20 || token.length > 200) {
    return { ok: false, reason: "invalid" };
  }
  const row = db
    .select()
    .from(memberTokens)
    .where(and(eq(memberTokens.tokenHash, hashToken(token)), eq(memberTokens.purpose, purpose)))
    .get();
  if (!row) return { ok: false, reason: "invalid" };
  if (row.usedAt !== null || row.attempts >= MAX_CODE_ATTEMPTS)
    return { ok: false, reason: "used" };
  if (row.expiresAt <= now) return { ok: false, reason: "expired" };
  return { ok: true, token: row };
}

/** Uses a link: once only (the update is the check), and only while fresh. */
export function redeemMemberToken(
  db: Db,
  purpose: TokenPurpose,
  token: unknown,
  now = Date.now(),
): Redeemed {
  const read = readMemberToken(db, purpose, token, now);
  if (!read.ok) return read;
  const used = db
    .update(memberTokens)
    .set({ usedAt: now })
    .where(and(eq(memberTokens.id, read.token.id), isNull(memberTokens.usedAt)))
    .returning()
    .get();
  return used ? { ok: true, token: used } : { ok: false, reason: "used" };
}

/**
 * Uses the sign-in code mailed to `email`: the newest fresh code that matches. A wrong code
 * counts against every fresh code of the address; the fifth wrong one voids them.
 */
export function redeemSignInCode(
  db: Db,
  email: string,
  code: string,
  now = Date.now(),
): MemberToken | null {
  return db.transaction((tx) => {
    const t = tx as unknown as Db;
    const live = t
      .select()
      .from(memberTokens)
      .where(
        and(
          eq(memberTokens.email, email),
          eq(memberTokens.purpose, "sign-in"),
          isNull(memberTokens.usedAt),
          gt(memberTokens.expiresAt, now),
          lt(memberTokens.attempts, MAX_CODE_ATTEMPTS),
        ),
      )
      .orderBy(desc(memberTokens.id))
      .all();
    const match = /^\d{6}$/.test(code)
      ? live.find((row) => row.codeHash === codeHash(row.tokenHash, code))
      : undefined;
    if (match) {
      return (
        t
          .update(memberTokens)
          .set({ usedAt: now })
          .where(eq(memberTokens.id, match.id))
          .returning()
          .get() ?? null
      );
    }
    for (const row of live) {
      t.update(memberTokens)
        .set({ attempts: sql`${memberTokens.attempts} + 1` })
        .where(eq(memberTokens.id, row.id))
        .run();
    }
    return null;
  });
}

/** Drops used and expired tokens older than a day (they are refused anyway). */
export function sweepMemberTokens(db: Db, now = Date.now()): void {
  db.delete(memberTokens)
    .where(lt(memberTokens.expiresAt, now - 24 * 60 * 60 * 1000))
    .run();
}
