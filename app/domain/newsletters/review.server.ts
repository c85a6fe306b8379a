/**
 * Before a newsletter goes out: it is saved as a draft, previewed as readers
 * will get it (HTML and text), tried on a test send to the staff member or a
 * few typed addresses, and sent only once staff confirm the audience and the
 * number of Active recipients (docs/behaviour.md §newsletters).
 */

import { and, eq } from "drizzle-orm";
import { type Newsletter, newsletters } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { stripNotes } from "~/domain/content/notes.server";
import { badRequest, notFound } from "~/domain/errors.server";
import { composeMessage } from "~/domain/newsletters/message.server";
import {
  activeRecipientCount,
  auditNewsletterSent,
  type NewsletterSummary,
  queueDeliveries,
} from "~/domain/newsletters/queue.server";
import { kickNewsletterSender } from "~/domain/newsletters/sender-process.server";
import { MAX_TEST_ADDRESSES, newsletterAudienceLabel } from "~/domain/newsletters/vocabulary";
import { getPublishedPost } from "~/domain/posts/reading.server";
import { getSettings } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { createMailTransport } from "~/platform/mail.server";
import { escapeHtml } from "~/utils/escape";
import { emailField } from "~/utils/validation";

/** The newsletter `uid`, for staff who manage mail; 404 when there is none. */
export function newsletterForStaff(db: Db, actor: SessionUser, uid: string): Newsletter {
  assertCan(actor, "manageMail");
  const row = db.select().from(newsletters).where(eq(newsletters.uid, uid)).get();
  if (!row) throw notFound("Newsletter not found");
  return row;
}

/** The confirm step: whom a draft goes to and how many Active subscribers that is now. */
export function draftRecipients(db: Db, letter: Newsletter) {
  return { audience: letter.audience, active: activeRecipientCount(db, letter.audience) };
}

/** Send, after the confirm step: the draft is queued for every Active subscriber of its audience. */
export function sendDraft(db: Db, actor: SessionUser, uid: string): NewsletterSummary {
  const summary = db.transaction((tx) => {
    const t = tx as unknown as Db;
    const letter = newsletterForStaff(t, actor, uid);
    if (letter.status !== "draft") throw badRequest("This newsletter has already been sent");
    return auditNewsletterSent(t, actor, queueDeliveries(t, letter));
  });
  kickNewsletterSender();
  return summary;
}

/** Drafts are only ever removed by staff, never sent: deleting one that is not a draft is refused. */
export function deleteDraft(db: Db, actor: SessionUser, uid: string) {
  const letter = newsletterForStaff(db, actor, uid);
  if (letter.status !== "draft") throw badRequest("Only a draft can be discarded");
  db.delete(newsletters)
    .where(and(eq(newsletters.id, letter.id), eq(newsletters.status, "draft")))
    .run();
}

/**
 * The message as a subscriber gets it, addressed to `actor`: its HTML (the
 * featured image from the site instead of the inline part) and its text.
 */
export function previewNewsletter(db: Db, actor: SessionUser, uid: string) {
  const letter = newsletterForStaff(db, actor, uid);
  const env = readEnv();
  const message = composeMessage(env, getSettings(db).siteName, letter, {
    email: actor.email,
    name: actor.name,
  });
  // The frame is shown on whatever address the back office is reached at, which may not be
  // PUBLIC_URL: this site's images are given as paths, so the browser asks the address it is on
  // (uploads answer only their own origin: Cross-Origin-Resource-Policy same-origin).
  let html = String(message.html).replaceAll(`src="${env.publicUrl}/`, 'src="/');
  if (letter.photo) {
    html = html.replace("cid:featured-image@inkwell", letter.photo.replace(/"/g, "&quot;"));
  }
  return { letter, html, text: String(message.text) };
}

/** "a@x.org, b@y.org" (commas, spaces or new lines) → the addresses, lower-cased; 400 for a bad one or more than 5. */
export function parseTestAddresses(value: unknown, fallback: string): string[] {
  const typed = String(value ?? "")
    .split(/[\s,;]+/)
    .map((s) => s.trim())
    .filter(Boolean);
  if (typed.length === 0) return [fallback];
  if (typed.length > MAX_TEST_ADDRESSES) {
    throw badRequest(`Send a test to ${MAX_TEST_ADDRESSES} addresses at most`);
  }
  const schema = emailField("Email is required");
  const list = typed.map((address) => {
    const parsed = schema.safeParse(address);
    if (!parsed.success) throw badRequest(`"${address.slice(0, 80)}" is not an e-mail address`);
    return parsed.data;
  });
  return [...new Set(list)];
}

/**
 * Sends the newsletter now, as readers will get it (signed, both parts), to
 * the staff member or to the addresses typed (5 at most), with "[Test]"
 * before the subject; nothing is recorded against any subscriber.
 */
export async function sendTest(
  db: Db,
  actor: SessionUser,
  uid: string,
  addresses: unknown,
): Promise<string[]> {
  const letter = newsletterForStaff(db, actor, uid);
  const to = parseTestAddresses(addresses, actor.email);
  const env = readEnv();
  const siteName = getSettings(db).siteName;
  const transport = createMailTransport(env);
  try {
    for (const [i, email] of to.entries()) {
      const name = email === actor.email ? actor.name : "";
      const message = composeMessage(env, siteName, letter, { email, name });
      message.subject = `[Test] ${letter.subject}`;
      await transport.send(message, `test-${letter.id}-${Date.now()}-${i}`);
    }
  } finally {
    transport.close();
  }
  return to;
}

/**
 * "Send as newsletter" on a published post: the Send form filled with its
 * title, image and content, and a link to read it on the site. Null for an
 * id that is not a published post.
 */
export function newsletterFromPost(db: Db, id: string | null) {
  if (!id || !/^[1-9][0-9]{0,15}$/.test(id)) return null;
  const post = getPublishedPost(db, Number(id));
  if (!post) return null;
  return {
    subject: post.title.slice(0, 200),
    audience: newsletterAudienceLabel("All"),
    content: `${stripNotes(post.content)}\n<p><a href="${escapeHtml(post.url)}">Read it on the site</a></p>`,
    photo: post.photo,
  };
}
