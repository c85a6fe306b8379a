/**
 * Who a byline names, for the "own posts" rule (app/domain/access/ownership.ts): a staff member
 * named in a post's byline changes it as if it were their own (docs/behaviour.md §bylines,
 * docs/decisions/200-who-changes-a-byline.md). Both read `post_contributors_user_idx`.
 */
import { and, eq, inArray, type SQL } from "drizzle-orm";
import { postContributors, posts } from "#db/schema";
import { mayTouchPost } from "~/domain/access/ownership";
import type { DbOrTx } from "~/platform/db.server";

/** Whether post `postId`'s byline names user `userId` (in any role). */
export function bylineNames(db: DbOrTx, postId: number, userId: number): boolean {
  return (
    db
      .select({ postId: postContributors.postId })
      .from(postContributors)
      .where(and(eq(postContributors.userId, userId), eq(postContributors.postId, postId)))
      .get() !== undefined
  );
}

/** `mayTouchPost` for a stored post: the byline is read only when ownership alone says no. */
export function mayTouchStoredPost(
  db: DbOrTx,
  actor: { id: number; role: Parameters<typeof mayTouchPost>[0]["role"] },
  post: { id: number; authorId: number | null },
): boolean {
  return (
    mayTouchPost(actor, post.authorId) ||
    mayTouchPost(actor, post.authorId, bylineNames(db, post.id, actor.id))
  );
}

/** The posts whose byline names user `userId`, as an SQL condition on `posts.id`. */
export function postsCreditingUser(db: DbOrTx, userId: number): SQL {
  return inArray(
    posts.id,
    db
      .select({ id: postContributors.postId })
      .from(postContributors)
      .where(eq(postContributors.userId, userId)),
  );
}

/** The posts whose byline names guest `guestId`, as an SQL condition on `posts.id`. */
export function postsCreditingGuest(db: DbOrTx, guestId: number): SQL {
  return inArray(
    posts.id,
    db
      .select({ id: postContributors.postId })
      .from(postContributors)
      .where(eq(postContributors.guestId, guestId)),
  );
}
