/**
 * The one rule for what a viewer may read of a post (docs/members.md "Members-only posts"):
 * every channel that shows a post's body (the post page and its loader data, the JSON API,
 * feeds, search, Markdown, ActivityPub, oEmbed) asks `canRead` or `readableContent` here.
 *
 * A post's visibility names its audience; `AUDIENCES` says which viewers belong to each.
 * Paid tiers would be more audiences (and a member's tiers on `Member`), nothing else.
 */
import type { SessionUser } from "~/domain/access/actor.server";
import type { Member } from "~/domain/members/session.server";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import {
  MEMBERS_MARKER_CLASS,
  POST_VISIBILITIES,
  type PostVisibility,
} from "~/domain/posts/visibility";

export type Viewer =
  | { kind: "anonymous" }
  | { kind: "member"; member: Member }
  /** A signed-in back-office user: reads everything published; drafts only as previews they may see. */
  | { kind: "staff"; user: SessionUser };

export const ANONYMOUS: Viewer = { kind: "anonymous" };

const AUDIENCES: Record<PostVisibility, (viewer: Viewer) => boolean> = {
  public: () => true,
  members: (viewer) => viewer.kind === "member" || viewer.kind === "staff",
};

export type ReadablePost = { visibility: PostVisibility; status: string };

/**
 * Whether `viewer` may read the whole of `post`. Only staff read a post that is not published
 * (the preview rules of docs/behaviour.md §reading are checked before, where the post is found).
 */
export function canRead(viewer: Viewer, post: ReadablePost): boolean {
  if (post.status !== "published") return viewer.kind === "staff";
  return AUDIENCES[post.visibility](viewer);
}

/** The visibilities of the published posts `viewer` may read whole (search filters by them). */
export function readableAudiences(viewer: Viewer): PostVisibility[] {
  return POST_VISIBILITIES.filter((visibility) => AUDIENCES[visibility](viewer));
}

/** Whether the post's body is for some readers only (its teaser is all others get). */
export function isRestricted(post: { visibility: PostVisibility }): boolean {
  return post.visibility !== "public";
}

const MARKER = new RegExp(`<hr\\b[^>]*\\bclass="[^"]*\\b${MEMBERS_MARKER_CLASS}\\b[^>]*>`, "i");

/**
 * The part of stored post HTML shown to everyone: what comes before the "members-only from here"
 * marker, sanitised again so a marker placed inside a block leaves well-formed HTML; "" without one.
 */
export function teaserOf(html: string): string {
  const at = html.search(MARKER);
  return at <= 0 ? "" : sanitizePostHtml(html.slice(0, at)).trim();
}

/**
 * The stored HTML `viewer` may read: the whole content (`complete`), or the teaser. The caller
 * renders it as it would the content; the rest never leaves this function.
 */
export function readableContent(
  viewer: Viewer,
  post: ReadablePost & { content: string },
): { html: string; complete: boolean } {
  if (canRead(viewer, post)) return { html: post.content, complete: true };
  return { html: teaserOf(post.content), complete: false };
}
