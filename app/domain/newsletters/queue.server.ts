/**
 * Queueing a newsletter, and reading the newsletters back.
 *
 * Queueing writes the `newsletters` row and one `newsletter_deliveries` row
 * per Active subscriber of the audience in one transaction (one INSERT …
 * SELECT, never a query per subscriber), wakes the process's sender and
 * returns at once; the sender (sender.server.ts) delivers in the background.
 */

import { desc, eq, sql } from "drizzle-orm";
import { type Newsletter, newsletters } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { cleanContent } from "~/domain/content/pipeline.server";
import { badRequest, parseInput } from "~/domain/errors.server";
import {
  attachmentName,
  newsletterDraftSchema,
  uploadsProblem,
} from "~/domain/newsletters/input.server";
import { kickNewsletterSender } from "~/domain/newsletters/sender-process.server";
import { newsletterAudienceLabel } from "~/domain/newsletters/vocabulary";
import type { DbOrTx } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { htmlToText } from "~/utils/text";

/** What a list of newsletters shows: the figures as they are, times as epoch ms. */
const SUMMARY_FIELDS = [
  "id",
  "uid",
  "subject",
  "audience",
  "status",
  "recipientCount",
  "deliveredCount",
  "failedCount",
  "skippedCount",
] as const satisfies (keyof Newsletter)[];

export type NewsletterSummary = Pick<Newsletter, (typeof SUMMARY_FIELDS)[number]> & {
  createdAt: number;
  queuedAt: number | null;
  sentAt: number | null;
  /** Send later: when a `scheduled` newsletter will be queued. */
  sendAt: number | null;
};

function toSummary(n: Newsletter): NewsletterSummary {
  const fields = Object.fromEntries(SUMMARY_FIELDS.map((key) => [key, n[key]]));
  return {
    ...(fields as Pick<Newsletter, (typeof SUMMARY_FIELDS)[number]>),
    createdAt: n.createdAt.getTime(),
    queuedAt: n.queuedAt?.getTime() ?? null,
    sentAt: n.sentAt?.getTime() ?? null,
    sendAt: n.sendAt?.getTime() ?? null,
  };
}

/** The whole record as the generic data calls return it: the draft and the delivery figures. */
export function newsletterDocument(n: Newsletter) {
  const { content, photo, attachment, attachmentName } = n;
  return { ...toSummary(n), content, photo, attachment, attachmentName };
}

/**
 * Queues a newsletter for every Active subscriber of its audience ("All":
 * every Active subscriber) and wakes the process's sender. Administrators and
 * Editors only (`manageMail`). 400 for bad input or an audience with nobody
 * to send to; nothing is written then.
 */
export function queueNewsletter(
  db: DbOrTx,
  actor: SessionUser,
  input: unknown,
  now = new Date(),
): NewsletterSummary {
  const summary = db.transaction((tx) => {
    const row = insertNewsletter(tx, actor, input, "queued", now);
    return auditNewsletterSent(tx, actor, queueDeliveries(tx, row));
  });
  // After the commit, so the sender finds the rows.
  kickNewsletterSender();
  return summary;
}

/** A send goes to the audit log (who, which newsletter, how many recipients). */
export function auditNewsletterSent(db: DbOrTx, actor: SessionUser, summary: NewsletterSummary) {
  recordAudit(db, {
    action: "newsletter-sent",
    actor,
    targetType: "newsletter",
    targetId: summary.uid,
    summary: `${summary.subject} (${summary.recipientCount} recipients)`,
    address: actor.address,
  });
  return summary;
}

/**
 * Checks a draft (roles, input, uploads) and writes the newsletter row with
 * `status`: `draft` (Preview, Send a test, the confirm step) or `queued`.
 */
export function insertNewsletter(
  db: DbOrTx,
  actor: SessionUser,
  input: unknown,
  status: "draft" | "queued",
  now = new Date(),
): Newsletter {
  assertCan(actor, "manageMail");
  const draft = parseInput(newsletterDraftSchema, input);
  const problem = uploadsProblem(readEnv(), draft);
  if (problem) throw badRequest(problem);
  const content = cleanContent(draft.content);
  if (htmlToText(content).trim() === "" && !/<img\b/i.test(content)) {
    throw badRequest("Content is required");
  }
  if (status === "draft" && activeRecipientCount(db, draft.audience) === 0) {
    throw badRequest(
      `There are no active subscribers in the ${newsletterAudienceLabel(draft.audience)} audience`,
    );
  }
  return db
    .insert(newsletters)
    .values({
      uid: crypto.randomUUID(),
      subject: draft.subject,
      audience: draft.audience,
      content,
      photo: draft.photo,
      attachment: draft.attachment,
      attachmentName: draft.attachment ? attachmentName(db, draft.attachment) : null,
      status,
      createdBy: actor.id,
      createdAt: now,
      queuedAt: status === "queued" ? now : null,
    })
    .returning()
    .get();
}

/** Who is not sent to: only Active subscribers receive (Inactive, Unsubscribed, Bounced… do not). */
const audienceFilter = (audience: Newsletter["audience"]) =>
  audience === "All"
    ? sql``
    : sql`and exists (select 1 from subscriber_audiences a
            where a.subscriber_id = s.id and a.audience = ${audience})`;

/** The Active subscribers a newsletter to `audience` would go to now. */
export function activeRecipientCount(db: DbOrTx, audience: Newsletter["audience"]): number {
  return Number(
    db.get<{ n: number }>(
      sql`select count(*) as n from subscribers s where s.status = 'Active' ${audienceFilter(audience)}`,
    )?.n ?? 0,
  );
}

/**
 * Writes one pending delivery per Active subscriber of the newsletter's
 * audience (one INSERT … SELECT) and marks it queued; call inside a
 * transaction: a 400 for an audience with nobody to send to rolls it back.
 */
export function queueDeliveries(db: DbOrTx, row: Newsletter, now = new Date()): NewsletterSummary {
  const inserted = db.run(sql`
    insert into newsletter_deliveries (newsletter_id, subscriber_id, email, name, status, attempts)
    select ${row.id}, s.id, s.email, s.name, 'pending', 0
    from subscribers s
    where s.status = 'Active' ${audienceFilter(row.audience)}`);
  const recipients = Number(inserted.changes);
  if (recipients === 0) {
    // Throwing rolls the transaction back: nothing is written.
    throw badRequest(
      `There are no active subscribers in the ${newsletterAudienceLabel(row.audience)} audience`,
    );
  }
  const queued = db
    .update(newsletters)
    .set({ recipientCount: recipients, status: "queued", queuedAt: row.queuedAt ?? now })
    .where(eq(newsletters.id, row.id))
    .returning()
    .get();
  return toSummary(queued);
}

export function getNewsletter(db: DbOrTx, uid: string): NewsletterSummary | undefined {
  const row = db.select().from(newsletters).where(eq(newsletters.uid, uid)).get();
  return row ? toSummary(row) : undefined;
}

/** Newest first, for the admin screens. */
export function listNewsletters(db: DbOrTx, limit = 50): NewsletterSummary[] {
  return db
    .select()
    .from(newsletters)
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
    .limit(limit)
    .all()
    .map(toSummary);
}
