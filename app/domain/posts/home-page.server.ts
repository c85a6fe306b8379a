/** What the home page shows (docs/behaviour.md §reading). */
import { and, desc, eq, gte, sql } from "drizzle-orm";
import { posts } from "#db/schema";
import { withBylines } from "~/domain/bylines/listing.server";
import { homeSectionChoices } from "~/domain/posts/home-sections.server";
import { selectPostsJoined } from "~/domain/posts/joined.server";
import {
  listColumns,
  listPublishedPosts,
  type PostListItem,
  toListItem,
} from "~/domain/posts/reading.server";
import type { HomeSectionKey } from "~/domain/posts/sections";
import { type Db, preparedOnce } from "~/platform/db.server";

const WEEK_MS = 7 * 24 * 60 * 60 * 1000;

/**
 * "This Week's Leading Conversations": published posts of the last 7 days by
 * engagement (views + likes + shares), topped up with the newest when the week
 * was quiet. One or two queries.
 */
const leadingQuery = preparedOnce((db) =>
  selectPostsJoined(db, listColumns)
    .where(and(eq(posts.status, "published"), gte(posts.timestamp, sql.placeholder("since"))))
    .orderBy(desc(sql`${posts.views} + ${posts.likes} + ${posts.shares}`), desc(posts.timestamp))
    .limit(sql.placeholder("limit"))
    .prepare(),
);

export function listLeadingConversations(db: Db, limit: number, now = Date.now()): PostListItem[] {
  const recent = withBylines(
    db,
    leadingQuery(db)
      .all({ since: now - WEEK_MS, limit })
      .map(toListItem),
  );
  if (recent.length >= limit) return recent;
  const seen = new Set(recent.map((p) => p.id));
  const newest = listPublishedPosts(db, { limit: limit * 2 }).filter((p) => !seen.has(p.id));
  return [...recent, ...newest].slice(0, limit);
}

export type HomeSections = {
  /** Each section's category slug, for its Load More link (null: no category). */
  more: Record<HomeSectionKey, string | null>;
  featured: PostListItem | null;
  leading: PostListItem[];
  freshlyPressed: PostListItem[];
  sponsored: PostListItem[];
  newsletters: PostListItem[];
  crypto: PostListItem[];
};

/** Everything the home page shows, read at once, so nothing renders half-loaded (docs/behaviour.md §reading). */
export function getHomeSections(db: Db): HomeSections {
  const choices = homeSectionChoices(db);
  const list = (key: HomeSectionKey) => {
    const { category, limit } = choices[key];
    return category ? listPublishedPosts(db, { categoryId: category.id, limit }) : [];
  };
  const [leading, freshlyPressed, sponsored, newsletters, crypto] = [
    listLeadingConversations(db, 6),
    list("freshlyPressed"),
    list("sponsored"),
    list("newsletters"),
    list("crypto"),
  ];
  return {
    more: {
      freshlyPressed: choices.freshlyPressed.category?.slug ?? null,
      sponsored: choices.sponsored.category?.slug ?? null,
      newsletters: choices.newsletters.category?.slug ?? null,
      crypto: choices.crypto.category?.slug ?? null,
    },
    featured: leading[0] ?? null,
    leading: leading.slice(1),
    freshlyPressed,
    sponsored,
    newsletters,
    crypto,
  };
}
