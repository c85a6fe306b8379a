/**
 * A post's author hears of each comment on their post once
 * (docs/decisions/132-comment-author-notice.md): when it is stored pending or
 * approved, or, for one caught as spam, when a moderator approves it. Their
 * own comments (written as staff, or with their e-mail) are never announced.
 * `author_notified_at` is claimed in the same UPDATE that picks the comments,
 * so two requests cannot announce one comment twice.
 */
import { and, count, eq, gt, inArray, isNull } from "drizzle-orm";
import { comments, posts, users } from "#db/schema";
import { DIGEST_WINDOW_MS, notifyPostAuthorOfComment } from "~/domain/notifications/notify.server";
import type { Db } from "~/platform/db.server";

/** Announces the given comments to their posts' authors; returns how many mails were queued. */
export function announceComments(db: Db, ids: number[], now = new Date()): number {
  if (ids.length === 0) return 0;
  const claimed = db
    .update(comments)
    .set({ authorNotifiedAt: now })
    .where(
      and(
        inArray(comments.id, ids),
        isNull(comments.authorNotifiedAt),
        inArray(comments.status, ["pending", "approved"]),
      ),
    )
    .returning({
      id: comments.id,
      postId: comments.postId,
      name: comments.name,
      email: comments.email,
      body: comments.body,
      status: comments.status,
      userId: comments.userId,
    })
    .all();
  let mailed = 0;
  for (const comment of claimed) {
    try {
      if (announce(db, comment, now)) mailed += 1;
    } catch (error) {
      // The comment is stored; a failed notice is logged, never the reader's error.
      console.error("Comment notice not sent:", error instanceof Error ? error.message : error);
    }
  }
  return mailed;
}

function announce(
  db: Db,
  comment: {
    id: number;
    postId: number;
    name: string;
    email: string;
    body: string;
    status: string;
    userId: number | null;
  },
  now: Date,
): boolean {
  const post = db
    .select({
      title: posts.title,
      url: posts.url,
      authorId: posts.authorId,
      authorEmail: users.email,
      authorRole: users.role,
    })
    .from(posts)
    .innerJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, comment.postId))
    .get();
  if (!post || post.authorId === null) return false;
  const own =
    comment.userId === post.authorId ||
    comment.email.trim().toLowerCase() === post.authorEmail.trim().toLowerCase();
  if (own) return false;
  const recent =
    db
      .select({ n: count() })
      .from(comments)
      .innerJoin(posts, eq(posts.id, comments.postId))
      .where(
        and(
          eq(posts.authorId, post.authorId),
          gt(comments.authorNotifiedAt, new Date(now.getTime() - DIGEST_WINDOW_MS)),
        ),
      )
      .get()?.n ?? 0;
  return notifyPostAuthorOfComment(db, {
    post: { title: post.title, url: post.url },
    author: { email: post.authorEmail, isAdministrator: post.authorRole === "Administrator" },
    comment: {
      id: comment.id,
      name: comment.name,
      body: comment.body,
      status: comment.status === "approved" ? "approved" : "pending",
    },
    recent,
  });
}
