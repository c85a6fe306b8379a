/**
 * What readers can see of posts. Every list is one query (posts joined with
 * their category and author), never a query per card.
 */

import { and, count, eq, inArray, ne, type SQL, sql } from "drizzle-orm";
import { categories, postContributors, posts, postTags, tags, users } from "#db/schema";
import { toBylineNames, withBylines } from "~/domain/bylines/listing.server";
import { type BylineEntry, bylineOf } from "~/domain/bylines/read.server";
import type { BylineName } from "~/domain/bylines/sentence";
import { imageFor } from "~/domain/media/image-manifest.server";
import type { ImageInfo } from "~/domain/media/renditions";
import { authorNameColumn } from "~/domain/posts/author-name.server";
import { NEWEST_FIRST, selectPostsJoined } from "~/domain/posts/joined.server";
import { POST_STATUSES, type PostStatus } from "~/domain/posts/statuses";
import type { PostVisibility } from "~/domain/posts/visibility";
import { type Db, preparedOnce } from "~/platform/db.server";
import { keptUntilWrite } from "~/platform/write-mark.server";

export type PostListItem = {
  id: number;
  url: string;
  title: string;
  summary: string;
  photo: string | null;
  /** Dimensions and renditions of the photo, when known (docs/decisions/060-image-renditions.md). */
  image: ImageInfo | null;
  timestamp: Date;
  category: { name: string; slug: string } | null;
  /** `slug` is the author page's (`/author/{slug}`); null when the post has no author. */
  user: { name: string; photo: string | null; slug: string | null };
  /** Approved comments (docs/behaviour.md §comments). */
  comments: number;
  /** Every contributor in order (docs/behaviour.md §bylines); [] until `withBylines` fills it. */
  byline: BylineName[];
};

/** What every list of posts shows of one. */
const cardColumns = {
  id: posts.id,
  url: posts.url,
  title: posts.title,
  summary: posts.summary,
  photo: posts.photo,
  timestamp: posts.timestamp,
};

export const listColumns = {
  ...cardColumns,
  categoryName: categories.name,
  categorySlug: categories.slug,
  authorName: authorNameColumn,
  authorPhoto: users.photo,
  authorSlug: users.slug,
  // Qualified by hand: drizzle writes bare column names inside a sql`` select field.
  comments: sql<number>`(select count(*) from "comments" where "comments"."post_id" = "posts"."id" and "comments"."status" = 'approved')`,
};

export type ListRow = {
  id: number;
  url: string;
  title: string;
  summary: string;
  photo: string | null;
  timestamp: Date;
  categoryName: string | null;
  categorySlug: string | null;
  authorName: string | null;
  authorPhoto: string | null;
  authorSlug: string | null;
  comments: number;
};

export function toListItem(r: ListRow): PostListItem {
  return {
    id: r.id,
    url: r.url,
    title: r.title,
    summary: r.summary,
    photo: r.photo,
    image: imageFor(r.photo),
    timestamp: r.timestamp,
    category: r.categoryName ? { name: r.categoryName, slug: r.categorySlug ?? "" } : null,
    byline: [],
    user: { name: r.authorName ?? "Inkwell Staff", photo: r.authorPhoto, slug: r.authorSlug },
    comments: Number(r.comments),
  };
}

/** A contributor whose posts a list holds: through the byline, whatever their role. */
export type ContributorRef = { userId: number } | { guestId: number };

export type ListOptions = {
  categoryId?: number;
  /** A category by its URL slug. */
  categorySlug?: string;
  tagId?: number;
  authorId?: number;
  contributor?: ContributorRef;
  limit: number;
  offset?: number;
};

type ListFilter = Pick<
  ListOptions,
  "categoryId" | "categorySlug" | "tagId" | "authorId" | "contributor"
>;

/** The posts whose byline holds the contributor: one range of post_contributors' user or guest index. */
function contributorWhere(c: ContributorRef): SQL {
  return "userId" in c
    ? sql`${posts.id} in (select ${postContributors.postId} from ${postContributors} where ${postContributors.userId} = ${c.userId})`
    : sql`${posts.id} in (select ${postContributors.postId} from ${postContributors} where ${postContributors.guestId} = ${c.guestId})`;
}

/** Published, optionally in one category or with one tag. */
function publishedWhere(db: Db, opts: ListFilter): SQL | undefined {
  const where: SQL[] = [eq(posts.status, "published")];
  if (opts.authorId !== undefined) where.push(eq(posts.authorId, opts.authorId));
  if (opts.contributor !== undefined) where.push(contributorWhere(opts.contributor));
  if (opts.categoryId !== undefined) where.push(eq(posts.categoryId, opts.categoryId));
  if (opts.categorySlug !== undefined) {
    // Looked up first: `category_id = ?` lets SQLite walk the category's
    // (category_id, status, timestamp) index newest first; an `in (subquery)`
    // made it walk every published post instead.
    const category = db
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.slug, opts.categorySlug))
      .get();
    where.push(category ? eq(posts.categoryId, category.id) : sql`0`);
  }
  if (opts.tagId !== undefined) {
    // A correlated EXISTS: SQLite walks the published posts newest first on
    // (status, timestamp) and probes post_tags for each, stopping when the
    // page is full, instead of reading and sorting every post of the tag.
    where.push(
      sql`exists (select 1 from ${postTags} where ${postTags.postId} = ${posts.id} and ${postTags.tagId} = ${opts.tagId})`,
    );
  }
  return and(...where);
}

// The two shapes every home page and category page asks for, built once per connection.
const newestQuery = preparedOnce((db) =>
  selectPostsJoined(db, listColumns)
    .where(eq(posts.status, "published"))
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

const newestInCategoryQuery = preparedOnce((db) =>
  selectPostsJoined(db, listColumns)
    .where(and(eq(posts.status, "published"), eq(posts.categoryId, sql.placeholder("categoryId"))))
    .orderBy(...NEWEST_FIRST)
    .limit(sql.placeholder("limit"))
    .offset(sql.placeholder("offset"))
    .prepare(),
);

/** Published posts, newest first. */
export function listPublishedPosts(db: Db, opts: ListOptions): PostListItem[] {
  const { categoryId, categorySlug, tagId, authorId, contributor, limit } = opts;
  const offset = opts.offset ?? 0;
  if (
    categorySlug === undefined &&
    tagId === undefined &&
    authorId === undefined &&
    contributor === undefined
  ) {
    const rows =
      categoryId === undefined
        ? newestQuery(db).all({ limit, offset })
        : newestInCategoryQuery(db).all({ categoryId, limit, offset });
    return withBylines(db, rows.map(toListItem));
  }
  const rows = selectPostsJoined(db, listColumns)
    .where(publishedWhere(db, opts))
    .orderBy(...NEWEST_FIRST)
    .limit(opts.limit)
    .offset(opts.offset ?? 0)
    .all();
  return withBylines(db, rows.map(toListItem));
}

const UNPUBLISHED = POST_STATUSES.filter((s) => s !== "published");

/**
 * A tag's published posts, counted on indexes alone: every entry of the tag
 * (one range of post_tags_tag_idx, no row probed), less the tag's posts that
 * are not published, found from the (few) unpublished posts on the
 * status index, each probed once in post_tags. Probing each of the tag's
 * entries for its status cost twice as much at 100,000 posts.
 */
export function publishedTagCountSql(tagId: number): SQL {
  return sql`select (select count(*) from ${postTags} where ${postTags.tagId} = ${tagId}) - (select count(*) from ${posts} join ${postTags} on ${postTags.postId} = ${posts.id} and ${postTags.tagId} = ${tagId} where ${inArray(posts.status, UNPUBLISHED)}) as n`;
}

// Counting is the one part of a listing that grows with the archive (a category of 12,500 posts:
// 0.4 ms; a tag of 25,000: 0.6 ms), while the count changes only with a write.
const keptCounts = keptUntilWrite<number>(1000);

/**
 * How many published posts a listing has; kept until the next write to the
 * database (app/platform/write-mark.server.ts), so a fresh render of the same
 * category or tag does not count them again.
 */
export function countPublishedPosts(db: Db, opts: ListFilter): number {
  const c = opts.contributor;
  const who = c ? ("userId" in c ? `u${c.userId}` : `g${c.guestId}`) : "";
  const key = `${opts.categoryId}|${opts.categorySlug}|${opts.tagId}|${opts.authorId}|${who}`;
  return keptCounts(db, key, () => countNow(db, opts));
}

function countNow(db: Db, opts: ListFilter): number {
  if (
    opts.tagId !== undefined &&
    opts.categoryId === undefined &&
    opts.categorySlug === undefined &&
    opts.authorId === undefined &&
    opts.contributor === undefined
  ) {
    return db.get<{ n: number }>(publishedTagCountSql(opts.tagId))?.n ?? 0;
  }
  return db.select({ n: count() }).from(posts).where(publishedWhere(db, opts)).get()?.n ?? 0;
}

export type PostDetail = PostListItem & {
  uid: string;
  /** The author's user id (null when the account was deleted): "own posts" are matched by it. */
  authorId: number | null;
  status: PostStatus;
  /** Who may read the body (app/domain/access/reading.server.ts). */
  visibility: PostVisibility;
  slug: string;
  content: string;
  tags: { name: string; slug: string }[];
  socialCard: { name: string; description: string; image: string; blur: number } | null;
  views: number;
  likes: number;
  shares: number;
  avgTimeSeconds: number;
  bounceRate: number;
  /** Last edit: the structured data's `dateModified`. */
  updatedAt: Date;
  /** Readers may not comment (docs/behaviour.md §comments). */
  commentsClosed: boolean;
  /** The byline with each contributor's page, photo, bio and web address (docs/behaviour.md §bylines). */
  contributors: BylineEntry[];
};

const postByIdQuery = preparedOnce((db) =>
  selectPostsJoined(db, {
    ...listColumns,
    uid: posts.uid,
    authorId: posts.authorId,
    status: posts.status,
    visibility: posts.visibility,
    slug: posts.slug,
    content: posts.content,
    socialCard: posts.socialCard,
    views: posts.views,
    likes: posts.likes,
    shares: posts.shares,
    avgTimeSeconds: posts.avgTimeSeconds,
    bounceRate: posts.bounceRate,
    updatedAt: posts.updatedAt,
    commentsClosed: posts.commentsClosed,
  })
    .where(eq(posts.id, sql.placeholder("id")))
    .prepare(),
);

const postTagsQuery = preparedOnce((db) =>
  db
    .select({ name: tags.name, slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(eq(postTags.postId, sql.placeholder("id")))
    .orderBy(tags.name)
    .prepare(),
);

/** A post by id with its category, author and tags, whatever its status. */
export function getPostById(db: Db, id: number): PostDetail | undefined {
  const row = postByIdQuery(db).get({ id });
  if (!row) return undefined;
  const postTagRows = postTagsQuery(db).all({ id });
  const contributors = bylineOf(db, id);
  return {
    ...toListItem(row),
    byline: toBylineNames(contributors),
    contributors,
    uid: row.uid,
    authorId: row.authorId,
    status: row.status,
    visibility: row.visibility,
    slug: row.slug,
    content: row.content,
    tags: postTagRows,
    socialCard: row.socialCard ?? null,
    views: row.views,
    likes: row.likes,
    shares: row.shares,
    avgTimeSeconds: row.avgTimeSeconds,
    bounceRate: row.bounceRate,
    updatedAt: row.updatedAt,
    commentsClosed: row.commentsClosed,
  };
}

/** A post as readers may see it: published only (docs/behaviour.md §reading); otherwise undefined. */
export function getPublishedPost(db: Db, id: number): PostDetail | undefined {
  const post = getPostById(db, id);
  return post?.status === "published" ? post : undefined;
}

/**
 * The post's "Read also" link: the newest other published post of its
 * category, else the newest other published post.
 */
export function getReadAlso(
  db: Db,
  post: { id: number; category: { slug: string } | null },
): { url: string; title: string } | null {
  return (
    (post.category
      ? readAlsoInCategoryQuery(db).get({ slug: post.category.slug, id: post.id })
      : undefined) ??
    readAlsoQuery(db).get({ id: post.id }) ??
    null
  );
}

// The category found by its slug first (a scalar subquery, evaluated once), so SQLite walks
// (category_id, status, timestamp) newest first and stops at the first other post.
const readAlsoInCategoryQuery = preparedOnce((db) =>
  db
    .select({ url: posts.url, title: posts.title })
    .from(posts)
    .where(
      and(
        eq(posts.status, "published"),
        eq(
          posts.categoryId,
          // Qualified by hand: drizzle may write bare column names inside sql``.
          sql`(select "categories"."id" from "categories" where "categories"."slug" = ${sql.placeholder("slug")})`,
        ),
        ne(posts.id, sql.placeholder("id")),
      ),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(1)
    .prepare(),
);

const readAlsoQuery = preparedOnce((db) =>
  db
    .select({ url: posts.url, title: posts.title })
    .from(posts)
    .where(and(eq(posts.status, "published"), ne(posts.id, sql.placeholder("id"))))
    .orderBy(...NEWEST_FIRST)
    .limit(1)
    .prepare(),
);

/** Published posts for feeds and the sitemap: newest first, only what those need. */
export function listFeedPosts(
  db: Db,
  opts: { limit: number; categoryId?: number; tagId?: number; contributor?: ContributorRef },
) {
  return selectPostsJoined(db, {
    ...cardColumns,
    content: posts.content,
    visibility: posts.visibility,
    status: posts.status,
    updatedAt: posts.updatedAt,
    categoryName: categories.name,
    categorySlug: categories.slug,
    authorName: authorNameColumn,
    authorSlug: users.slug,
  })
    .where(
      publishedWhere(db, {
        categoryId: opts.categoryId,
        tagId: opts.tagId,
        contributor: opts.contributor,
      }),
    )
    .orderBy(...NEWEST_FIRST)
    .limit(opts.limit)
    .all();
}
