/**
 * Send later (docs/behaviour.md §newsletters, docs/decisions/093-newsletter-send-later.md):
 * a draft newsletter is scheduled for a time in the site's zone and queued
 * then, exactly as Send queues it (`queueDeliveries`), by a timer in the
 * process. As for scheduled posts, the next due time is read from the
 * database each round, so nothing lives only in memory; on start every
 * overdue newsletter is queued at once (the lateness logged); queueing is one
 * conditional UPDATE of a row still `scheduled` and due, in the transaction
 * that writes its deliveries, so two timers, a restart or a cancel racing the
 * timer never queue it twice. Until it is queued it can be rescheduled or
 * cancelled (back to draft).
 */
import { and, asc, eq, inArray, lte } from "drizzle-orm";
import { type Newsletter, newsletters, users } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, isDomainError } from "~/domain/errors.server";
import {
  activeRecipientCount,
  getNewsletter,
  insertNewsletter,
  type NewsletterSummary,
  queueDeliveries,
} from "~/domain/newsletters/queue.server";
import { newsletterForStaff } from "~/domain/newsletters/review.server";
import { kickNewsletterSender } from "~/domain/newsletters/sender-process.server";
import { newsletterAudienceLabel } from "~/domain/newsletters/vocabulary";
import { notifySafely } from "~/domain/notifications/notify.server";
import { siteTimeZone } from "~/domain/site/settings.server";
import { formatScheduleTime, scheduleInstant } from "~/domain/workflow/schedule-time";
import type { Db } from "~/platform/db.server";
import {
  DueTimer,
  type DueTimerOptions,
  earliestDue,
  processDueTimer,
} from "~/platform/due-timer.server";

/** A newsletter page's Schedule: `sendAt` is epoch ms, an ISO time, or a wall time in the site's zone. */
export function scheduleNewsletter(
  db: Db,
  actor: SessionUser,
  uid: string,
  sendAt: unknown,
  now = new Date(),
): { sendAt: number; message: string } {
  const letter = newsletterForStaff(db, actor, uid);
  if (letter.status !== "draft" && letter.status !== "scheduled") {
    throw badRequest("This newsletter has already been sent");
  }
  const timeZone = siteTimeZone(db);
  if (sendAt === undefined || sendAt === null || sendAt === "") {
    throw badRequest("sendAt: choose the date and time to send at");
  }
  const at =
    typeof sendAt === "number" || typeof sendAt === "string"
      ? scheduleInstant(sendAt, timeZone)
      : undefined;
  if (at === undefined) {
    throw badRequest("sendAt must be a time: milliseconds since 1970 or ISO 8601");
  }
  if (at <= now.getTime()) throw badRequest("sendAt: the send time must be in the future");
  if (activeRecipientCount(db, letter.audience) === 0) {
    throw badRequest(
      `There are no active subscribers in the ${newsletterAudienceLabel(letter.audience)} audience`,
    );
  }
  const written = db
    .update(newsletters)
    .set({ status: "scheduled", sendAt: new Date(at), scheduledBy: actor.id })
    .where(and(eq(newsletters.id, letter.id), inArray(newsletters.status, ["draft", "scheduled"])))
    .run();
  // The timer queued it between the read and this write.
  if (written.changes !== 1) throw badRequest("This newsletter has already been sent");
  kickSendLaterTimer();
  const when = formatScheduleTime(at, timeZone);
  return {
    sendAt: at,
    message: `${letter.status === "scheduled" ? "Newsletter rescheduled" : "Newsletter scheduled"} for ${when}`,
  };
}

/**
 * `POST /newsletter/send` with `sendAt`: the draft and its schedule in one
 * transaction, so a refused time or audience writes nothing.
 */
export function scheduleNewNewsletter(
  db: Db,
  actor: SessionUser,
  input: unknown,
  sendAt: unknown,
  now = new Date(),
): { message: string; newsletter: NewsletterSummary | undefined } {
  const result = db.transaction((tx) => {
    const t = tx as unknown as Db;
    const draft = insertNewsletter(t, actor, input, "draft", now);
    const { message } = scheduleNewsletter(t, actor, draft.uid, sendAt, now);
    return { message, newsletter: getNewsletter(t, draft.uid) };
  });
  kickSendLaterTimer();
  return result;
}

/** Cancel: a scheduled newsletter goes back to draft; refused once it has started (queued). */
export function cancelScheduledNewsletter(db: Db, actor: SessionUser, uid: string): void {
  const letter = newsletterForStaff(db, actor, uid);
  const written = db
    .update(newsletters)
    .set({ status: "draft", sendAt: null, scheduledBy: null })
    .where(and(eq(newsletters.id, letter.id), eq(newsletters.status, "scheduled")))
    .run();
  if (written.changes !== 1) {
    throw badRequest(
      letter.status === "draft"
        ? "This newsletter is not scheduled"
        : "This newsletter has started sending and can no longer be cancelled",
    );
  }
  kickSendLaterTimer();
}

/** The earliest send time of a scheduled newsletter (epoch ms), if any. */
export function nextNewsletterDue(db: Db): number | undefined {
  return earliestDue(db, newsletters, newsletters.sendAt, eq(newsletters.status, "scheduled"));
}

/** What the timer queued: the newsletter, its due time and how late it was queued (ms). */
export type QueuedLater = { uid: string; sendAt: number; lateMs: number; recipients: number };

/**
 * Queues every scheduled newsletter due at `now` through `queueDeliveries`
 * (one delivery per Active subscriber then), as the one who scheduled it, and
 * wakes the sender. Returns only what this call queued. One with nobody to
 * send to by then goes back to draft and the Administrators are alerted.
 */
export function queueDueNewsletters(db: Db, now: number = Date.now()): QueuedLater[] {
  const due = db
    .select({ id: newsletters.id })
    .from(newsletters)
    .where(and(eq(newsletters.status, "scheduled"), lte(newsletters.sendAt, new Date(now))))
    .orderBy(asc(newsletters.sendAt), asc(newsletters.id))
    .all();
  const queued: QueuedLater[] = [];
  for (const { id } of due) {
    try {
      const done = db.transaction((tx) => {
        const t = tx as unknown as Db;
        const letter = t.select().from(newsletters).where(eq(newsletters.id, id)).get();
        const sendAt = letter?.sendAt?.getTime();
        // A second timer, a cancel or a reschedule that got here first leaves nothing to do.
        if (!letter || sendAt === undefined || !claimDue(t, id, now)) return null;
        const summary = queueDeliveries(t, { ...letter, status: "draft", sendAt: null });
        auditScheduledSend(t, letter, summary);
        return {
          uid: letter.uid,
          sendAt,
          lateMs: Math.max(0, now - sendAt),
          recipients: summary.recipientCount,
        };
      });
      if (done) queued.push(done);
    } catch (error) {
      // Nobody to send to any more: back to draft, said so; anything else is retried.
      if (!isDomainError(error) || error.status !== 400) throw error;
      returnToDraft(db, id, error.message, now);
    }
  }
  if (queued.length > 0) kickNewsletterSender();
  return queued;
}

/**
 * Takes a due newsletter off the schedule (back to draft, no send time) in
 * one conditional UPDATE: true only for the one writer that found it still
 * scheduled and due, so it is queued, or returned to draft, once.
 */
function claimDue(db: Db, id: number, now: number): boolean {
  const claimed = db
    .update(newsletters)
    .set({ status: "draft", sendAt: null })
    .where(
      and(
        eq(newsletters.id, id),
        eq(newsletters.status, "scheduled"),
        lte(newsletters.sendAt, new Date(now)),
      ),
    )
    .run();
  return claimed.changes === 1;
}

function auditScheduledSend(db: Db, letter: Newsletter, summary: NewsletterSummary) {
  const by = letter.scheduledBy
    ? db
        .select({ id: users.id, name: users.name })
        .from(users)
        .where(eq(users.id, letter.scheduledBy))
        .get()
    : undefined;
  recordAudit(db, {
    action: "newsletter-sent",
    actor: by ?? null,
    targetType: "newsletter",
    targetId: summary.uid,
    summary: `${summary.subject} (${summary.recipientCount} recipients, as scheduled)`,
  });
}

function returnToDraft(db: Db, id: number, reason: string, now: number) {
  const letter = db.select().from(newsletters).where(eq(newsletters.id, id)).get();
  if (!claimDue(db, id, now) || !letter) return;
  notifySafely(db, {
    kind: "newsletter-finished",
    message: `“${letter.subject}” was not sent at its time: ${reason}. It is a draft again.`,
    link: `/admin/mail/newsletters/${letter.uid}`,
  });
}

// ---- The timer: one per process (bootstrap starts it, shutdown stops it, schedule changes kick it) ----

/** The in-process timer: queues what is due, sleeps until the next send time. */
export class SendLaterTimer extends DueTimer<QueuedLater> {
  constructor(getDb: () => Db, options: DueTimerOptions = {}) {
    super(
      {
        name: "Send later",
        run: () => queueDueNewsletters(getDb()),
        nextDue: () => nextNewsletterDue(getDb()),
        failure: "queueing failed",
        caughtUp: (caught) =>
          `queued ${caught.length} overdue newsletter${caught.length > 1 ? "s" : ""} on start ` +
          `(${caught.map((q) => `${q.uid} ${(q.lateMs / 1000).toFixed(1)} s late`).join(", ")})`,
      },
      options,
    );
  }
}

const sendLaterTimer = processDueTimer("send-later");

/** Starts the process's timer (bootstrap); returns what the start-up catch-up queued. */
export function startSendLaterTimer(getDb: () => Db, options: DueTimerOptions = {}): QueuedLater[] {
  return sendLaterTimer.start(() => new SendLaterTimer(getDb, options));
}

/** A send time changed: the timer reads the next due time again. */
export function kickSendLaterTimer(): void {
  sendLaterTimer.kick();
}

export function stopSendLaterTimer(): void {
  sendLaterTimer.stop();
}
