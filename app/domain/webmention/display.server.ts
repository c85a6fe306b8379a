/**
 * How mentions show (docs/federation.md "Webmention"): a comment that came as a Webmention is
 * marked "Mentioned on {host}" with a link to the page that mentioned the post, under the post and
 * in the moderation screen. Read by comment id, so the comments' own queries stay as they are.
 */
import { and, eq, inArray } from "drizzle-orm";
import { comments } from "#db/schema";
import type { Db } from "~/platform/db.server";
import { mentionHost } from "./urls";

/** What marks a comment as a mention: the page that mentioned the post, and its host. */
export type MentionMark = { url: string; host: string };

/** The mentions among the given comments, by comment id. */
export function mentionMarks(db: Db, commentIds: number[]): Record<number, MentionMark> {
  const marks: Record<number, MentionMark> = {};
  if (commentIds.length === 0) return marks;
  const rows = db
    .select({ id: comments.id, url: comments.remoteUrl })
    .from(comments)
    .where(and(inArray(comments.id, commentIds), eq(comments.source, "webmention")))
    .all();
  for (const row of rows) {
    if (row.url) marks[row.id] = { url: row.url, host: mentionHost(row.url) };
  }
  return marks;
}
