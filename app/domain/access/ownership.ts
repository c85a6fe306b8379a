/**
 * "Own posts only": Administrators and Editors (`seeAllPosts`) see and change
 * every post; Authors and Contributors only the posts they wrote or whose
 * byline names them (docs/behaviour.md §bylines, docs/decisions/200-who-changes-a-byline.md).
 * A post is matched to its author by user id, never by name: two people can
 * share a name, and a rename must not hand posts to someone else.
 *
 * The one statement of the rule; the posts list's SQL condition, the editor,
 * trash, delete, the generic data calls and the draft preview all go
 * through it. Browser-safe.
 */
import type { Role } from "#db/schema";
import { can } from "./capabilities";

type Actor = { id: number; role: Role };

/** The author whose posts `actor` is limited to, or undefined when they may see all posts. */
export function ownPostsOnly(actor: Actor): number | undefined {
  return can(actor.role, "seeAllPosts") ? undefined : actor.id;
}

/**
 * Whether `actor` may see and change a post written by `authorId` (null: the author is gone);
 * `inByline`: the post's byline names the actor (a co-author edits it as if it were theirs).
 */
export function mayTouchPost(actor: Actor, authorId: number | null, inByline = false): boolean {
  const owner = ownPostsOnly(actor);
  return owner === undefined || authorId === owner || inByline;
}

/** Whether `actor` owns the post or sees all posts: deleting it for good, changing any byline. */
export function ownsPost(actor: Actor, authorId: number | null): boolean {
  const owner = ownPostsOnly(actor);
  return owner === undefined || authorId === owner;
}
