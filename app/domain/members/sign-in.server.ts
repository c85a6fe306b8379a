/**
 * Signing in without a password (docs/members.md "Signing in",
 * docs/decisions/342-enumeration-safe-sign-in.md): a reader asks with an e-mail address and
 * is mailed a single-use link and the same as a 6-digit code. Using either signs them in; for
 * an address not yet a member that is the confirmation that makes it one (Settings › Members
 * › Who may sign up). The answer to the request is the same whoever the address belongs to,
 * and the mail goes out after the answer is decided (`delivery`), so the timing is alike too.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { memberSignIns, type Subscriber, subscribers } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, DomainError, notFound } from "~/domain/errors.server";
import {
  createMemberSession,
  type MemberDevice,
  sweepMemberSessions,
} from "~/domain/members/session.server";
import {
  issueMemberToken,
  MAX_SIGN_IN_MAILS,
  type MemberToken,
  recentSignInMails,
  redeemMemberToken,
  redeemSignInCode,
  sweepMemberTokens,
} from "~/domain/members/tokens.server";
import { captchaAnswer, verifyCaptcha } from "~/domain/site/captcha.server";
import { getSettings } from "~/domain/site/settings.server";
import { sendSiteMail } from "~/domain/subscribers/confirmation.server";
import { emailSchema } from "~/domain/subscribers/subscribers.server";
import { writeSubscriber } from "~/domain/subscribers/writer.server";
import { ensureCounters } from "~/platform/counters.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { escapeHtml } from "~/utils/escape";
import { safeRedirectPath } from "~/utils/redirect";

export const SIGN_IN_MESSAGES = {
  sent: "Check your inbox: if this address may sign in, we've sent it a sign-in link and a 6-digit code. Both work for 15 minutes, once.",
  off: "Reader accounts are switched off on this site.",
  badCode:
    "That code is not right, or it is no longer valid (a code works for 15 minutes and five tries). Check the latest e-mail, or ask for a new one.",
  invalid: "This sign-in link is not valid. Ask for a new one.",
  used: "This sign-in link was already used. Ask for a new one.",
  expired: "This sign-in link has expired (links work for 15 minutes). Ask for a new one.",
  refused: "This address cannot sign in here. Ask for a new link to try again.",
} as const;

const requestSchema = z.object({ email: emailSchema });
const codeSchema = z.object({
  email: emailSchema,
  code: z
    .string({ error: "Enter the 6-digit code" })
    .transform((c) => c.replace(/\s+/g, ""))
    .pipe(z.string().regex(/^\d{6}$/, "Enter the 6-digit code from the e-mail")),
});

function readInput<S extends z.ZodType>(schema: S, input: unknown): z.output<S> {
  const result = schema.safeParse(input);
  if (!result.success) throw badRequest(result.error.issues[0]?.message ?? "Invalid input");
  return result.data;
}

/**
 * Where a reader returns after signing in (docs/members.md "Signing in"): a path on this site as
 * every redirect from input is kept (`safeRedirectPath`), and not the sign-in pages themselves;
 * anything else is null and the reader lands on `/account`.
 */
export function returnPath(value: unknown): string | null {
  const path = safeRedirectPath(value, "");
  if (path === "" || path.length > 500 || /^\/account\/sign-in(?:[/?#]|$)/.test(path)) return null;
  return path;
}

/** 404 while Settings › Members is off: the pages do not exist then. */
export function assertMembersEnabled(db: Db): void {
  if (!getSettings(db).membersEnabled) throw new DomainError(404, SIGN_IN_MESSAGES.off);
}

/** Whether `existing` (or a new address, undefined) may sign in under Who may sign up. */
function maySignIn(db: Db, existing: Subscriber | undefined): boolean {
  if (existing?.memberSince != null) return true;
  const rule = getSettings(db).membersSignup;
  if (rule === "anyone") return true;
  return rule === "subscribers" && existing !== undefined;
}

export type SignInRequest = {
  message: string;
  email: string;
  /** Where the reader returns once signed in (`returnPath`), or null for `/account`. */
  next: string | null;
  /** The mail, sent once the answer is decided; a route does not wait for it. */
  delivery: Promise<void>;
};

/**
 * "Sign in" with an address. CAPTCHA as the newsletter form: an answer that is sent is
 * checked; without one (no JavaScript) the mailed link is the proof anyway. The answer is
 * the same for a member, a subscriber, a new address and a refused one (who gets no mail).
 */
export async function requestSignIn(
  db: Db,
  body: Record<string, unknown>,
  now = Date.now(),
): Promise<SignInRequest> {
  assertMembersEnabled(db);
  if (getSettings(db).enableCaptcha) {
    const answer = captchaAnswer(body);
    if (answer !== undefined && answer !== "") await verifyCaptcha(db, answer);
  }
  const { email } = readInput(requestSchema, body);
  // Expired links and sessions are refused anyway; each request clears them out.
  sweepMemberTokens(db, now);
  sweepMemberSessions(db, now);
  const next = returnPath(body.next);
  const delivery = mailSignIn(db, email, now, next).then(() => undefined);
  return { message: SIGN_IN_MESSAGES.sent, email, next, delivery };
}

/** Why no sign-in mail went out, or "sent". */
export type MailSignInOutcome = "sent" | "refused" | "too-many";

/** Issues and mails a sign-in link to `email` when it may sign in (also staff's "Send sign-in link"). */
export async function mailSignIn(
  db: Db,
  email: string,
  now = Date.now(),
  next: string | null = null,
): Promise<MailSignInOutcome> {
  const existing = db.select().from(subscribers).where(eq(subscribers.email, email)).get();
  if (!maySignIn(db, existing)) return "refused";
  if (recentSignInMails(db, email, now) >= MAX_SIGN_IN_MAILS) return "too-many";
  const { token, code } = issueMemberToken(
    db,
    { purpose: "sign-in", email, subscriberId: existing?.id ?? null },
    now,
  );
  await sendSignInMail(db, email, token, code ?? "", next);
  return "sent";
}

/**
 * The Subscribers screen's "Send sign-in link" (docs/members.md "Back office"): the same
 * mail the reader would get, under the same rules; staff are told when it was not sent.
 */
export async function sendSignInLinkFor(
  actor: SessionUser,
  uid: string,
  db: Db,
  now = Date.now(),
): Promise<string> {
  assertCan(actor, "manageMail");
  if (!getSettings(db).membersEnabled) {
    throw new DomainError(409, "Reader accounts are off (Settings › Members)");
  }
  const row = db.select().from(subscribers).where(eq(subscribers.uid, uid)).get();
  if (!row) throw notFound("Subscriber not found");
  const outcome = await mailSignIn(db, row.email, now);
  if (outcome === "refused") {
    throw new DomainError(
      409,
      "Settings › Members › Who may sign up does not let this address sign in",
    );
  }
  if (outcome === "too-many") {
    throw new DomainError(
      429,
      `${MAX_SIGN_IN_MAILS} sign-in links went to this address in the last 15 minutes`,
    );
  }
  recordAudit(db, {
    action: "member-sign-in-link-sent",
    actor,
    targetType: "subscriber",
    targetId: row.uid,
    summary: row.email,
  });
  return `Sign-in link sent to ${row.email}`;
}

async function sendSignInMail(
  db: Db,
  email: string,
  token: string,
  code: string,
  next: string | null,
) {
  const env = readEnv();
  const { siteName } = getSettings(db);
  const query = new URLSearchParams({ token, ...(next ? { next } : {}) });
  const link = `${env.publicUrl}/account/sign-in/verify?${query}`;
  const text = [
    `Open this link to sign in to ${siteName}:`,
    link,
    "",
    `Or enter this code on the sign-in page: ${code}`,
    "",
    "The link and the code work once, for 15 minutes. If you did not ask to sign in, ignore this message.",
  ].join("\n");
  const html = `<p>Open this link to sign in to ${escapeHtml(siteName)}:</p><p><a href="${escapeHtml(link)}">Sign in</a></p><p>Or enter this code on the sign-in page: <strong>${code}</strong></p><p>The link and the code work once, for 15 minutes. If you did not ask to sign in, ignore this message.</p>`;
  await sendSiteMail(env, { to: email, subject: `Sign in to ${siteName}`, text, html }, db);
}

export type SignedIn = { token: string; subscriberId: number; created: boolean };

/**
 * Signs in with a used link or code: the subscriber with the address (made Active now
 * when new, memberSince on the first sign-in, lastSignInAt every time, a history row),
 * and a new session whose token goes in the cookie. A new address is refused when Who
 * may sign up changed since the link was mailed.
 */
function completeSignIn(
  db: Db,
  row: MemberToken,
  method: "link" | "code",
  device: MemberDevice,
  now: number,
): SignedIn {
  return db.transaction((tx) => {
    const t = tx as unknown as Db;
    let subscriber = t.select().from(subscribers).where(eq(subscribers.email, row.email)).get();
    if (!maySignIn(t, subscriber)) throw new DomainError(403, SIGN_IN_MESSAGES.refused);
    const created = !subscriber;
    if (!subscriber) {
      ensureCounters(t);
      subscriber = writeSubscriber(t, {
        name: row.email.split("@")[0] ?? row.email,
        email: row.email,
        status: "Active",
        audience: [],
      }) as Subscriber;
    } else if (subscriber.status === "Pending") {
      // The link proves the address, as the newsletter's confirmation link would.
      writeSubscriber(t, { id: subscriber.id, status: "Active" });
    }
    t.update(subscribers)
      .set({ memberSince: subscriber.memberSince ?? now, lastSignInAt: now })
      .where(eq(subscribers.id, subscriber.id))
      .run();
    t.insert(memberSignIns)
      .values({
        subscriberId: subscriber.id,
        at: now,
        method,
        userAgent: device.userAgent.slice(0, 300),
        address: device.address.slice(0, 100),
      })
      .run();
    const token = createMemberSession(subscriber.id, device, t, now);
    return { token, subscriberId: subscriber.id, created };
  });
}

/** The link's Sign in button: a used, expired or unknown link is a 4xx with its reason. */
export function signInWithLink(
  db: Db,
  token: unknown,
  device: MemberDevice,
  now = Date.now(),
): SignedIn {
  assertMembersEnabled(db);
  const redeemed = redeemMemberToken(db, "sign-in", token, now);
  if (!redeemed.ok) {
    throw new DomainError(
      redeemed.reason === "invalid" ? 404 : 400,
      SIGN_IN_MESSAGES[redeemed.reason],
    );
  }
  return completeSignIn(db, redeemed.token, "link", device, now);
}

/** The code form: the address and the code; one answer for every failure. */
export function signInWithCode(
  db: Db,
  input: unknown,
  device: MemberDevice,
  now = Date.now(),
): SignedIn {
  assertMembersEnabled(db);
  const { email, code } = readInput(codeSchema, input);
  const row = redeemSignInCode(db, email, code, now);
  if (!row) throw badRequest(SIGN_IN_MESSAGES.badCode);
  return completeSignIn(db, row, "code", device, now);
}
