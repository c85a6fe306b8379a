/**
 * What feeds, WebSub pushes and oEmbed cards may show of a members-only post
 * (posts.visibility = "members", docs/integrations.md "Feeds"): its title marked
 * MEMBERS_ONLY_MARK and its summary, never its content. Feeds are public: who may read is
 * the anonymous reader of the one rule (app/domain/access/reading.server.ts).
 */
import { ANONYMOUS, canRead } from "~/domain/access/reading.server";
import type { PostVisibility } from "~/domain/posts/visibility";

export const MEMBERS_ONLY_MARK = "(members only)";

/** Whether a post's whole content is kept out of public feeds and embeds. */
export function isMembersOnlyInFeeds(post: { visibility: PostVisibility }): boolean {
  return !canRead(ANONYMOUS, { visibility: post.visibility, status: "published" });
}

/** The title as feeds and cards show it: marked when the post is members-only. */
export function publicTitle(post: { title: string; visibility: PostVisibility }): string {
  return isMembersOnlyInFeeds(post) ? `${post.title} ${MEMBERS_ONLY_MARK}` : post.title;
}
