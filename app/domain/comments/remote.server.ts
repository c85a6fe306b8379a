/**
 * Comments that arrive from other sites (docs/federation.md "What is received"): a reply from the
 * fediverse. They meet the rules a reader's comment meets (docs/behaviour.md §comments): the post
 * must take comments, the spam rules (disallowed words, too many links, flood) and the moderation
 * settings apply. The remote id makes one comment of repeats; only its author may change or
 * remove it.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { type Comment, comments, posts } from "#db/schema";
import { getSettings } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import {
  announceNewComment,
  commentsOpen,
  hashAddress,
  moderatedStatus,
  spamReason,
} from "./submit.server";
import { COMMENT_MAX_LENGTH, COMMENT_NAME_MAX } from "./vocabulary";

export type RemoteComment = {
  source: "fediverse" | "webmention";
  postId: number;
  /** The comment it answers (threaded under its top-level comment), or null. */
  parentId: number | null;
  name: string;
  /** `@user@server`. */
  handle: string | null;
  avatarUrl: string | null;
  /** Who wrote it, as an address (a fediverse actor's id): edits and removals must come from it. */
  authorUrl: string;
  remoteId: string;
  remoteUrl: string | null;
  /** Plain text (what the spam rules read and what plain-text places show). */
  body: string;
  /** Sanitised HTML, shown on the post page. */
  bodyHtml: string | null;
};

const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

/** Stores a remote comment; null when it is a repeat or the post takes no comments. */
export function storeRemoteComment(db: Db, input: RemoteComment, now = Date.now()): Comment | null {
  const known = db
    .select({ id: comments.id })
    .from(comments)
    .where(eq(comments.remoteId, input.remoteId))
    .get();
  if (known) return null;
  const post = db
    .select({
      status: posts.status,
      commentsClosed: posts.commentsClosed,
      timestamp: posts.timestamp,
    })
    .from(posts)
    .where(eq(posts.id, input.postId))
    .get();
  const settings = getSettings(db);
  if (!post || !commentsOpen(post, settings, now).open) return null;
  const name = clip(input.name.trim() || input.handle || "Someone", COMMENT_NAME_MAX);
  const body = clip(input.body.trim(), COMMENT_MAX_LENGTH);
  if (body === "") return null;
  // Flood control counts per remote author, as per address for readers.
  const ipHash = hashAddress(`${input.source}:${input.authorUrl}`);
  const reason = spamReason(
    db,
    { name, email: "", body, honeypot: undefined },
    ipHash,
    settings,
    now,
  );
  const status = reason
    ? "spam"
    : moderatedStatus(
        db,
        and(eq(comments.source, input.source), eq(comments.authorUrl, input.authorUrl)) ?? sql`0`,
        settings,
      );
  const row = db
    .insert(comments)
    .values({
      uid: randomUUID(),
      postId: input.postId,
      parentId: input.parentId,
      name,
      // Never shown: remote commenters have no address here.
      email: "",
      authorUrl: input.authorUrl,
      body,
      status,
      ipHash,
      spamReason: reason,
      createdAt: new Date(now),
      source: input.source,
      remoteId: input.remoteId,
      remoteUrl: input.remoteUrl,
      handle: input.handle,
      avatarUrl: input.avatarUrl,
      bodyHtml: input.bodyHtml,
    })
    .onConflictDoNothing()
    .returning()
    .get();
  if (row) announceNewComment(db, row, now);
  return row ?? null;
}

/** The stored comment of `remoteId`, if `authorUrl` wrote it. */
export function remoteCommentOf(db: Db, remoteId: string, authorUrl: string) {
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      status: comments.status,
    })
    .from(comments)
    .where(and(eq(comments.remoteId, remoteId), eq(comments.authorUrl, authorUrl)))
    .get();
}

/** A remote comment's new text (its author edited it); spam rules apply again. */
export function editRemoteComment(
  db: Db,
  remoteId: string,
  authorUrl: string,
  text: { body: string; bodyHtml: string | null },
  now = Date.now(),
): boolean {
  const own = remoteCommentOf(db, remoteId, authorUrl);
  const body = clip(text.body.trim(), COMMENT_MAX_LENGTH);
  if (!own || body === "") return false;
  const settings = getSettings(db);
  // An edit is no flood: the address hash matches no comment.
  const reason = spamReason(
    db,
    { name: "", email: "", body, honeypot: undefined },
    randomUUID(),
    settings,
    now,
  );
  db.update(comments)
    .set({
      body,
      bodyHtml: text.bodyHtml,
      editedAt: now,
      ...(reason ? { status: "spam" as const, spamReason: reason } : {}),
    })
    .where(eq(comments.id, own.id))
    .run();
  return true;
}

/** Removes a remote comment its author deleted (its replies go with it). */
export function removeRemoteComment(db: Db, remoteId: string, authorUrl: string): boolean {
  return (
    db
      .delete(comments)
      .where(and(eq(comments.remoteId, remoteId), eq(comments.authorUrl, authorUrl)))
      .run().changes > 0
  );
}
