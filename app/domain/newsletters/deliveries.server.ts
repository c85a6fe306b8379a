/**
 * The sender's bookkeeping: one `newsletter_deliveries` row per reader, and
 * the newsletter's delivered, failed and skipped figures kept in step with
 * them. Every change is made only to a row that is still pending, so a row
 * is never counted twice and a sent row is never sent again.
 */

import { and, asc, eq, gt, inArray, isNull, lte, or, type SQL, sql } from "drizzle-orm";
import { type Newsletter, newsletterDeliveries, newsletters, subscribers } from "#db/schema";
import { notify } from "~/domain/notifications/notify.server";
import type { Db, DbOrTx } from "~/platform/db.server";

/** One reader's delivery of one newsletter, as stored. */
export type DeliveryRow = typeof newsletterDeliveries.$inferSelect;

/** A newsletter's deliveries, by subscriber id. */
export function listDeliveries(db: DbOrTx, newsletterId: number): DeliveryRow[] {
  return db
    .select()
    .from(newsletterDeliveries)
    .where(eq(newsletterDeliveries.newsletterId, newsletterId))
    .orderBy(asc(newsletterDeliveries.subscriberId))
    .all();
}

type Figure = "deliveredCount" | "failedCount" | "skippedCount";

/** Adds `n` to one of the newsletter's figures. */
function count(db: DbOrTx, id: number, figure: Figure, n: number) {
  if (n === 0) return;
  db.update(newsletters)
    .set({ [figure]: sql`${newsletters[figure]} + ${n}` })
    .where(eq(newsletters.id, id))
    .run();
}

const pendingOf = (id: number, ...more: (SQL | undefined)[]) =>
  and(
    eq(newsletterDeliveries.newsletterId, id),
    eq(newsletterDeliveries.status, "pending"),
    ...more,
  );

/** The newsletters still going out (queued or sending), oldest first. */
export function openNewsletters(db: DbOrTx): Newsletter[] {
  return db
    .select()
    .from(newsletters)
    .where(inArray(newsletters.status, ["queued", "sending"]))
    .orderBy(asc(newsletters.id))
    .all();
}

/** A queued newsletter is `sending` from its first pass on. */
export function markSending(db: DbOrTx, letter: Newsletter) {
  if (letter.status !== "queued") return;
  db.update(newsletters).set({ status: "sending" }).where(eq(newsletters.id, letter.id)).run();
}

/**
 * The next `limit` pending deliveries after subscriber `after` that are due
 * (a retry waits for its `next_attempt_at`), in subscriber order, each with
 * the reader's status now (null when they were deleted).
 */
export function pendingDeliveries(
  db: DbOrTx,
  id: number,
  after: number,
  limit: number,
  now = new Date(),
) {
  return db
    .select({ delivery: newsletterDeliveries, current: subscribers.status })
    .from(newsletterDeliveries)
    .leftJoin(subscribers, eq(subscribers.id, newsletterDeliveries.subscriberId))
    .where(
      pendingOf(
        id,
        gt(newsletterDeliveries.subscriberId, after),
        or(
          isNull(newsletterDeliveries.nextAttemptAt),
          lte(newsletterDeliveries.nextAttemptAt, now),
        ),
      ),
    )
    .orderBy(asc(newsletterDeliveries.subscriberId))
    .limit(limit)
    .all();
}

/**
 * Closes pending deliveries of a newsletter with `status` and `reason` (those
 * of `subscriberIds`, or all) and counts them: `skipped` for readers no
 * longer Active, `failed` for a newsletter that cannot be sent.
 */
export function closePending(
  db: DbOrTx,
  id: number,
  status: "failed" | "skipped",
  reason: string,
  subscriberIds?: number[],
) {
  db.transaction((tx) => {
    const t: DbOrTx = tx;
    const closed = t
      .update(newsletterDeliveries)
      .set({ status, error: reason.slice(0, 500), updatedAt: new Date() })
      .where(
        pendingOf(
          id,
          subscriberIds ? inArray(newsletterDeliveries.subscriberId, subscriberIds) : undefined,
        ),
      )
      .run().changes;
    count(t, id, status === "failed" ? "failedCount" : "skippedCount", closed);
  });
}

/**
 * What one send came to: `sent`; `failed` for good; `retry` (stays pending,
 * the attempt counted); `outage` (stays pending, nothing counted: not the
 * reader's fault).
 */
export type Outcome =
  | { kind: "sent" }
  | {
      kind: "failed" | "retry" | "outage";
      reason: string;
      /** A permanent refusal of the address: the reader becomes Bounced. */
      bounced?: boolean;
      /** A retry waits until then. */
      nextAttemptAt?: Date | null;
    };

export function recordOutcome(db: DbOrTx, id: number, delivery: DeliveryRow, outcome: Outcome) {
  const where = pendingOf(id, eq(newsletterDeliveries.subscriberId, delivery.subscriberId));
  const error = outcome.kind === "sent" ? null : outcome.reason;
  const { kind } = outcome;
  if (kind === "outage") {
    db.update(newsletterDeliveries).set({ error, updatedAt: new Date() }).where(where).run();
    return;
  }
  db.transaction((tx) => {
    const t: DbOrTx = tx;
    const changed = t
      .update(newsletterDeliveries)
      .set({
        status: kind === "retry" ? "pending" : kind,
        attempts: delivery.attempts + 1,
        error,
        updatedAt: new Date(),
        nextAttemptAt: outcome.kind === "retry" ? (outcome.nextAttemptAt ?? null) : null,
      })
      .where(where)
      .run().changes;
    if (kind !== "retry") count(t, id, kind === "sent" ? "deliveredCount" : "failedCount", changed);
    if (changed && outcome.kind === "failed" && outcome.bounced) {
      // Only an Active reader becomes Bounced (not one who unsubscribed meanwhile).
      t.update(subscribers)
        .set({ status: "Bounced", updatedAt: new Date() })
        .where(and(eq(subscribers.id, delivery.subscriberId), eq(subscribers.status, "Active")))
        .run();
    }
  });
}

/** One delivery's outcome, waiting to be written with others (the sender writes them in batches). */
export type PendingOutcome = { delivery: DeliveryRow; outcome: Outcome };

/**
 * Writes a batch of one newsletter's outcomes in one transaction: every
 * `sent` in one UPDATE, the rest (failures, retries, outages: few) one by one
 * as `recordOutcome` does. As everywhere here, only a row still pending
 * changes, so writing a batch twice counts nothing twice.
 */
export function recordOutcomes(db: DbOrTx, id: number, batch: PendingOutcome[]) {
  if (batch.length === 0) return;
  db.transaction((tx) => {
    const t: DbOrTx = tx;
    const sent: number[] = [];
    for (const { delivery, outcome } of batch) {
      if (outcome.kind === "sent") sent.push(delivery.subscriberId);
    }
    if (sent.length > 0) {
      const changed = Number(
        t.run(sql`update newsletter_deliveries
          set status = 'sent', attempts = attempts + 1, error = null,
            updated_at = ${Date.now()}, next_attempt_at = null
          where newsletter_id = ${id} and status = 'pending'
            and subscriber_id in (select value from json_each(${JSON.stringify(sent)}))`).changes,
      );
      count(t, id, "deliveredCount", changed);
    }
    for (const { delivery, outcome } of batch) {
      if (outcome.kind !== "sent") recordOutcome(t, id, delivery, outcome);
    }
  });
}

/**
 * Once nothing is pending: `sent` when no delivery failed, `partly sent`
 * when some were delivered and some failed, `failed` when some failed and
 * none was delivered. True while some deliveries are still pending.
 */
export function finishIfDone(db: Db, id: number): boolean {
  const pending = db
    .select({ n: sql<number>`count(*)` })
    .from(newsletterDeliveries)
    .where(pendingOf(id))
    .get()?.n;
  if (pending) return true;
  db.update(newsletters)
    .set({
      status: sql`case when ${newsletters.failedCount} = 0 then 'sent'
        when ${newsletters.deliveredCount} > 0 then 'partly sent' else 'failed' end`,
      sentAt: new Date(),
    })
    .where(eq(newsletters.id, id))
    .run();
  const letter = db
    .select({ subject: newsletters.subject, status: newsletters.status })
    .from(newsletters)
    .where(eq(newsletters.id, id))
    .get();
  if (letter && (letter.status === "partly sent" || letter.status === "failed")) {
    notify(db, {
      kind: "newsletter-finished",
      message: `The newsletter "${letter.subject}" finished ${letter.status === "failed" ? "failed" : "partly sent"}`,
      link: "/admin/mail/send-newsletter",
    });
  }
  return false;
}

/** A newsletter's failed recipients with the mail server's answer, by address. */
export function failedDeliveries(db: DbOrTx, id: number, limit: number) {
  return db
    .select({
      email: newsletterDeliveries.email,
      error: newsletterDeliveries.error,
      attempts: newsletterDeliveries.attempts,
    })
    .from(newsletterDeliveries)
    .where(
      and(eq(newsletterDeliveries.newsletterId, id), eq(newsletterDeliveries.status, "failed")),
    )
    .orderBy(asc(newsletterDeliveries.email))
    .limit(limit)
    .all();
}
