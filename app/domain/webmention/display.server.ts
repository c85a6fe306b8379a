/**
 * How mentions show (docs/federation.md "Webmention"): a comment that came as a Webmention is
 * marked by what its source did, "Mentioned on {host}", "Liked on {host}", "Reposted on {host}"
 * or "Replied on {host}", with a link to that page, under the post and in the moderation screen.
 * Read by comment id, so the comments' own queries stay as they are.
 */
import { and, eq, inArray } from "drizzle-orm";
import { comments, webmentions } from "#db/schema";
import type { Db } from "~/platform/db.server";
import type { MentionKind } from "./h-entry.server";
import { mentionHost } from "./urls";

/** What marks a comment as a mention: the page, its host, what it did, and both as words. */
export type MentionMark = {
  url: string;
  host: string;
  kind: MentionKind;
  /** "Liked on example.com". */
  label: string;
  /** The moderation screen's badge: "Like". */
  badge: string;
};

const WORDS: Record<MentionKind, { verb: string; badge: string }> = {
  mention: { verb: "Mentioned", badge: "Mention" },
  reply: { verb: "Replied", badge: "Reply" },
  like: { verb: "Liked", badge: "Like" },
  repost: { verb: "Reposted", badge: "Repost" },
};

/** The mark of a mention from `url` of `kind`. */
export function mentionMark(url: string, kind: MentionKind): MentionMark {
  const host = mentionHost(url);
  const words = WORDS[kind];
  return { url, host, kind, label: `${words.verb} on ${host}`, badge: words.badge };
}

/** The mentions among the given comments, by comment id. */
export function mentionMarks(db: Db, commentIds: number[]): Record<number, MentionMark> {
  const marks: Record<number, MentionMark> = {};
  if (commentIds.length === 0) return marks;
  const rows = db
    .select({ id: comments.id, url: comments.remoteUrl, kind: webmentions.kind })
    .from(comments)
    .leftJoin(webmentions, eq(webmentions.commentId, comments.id))
    .where(and(inArray(comments.id, commentIds), eq(comments.source, "webmention")))
    .all();
  for (const row of rows) {
    if (row.url) marks[row.id] = mentionMark(row.url, row.kind ?? "mention");
  }
  return marks;
}
