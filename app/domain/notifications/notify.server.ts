/**
 * Notifications (docs/behaviour.md §site, docs/decisions/083-notifications.md): one
 * call, `notify(db, event)`, for anything the newsroom should hear about.
 * - Enable Admin Alerts: the notice is listed for Administrators (dashboard
 *   panel, count in the sidebar) until one of them marks it read.
 * - Enable Email Alerts: it is also e-mailed to every Administrator, one
 *   message per event; past 10 in 10 minutes, the rest wait and go out
 *   together in one digest.
 * - Enable User Notifications: events about a post are e-mailed to the staff
 *   they concern (`notifyStaff`).
 * Mail goes through the product's transport after the caller's write, never
 * inside it; a failed mail is logged and does not undo anything.
 */
import { and, count, desc, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import { notifications, users } from "#db/schema";
import { getSettings } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { createMailTransport } from "~/platform/mail.server";
import { escapeHtml } from "~/utils/escape";
import { absoluteUrl } from "~/utils/seo";

export const ALERT_KINDS = [
  "post-submitted",
  "newsletter-finished",
  "lockout",
  "post-live",
  "import-finished",
  "comment-pending",
  "webhook-disabled",
] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];

/** What happened, in one sentence, and the back-office screen it concerns. */
export type AlertEvent = { kind: AlertKind; message: string; link: string };

/** More alert e-mails than this within DIGEST_WINDOW_MS wait for one digest. */
export const DIGEST_LIMIT = 10;
export const DIGEST_WINDOW_MS = 10 * 60 * 1000;

let mailQueue: Promise<void> = Promise.resolve();
let digestTimer: ReturnType<typeof setTimeout> | undefined;

/** Resolves once every notification mail queued so far has been tried (tests, shutdown). */
export function notificationMailSettled(): Promise<void> {
  return mailQueue;
}

function queueMail(job: () => Promise<void>) {
  mailQueue = mailQueue.then(job).catch((error) => {
    console.error("Notification mail not sent:", error instanceof Error ? error.message : error);
  });
}

function administrators(db: Db): { email: string; name: string }[] {
  return db
    .select({ email: users.email, name: users.name })
    .from(users)
    .where(eq(users.role, "Administrator"))
    .all();
}

const absolute = (link: string) => absoluteUrl(readEnv().publicUrl, link);

async function sendMail(
  to: string[],
  subject: string,
  lines: { text: string; link: string }[],
  intro = "",
) {
  if (to.length === 0) return;
  const env = readEnv();
  const transport = createMailTransport(env);
  try {
    const text = [intro, ...lines.map((l) => `${l.text}\n${absolute(l.link)}`)]
      .filter(Boolean)
      .join("\n\n");
    const html = [
      intro ? `<p>${escapeHtml(intro)}</p>` : "",
      ...lines.map(
        (l) => `<p>${escapeHtml(l.text)}<br><a href="${escapeHtml(absolute(l.link))}">Open</a></p>`,
      ),
    ].join("");
    await transport.send(
      { from: env.mailFrom, to, subject, text, html },
      `notification-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
    );
  } finally {
    transport.close();
  }
}

/**
 * Records and sends an alert for Administrators, as the Settings say. Returns
 * the stored notice's id, or null when both alert settings are off.
 */
export function notify(db: Db, event: AlertEvent, now = new Date()): number | null {
  const settings = getSettings(db);
  if (!settings.enableAdminAlerts && !settings.enableEmailAlerts) return null;
  let mailState: "none" | "sent" | "held" = "none";
  if (settings.enableEmailAlerts) {
    const recent =
      db
        .select({ n: count() })
        .from(notifications)
        .where(
          and(
            inArray(notifications.mailState, ["sent", "held"]),
            gt(notifications.createdAt, new Date(now.getTime() - DIGEST_WINDOW_MS)),
          ),
        )
        .get()?.n ?? 0;
    mailState = recent < DIGEST_LIMIT ? "sent" : "held";
  }
  const row = db
    .insert(notifications)
    .values({
      kind: event.kind,
      message: event.message.slice(0, 500),
      link: event.link,
      listed: settings.enableAdminAlerts,
      mailState,
      createdAt: now,
    })
    .returning({ id: notifications.id })
    .get();
  const siteName = settings.siteName;
  if (mailState === "sent") {
    const to = administrators(db).map((a) => a.email);
    queueMail(() =>
      sendMail(to, `[${siteName}] ${event.message.slice(0, 150)}`, [
        { text: event.message, link: event.link },
      ]),
    );
  } else if (mailState === "held" && !digestTimer) {
    digestTimer = setTimeout(() => {
      digestTimer = undefined;
      sendAlertDigest(db);
    }, DIGEST_WINDOW_MS);
    digestTimer.unref?.();
  }
  return row.id;
}

/** Sends the alerts held back by the 10-in-10-minutes rule as one e-mail. Returns how many. */
export function sendAlertDigest(db: Db): number {
  const held = db
    .select()
    .from(notifications)
    .where(eq(notifications.mailState, "held"))
    .orderBy(notifications.id)
    .all();
  if (held.length === 0) return 0;
  db.update(notifications)
    .set({ mailState: "digest" })
    .where(
      inArray(
        notifications.id,
        held.map((n) => n.id),
      ),
    )
    .run();
  const to = administrators(db).map((a) => a.email);
  const { siteName } = getSettings(db);
  queueMail(() =>
    sendMail(
      to,
      `[${siteName}] ${held.length} more alerts`,
      held.map((n) => ({ text: n.message, link: n.link })),
      `${held.length} alerts arrived in a short time; here they are together.`,
    ),
  );
  return held.length;
}

export type Notice = { id: number; kind: string; message: string; link: string; createdAt: Date };

/** The unread notices listed for Administrators, newest first. */
export function listNotices(db: Db, limit = 20): { notices: Notice[]; unread: number } {
  const where = and(eq(notifications.listed, true), isNull(notifications.readAt));
  const notices = db
    .select({
      id: notifications.id,
      kind: notifications.kind,
      message: notifications.message,
      link: notifications.link,
      createdAt: notifications.createdAt,
    })
    .from(notifications)
    .where(where)
    .orderBy(desc(notifications.id))
    .limit(limit)
    .all();
  const unread = db.select({ n: count() }).from(notifications).where(where).get()?.n ?? 0;
  return { notices, unread };
}

/** How many unread notices the sidebar shows (0 while Admin Alerts are off). */
export function unreadNoticeCount(db: Db): number {
  if (!getSettings(db).enableAdminAlerts) return 0;
  return listNotices(db, 0).unread;
}

/** Marks one notice (or, without an id, every one) read. */
export function markNoticesRead(db: Db, id?: number, now = new Date()) {
  db.update(notifications)
    .set({ readAt: now })
    .where(
      id === undefined
        ? isNull(notifications.readAt)
        : and(eq(notifications.id, id), isNull(notifications.readAt)),
    )
    .run();
}

// ---- User notifications: staff hear about their own posts ----

export type StaffEvent =
  | { kind: "post-submitted"; post: PostRef; actorId: number }
  | {
      kind: "post-approved" | "post-sent-back";
      post: PostRef;
      actorId: number;
      /** The reviewer's note (Send back), quoted in the e-mail. */
      note?: string;
    }
  /** The scheduler published it (no one acted: the author is always told). */
  | { kind: "post-live"; post: PostRef; actorId: null };
export type PostRef = { id: number; title: string; authorId: number | null };

/** `notify` for work that has already committed: a failed notice is logged, never thrown. */
export function notifySafely(db: Db, event: AlertEvent) {
  try {
    notify(db, event);
  } catch (error) {
    console.error("Notice not recorded:", error instanceof Error ? error.message : error);
  }
}

/** `notifyStaff` for work that has already committed: a failure is logged, never thrown. */
export function notifyStaffSafely(db: Db, event: StaffEvent) {
  try {
    notifyStaff(db, event);
  } catch (error) {
    console.error("Staff notice not sent:", error instanceof Error ? error.message : error);
  }
}

/**
 * Settings › Enable User Notifications: a post submitted for review is
 * e-mailed to Editors and Administrators (not the one who submitted it, and not
 * Administrators already alerted by e-mail); a post approved (published), sent
 * back (with the note) or published by the scheduler is e-mailed to its
 * author, unless they did it themselves. Callers call it once per event: after
 * the conditional write that made the change (docs/behaviour.md §workflow).
 */
export function notifyStaff(db: Db, event: StaffEvent) {
  const settings = getSettings(db);
  if (!settings.enableUserNotifications) return;
  const link = `/admin/posts/edit/${event.post.id}`;
  let recipients: { email: string }[];
  let subject: string;
  if (event.kind === "post-submitted") {
    const roles = settings.enableEmailAlerts
      ? (["Editor"] as const)
      : (["Editor", "Administrator"] as const);
    recipients = db
      .select({ email: users.email })
      .from(users)
      .where(and(inArray(users.role, [...roles]), ne(users.id, event.actorId)))
      .all();
    subject = `Submitted for review: ${event.post.title}`;
  } else {
    const authorId = event.post.authorId;
    if (authorId === null || authorId === event.actorId) return;
    recipients = db.select({ email: users.email }).from(users).where(eq(users.id, authorId)).all();
    subject =
      event.kind === "post-approved"
        ? `Published: ${event.post.title}`
        : event.kind === "post-live"
          ? `Live now, as scheduled: ${event.post.title}`
          : `Sent back to draft: ${event.post.title}`;
  }
  const to = recipients.map((r) => r.email);
  const note = "note" in event && event.note ? `Note from the editor:\n${event.note}` : "";
  queueMail(() =>
    sendMail(
      to,
      `[${settings.siteName}] ${subject.slice(0, 150)}`,
      [{ text: subject, link }],
      note,
    ),
  );
}

// ---- A post's author hears of comments on it (docs/decisions/132-comment-author-notice.md) ----

/** Past this many comment mails to one author within DIGEST_WINDOW_MS, the rest are not mailed. */
export const AUTHOR_COMMENT_MAILS = 10;

export type CommentNotice = {
  post: { title: string; url: string };
  author: { email: string; isAdministrator: boolean };
  comment: { id: number; name: string; body: string; status: "approved" | "pending" };
  /** How many comments on this author's posts were announced in the last DIGEST_WINDOW_MS. */
  recent: number;
};

/**
 * Settings › Enable User Notifications: mails the post's author one comment
 * (the caller picks which: once per comment, never their own). Returns
 * whether a mail was queued.
 */
export function notifyPostAuthorOfComment(db: Db, notice: CommentNotice): boolean {
  const settings = getSettings(db);
  if (!settings.enableUserNotifications || notice.recent > AUTHOR_COMMENT_MAILS) return false;
  const { post, comment } = notice;
  const waiting = comment.status === "pending";
  const subject = waiting
    ? `Comment awaiting moderation on: ${post.title}`
    : `New comment on: ${post.title}`;
  const excerpt = comment.body.length > 300 ? `${comment.body.slice(0, 299)}…` : comment.body;
  const text = `${comment.name} wrote${waiting ? " (awaiting moderation)" : ""}: ${excerpt}`;
  // Only Administrators moderate; other authors are sent to the post.
  const link =
    waiting && notice.author.isAdministrator
      ? "/admin/comments?status=pending"
      : `${post.url}${waiting ? "" : `#comment-${comment.id}`}`;
  const to = [notice.author.email];
  queueMail(() =>
    sendMail(to, `[${settings.siteName}] ${subject.slice(0, 150)}`, [{ text, link }]),
  );
  return true;
}

// ---- A colleague mentioned in an editorial note (docs/behaviour.md §editorial-notes) ----

export type MentionNotice = {
  to: { email: string }[];
  writer: string;
  post: { title: string };
  note: string;
  /** The passage on Edit Post (`/admin/posts/edit/ID#note-THREAD`). */
  link: string;
};

/** Settings › Enable User Notifications: each mentioned colleague is e-mailed the note. */
export function notifyMentioned(db: Db, notice: MentionNotice): boolean {
  const settings = getSettings(db);
  if (!settings.enableUserNotifications || notice.to.length === 0) return false;
  const subject = `${notice.writer} mentioned you in a note on: ${notice.post.title}`;
  const excerpt = notice.note.length > 300 ? `${notice.note.slice(0, 299)}…` : notice.note;
  for (const { email } of notice.to) {
    queueMail(() =>
      sendMail([email], `[${settings.siteName}] ${subject.slice(0, 150)}`, [
        { text: `${notice.writer} wrote: ${excerpt}`, link: notice.link },
      ]),
    );
  }
  return true;
}
