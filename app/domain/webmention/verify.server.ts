/**
 * Checking a received Webmention (W3C Webmention §3.2.2; docs/federation.md "Webmention"): the
 * source is fetched through the outbound rules; if it links to the target, its h-entry becomes a
 * comment (source "webmention") that the comment rules moderate; if it does not (or is gone), the
 * mention is rejected and a comment it had made is removed. A network failure is retried.
 */
import { and, eq, isNull } from "drizzle-orm";
import { comments, webmentions } from "#db/schema";
import { announceComments } from "~/domain/comments/author-notice.server";
import { disallowedWords } from "~/domain/comments/submit.server";
import { COMMENT_NAME_MAX, type CommentStatus } from "~/domain/comments/vocabulary";
import { notifySafely } from "~/domain/notifications/notify.server";
import { getSettings } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import type { AttemptResult, DeliveryHandler } from "~/platform/delivery-queue.server";
import { OutboundError, outboundRequest } from "~/platform/outbound-http.server";
import { excerptText, type MentionEntry, mentionKind, readEntry } from "./h-entry.server";
import { linksTo, pageTitle } from "./html.server";
import { answerResult, isRefusal } from "./send.server";
import { httpUrl, mentionHost } from "./urls";

type Webmention = typeof webmentions.$inferSelect;

/** The largest source page read. */
const SOURCE_MAX_BYTES = 1024 * 1024;
/** The excerpt a mention shows, in characters. */
export const MENTION_EXCERPT_MAX = 500;

/** Whether a fetched source links to the target: HTML by its elements, other text by the address. */
function sourceLinks(
  page: { url: string; headers: Record<string, string>; body: Buffer },
  target: string,
) {
  const type = page.headers["content-type"] ?? "";
  const body = page.body.toString("utf8");
  if (!type || /html/i.test(type)) return linksTo(body, page.url, target);
  return /^(?:text\/|application\/(?:[\w.+-]*\+)?json)/i.test(type) && body.includes(target);
}

/** Where a comment's status comes from: Spam Filters' disallowed words, then moderation. */
function mentionStatus(db: Db, text: string): { status: CommentStatus; reason: string | null } {
  const settings = getSettings(db);
  if (settings.enableSpamFilters) {
    const lower = text.toLowerCase();
    if (disallowedWords(settings.commentDisallowedWords).some((w) => lower.includes(w))) {
      return { status: "spam", reason: "disallowed word" };
    }
  }
  return { status: settings.enableCommentModeration ? "pending" : "approved", reason: null };
}

/**
 * The comment's `remote_id`: the source URL; a source that mentions several posts gets a
 * post-specific one for the others (the column is unique).
 */
function remoteKey(db: Db, source: string, postId: number): string {
  const taken = db
    .select({ postId: comments.postId })
    .from(comments)
    .where(eq(comments.remoteId, source))
    .get();
  return !taken || taken.postId === postId ? source : `${source}#post-${postId}`;
}

/** Removes the mention's comment (only ever one it made) and marks the mention rejected. */
export function rejectMention(db: Db, mention: Webmention, now = Date.now()): void {
  db.transaction(() => {
    if (mention.commentId !== null) {
      db.delete(comments)
        .where(and(eq(comments.id, mention.commentId), eq(comments.source, "webmention")))
        .run();
    }
    db.update(webmentions)
      .set({ status: "rejected", verifiedAt: now, commentId: null })
      .where(eq(webmentions.id, mention.id))
      .run();
  });
}

/** Stores (or refreshes) the mention's comment from the source's h-entry; marks it verified. */
export function acceptMention(
  db: Db,
  mention: Webmention,
  entry: MentionEntry | null,
  title: string,
  now = Date.now(),
): number {
  const host = mentionHost(mention.source);
  const name = (entry?.authorName ?? host).slice(0, COMMENT_NAME_MAX);
  const body = excerptText(entry?.text || title, MENTION_EXCERPT_MAX);
  const { status, reason } = mentionStatus(db, `${name}\n${body}\n${mention.source}`);
  const fields = {
    name,
    body,
    bodyHtml: entry?.html ?? null,
    authorUrl: entry?.authorUrl ?? "",
    avatarUrl: entry?.authorPhoto ?? null,
    remoteUrl: mention.source,
  };
  const { id, created } = db.transaction(() => {
    const existing =
      mention.commentId === null
        ? undefined
        : db
            .select({ id: comments.id, status: comments.status })
            .from(comments)
            .where(eq(comments.id, mention.commentId))
            .get();
    let commentId: number;
    if (existing) {
      // Moderation stands; a disallowed word that appeared since sends it to Spam.
      const caught = status === "spam" && existing.status !== "trash";
      db.update(comments)
        .set({ ...fields, ...(caught ? { status, spamReason: reason } : {}) })
        .where(eq(comments.id, existing.id))
        .run();
      commentId = existing.id;
    } else {
      commentId = db
        .insert(comments)
        .values({
          ...fields,
          uid: crypto.randomUUID(),
          postId: mention.postId,
          email: "",
          status,
          spamReason: reason,
          source: "webmention",
          remoteId: remoteKey(db, mention.source, mention.postId),
          createdAt: new Date(now),
        })
        .returning({ id: comments.id })
        .get().id;
    }
    db.update(webmentions)
      .set({
        status: "verified",
        verifiedAt: now,
        commentId,
        kind: mentionKind(entry, mention.target),
      })
      .where(eq(webmentions.id, mention.id))
      .run();
    return { id: commentId, created: !existing };
  });
  if (created && status === "pending") {
    notifySafely(db, {
      kind: "comment-pending",
      message: `A mention from ${host} waits for moderation`,
      link: "/admin/comments?status=pending",
    });
  }
  if (created) announceComments(db, [id], new Date(now));
  return id;
}

/** The check of one received mention (owner: the webmentions row). */
export const webmentionVerify: DeliveryHandler = {
  async send(row, db): Promise<AttemptResult> {
    const mention =
      row.ownerId === null
        ? undefined
        : db.select().from(webmentions).where(eq(webmentions.id, row.ownerId)).get();
    if (!mention) return { ok: true, excerpt: "The mention is gone (its post was deleted)." };
    let page: Awaited<ReturnType<typeof outboundRequest>>;
    try {
      page = await outboundRequest({
        url: mention.source,
        headers: { Accept: "text/html, application/xhtml+xml;q=0.9, */*;q=0.1" },
        maxBytes: SOURCE_MAX_BYTES,
      });
    } catch (error) {
      if (!(error instanceof OutboundError)) throw error;
      if (!isRefusal(error)) return { ok: false, error: error.message };
      rejectMention(db, mention);
      return { ok: false, permanent: true, error: error.message };
    }
    if (page.status === 429 || page.status >= 500) {
      return answerResult(page.status, page.headers, page.body);
    }
    const html = page.body.toString("utf8");
    if (page.status >= 300 || !sourceLinks(page, mention.target)) {
      rejectMention(db, mention);
      return {
        ok: true,
        status: page.status,
        excerpt:
          page.status >= 300
            ? `The source answered ${page.status}: mention rejected.`
            : "The source does not link to the target: mention rejected.",
      };
    }
    const base = httpUrl(page.url) ?? mention.source;
    acceptMention(db, mention, readEntry(html, base), pageTitle(html));
    return { ok: true, status: page.status, excerpt: "Verified: the source links to the target." };
  },
  settled(db, row, state) {
    if (state !== "dead" || row.ownerId === null) return;
    // Never reached: a mention not yet shown is dropped; one shown before stays.
    db.update(webmentions)
      .set({ status: "rejected", verifiedAt: Date.now() })
      .where(
        and(
          eq(webmentions.id, row.ownerId),
          eq(webmentions.status, "pending"),
          isNull(webmentions.commentId),
        ),
      )
      .run();
  },
};
