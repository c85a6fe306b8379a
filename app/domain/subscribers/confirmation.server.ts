/**
 * The mailed confirmation link of a newsletter signup (docs/behaviour.md §subscribers,
 * docs/decisions/081-confirmed-subscribers.md): `/newsletter/confirm?token=…`.
 * Only the SHA-256 of the token is stored; a link works for 7 days, once, and
 * at most one is mailed to an address per hour. Opening the link changes
 * nothing: its page's Confirm button (a POST) does.
 */

import { randomBytes } from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { type Subscriber, subscriberConfirmations, subscribers } from "#db/schema";
import { hashToken } from "~/domain/accounts/tokens.server";
import { getSettings, getSiteInfo } from "~/domain/site/settings.server";
import { AUDIENCES, type Audience } from "~/domain/subscribers/vocabulary";
import { writeSubscriber } from "~/domain/subscribers/writer.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { createMailTransport } from "~/platform/mail.server";
import { escapeHtml } from "~/utils/escape";

export const CONFIRMATION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** At most one confirmation mail per address within this time. */
export const CONFIRMATION_RESEND_MS = 60 * 60 * 1000;

export const CONFIRM_MESSAGES = {
  confirmed: "Your subscription is confirmed. Thank you!",
  invalid: "This confirmation link is not valid. Please sign up again.",
  expired: "This confirmation link has expired. Please sign up again to get a new one.",
} as const;

/**
 * Stores a new link for `subscriberId` asking for `audience`, unless one was
 * made within the last hour. Answers the token to mail, or null (not now).
 */
export function issueConfirmation(
  db: Db,
  subscriberId: number,
  audience: readonly Audience[],
  now = Date.now(),
): string | null {
  const recent = db
    .select({ hash: subscriberConfirmations.tokenHash })
    .from(subscriberConfirmations)
    .where(
      and(
        eq(subscriberConfirmations.subscriberId, subscriberId),
        gt(subscriberConfirmations.createdAt, new Date(now - CONFIRMATION_RESEND_MS)),
      ),
    )
    .get();
  if (recent) return null;
  const token = randomBytes(32).toString("base64url");
  db.insert(subscriberConfirmations)
    .values({
      tokenHash: hashToken(token),
      subscriberId,
      audience: JSON.stringify([...audience]),
      createdAt: new Date(now),
      expiresAt: new Date(now + CONFIRMATION_TTL_MS),
    })
    .run();
  return token;
}

/** Forgets a link whose mail could not be sent, so the reader may ask again at once. */
export function dropConfirmation(db: Db, token: string) {
  db.delete(subscriberConfirmations)
    .where(eq(subscriberConfirmations.tokenHash, hashToken(token)))
    .run();
}

export type ConfirmationState =
  | { state: "valid"; email: string; audience: Audience[] }
  | { state: "invalid" | "expired" };

function findConfirmation(db: Db, token: unknown, now: number) {
  if (typeof token !== "string" || token.length < 20 || token.length > 200) return null;
  const row = db
    .select()
    .from(subscriberConfirmations)
    .innerJoin(subscribers, eq(subscribers.id, subscriberConfirmations.subscriberId))
    .where(eq(subscriberConfirmations.tokenHash, hashToken(token)))
    .get();
  if (!row) return null;
  const audience = (JSON.parse(row.subscriber_confirmations.audience) as string[]).filter(
    (a): a is Audience => (AUDIENCES as readonly string[]).includes(a),
  );
  return {
    expired: row.subscriber_confirmations.expiresAt.getTime() <= now,
    subscriber: row.subscribers,
    audience,
  };
}

/** What the confirmation page shows for a token (a GET: nothing changes). */
export function readConfirmation(db: Db, token: unknown, now = Date.now()): ConfirmationState {
  const found = findConfirmation(db, token, now);
  if (!found) return { state: "invalid" };
  if (found.expired) return { state: "expired" };
  return { state: "valid", email: found.subscriber.email, audience: found.audience };
}

/**
 * The Confirm button: the subscriber becomes Active with the audiences the
 * link asked for, every link of theirs is used up, and the welcome e-mail
 * (Settings) goes out when they were not Active before. Their name is kept.
 */
export async function confirmSubscription(
  db: Db,
  token: unknown,
  now = Date.now(),
): Promise<ConfirmationState & { message: string }> {
  const found = findConfirmation(db, token, now);
  if (!found) return { state: "invalid", message: CONFIRM_MESSAGES.invalid };
  if (found.expired) return { state: "expired", message: CONFIRM_MESSAGES.expired };
  const { subscriber, audience } = found;
  db.transaction((tx) => {
    const t = tx as unknown as Db;
    writeSubscriber(t, {
      id: subscriber.id,
      status: "Active",
      audience: audience.length > 0 ? audience : undefined,
    });
    t.delete(subscriberConfirmations)
      .where(eq(subscriberConfirmations.subscriberId, subscriber.id))
      .run();
  });
  if (subscriber.status !== "Active") await sendWelcomeMail(db, subscriber);
  return {
    state: "valid",
    email: subscriber.email,
    audience,
    message: CONFIRM_MESSAGES.confirmed,
  };
}

/** Mails the link; false when the transport refused (the caller drops the link). */
export async function sendConfirmationMail(
  db: Db,
  to: { email: string; name: string },
  token: string,
): Promise<boolean> {
  const env = readEnv();
  const { siteName } = getSettings(db);
  const link = `${env.publicUrl}/newsletter/confirm?${new URLSearchParams({ token })}`;
  const text = [
    `Hello ${to.name},`,
    "",
    `Please confirm your subscription to the ${siteName} newsletter by opening this link and pressing Confirm:`,
    link,
    "",
    "The link works for 7 days. If you did not sign up, ignore this message: you will receive nothing.",
  ].join("\n");
  const html = `<p>Hello ${escapeHtml(to.name)},</p><p>Please confirm your subscription to the ${escapeHtml(siteName)} newsletter by opening this link and pressing Confirm:</p><p><a href="${escapeHtml(link)}">Confirm my subscription</a></p><p>The link works for 7 days. If you did not sign up, ignore this message: you will receive nothing.</p>`;
  return sendSiteMail(
    env,
    { to: to.email, subject: `Confirm your subscription to ${siteName}`, text, html },
    db,
  );
}

async function sendWelcomeMail(db: Db, subscriber: Subscriber) {
  const settings = getSettings(db);
  if (!settings.sendWelcomeEmail) return;
  const env = readEnv();
  const paragraphs = settings.welcomeContent.split(/\r?\n\s*\r?\n/).filter((p) => p.trim());
  await sendSiteMail(
    env,
    {
      to: subscriber.email,
      subject: settings.welcomeSubject,
      text: `Hello ${subscriber.name},\n\n${settings.welcomeContent}\n`,
      html: `<p>Hello ${escapeHtml(subscriber.name)},</p>${paragraphs.map((p) => `<p>${escapeHtml(p.trim())}</p>`).join("")}`,
    },
    db,
  );
}

/** The footer of the site's own e-mails: copyright holder and postal address (Settings). */
export function identityFooter(db: Db): { text: string; html: string } {
  const site = getSiteInfo(db);
  const lines = [
    `© ${new Date().getFullYear()} ${site.copyrightHolder}`,
    site.postalAddress,
  ].filter(Boolean);
  return {
    text: `\n--\n${lines.join("\n")}\n`,
    html: `<hr><p style="color:#666;font-size:12px">${lines.map(escapeHtml).join("<br>")}</p>`,
  };
}

/** Sends one of the site's own e-mails to a reader, with the identity footer; false when refused. */
export async function sendSiteMail(
  env: ReturnType<typeof readEnv>,
  message: { to: string; subject: string; text: string; html: string },
  db?: Db,
): Promise<boolean> {
  const transport = createMailTransport(env);
  if (db) {
    const footer = identityFooter(db);
    message = { ...message, text: message.text + footer.text, html: message.html + footer.html };
  }
  try {
    await transport.send(
      { from: env.mailFrom, ...message },
      `subscription-${randomBytes(6).toString("hex")}`,
    );
    return true;
  } catch (error) {
    console.error("Subscription mail not sent:", error instanceof Error ? error.message : error);
    return false;
  } finally {
    transport.close();
  }
}
