/**
 * Posts as the back office and the generic data calls see them: the staff
 * document of a post, the posts list with its filter tabs, and the post the
 * editor opens. Who sees what follows the "own posts only" rule of
 * `~/domain/access/ownership`.
 */

import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  categories,
  type Post,
  postStatusCounts,
  posts,
  postTags,
  type SocialCard,
  tags,
  users,
} from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { ownPostsOnly } from "~/domain/access/ownership";
import {
  mayTouchStoredPost,
  postsCreditingGuest,
  postsCreditingUser,
} from "~/domain/bylines/membership.server";
import { forbidden, notFound, parseInput } from "~/domain/errors.server";
import { authorNameColumn } from "~/domain/posts/author-name.server";
import { selectPostsJoined } from "~/domain/posts/joined.server";
import { isPostStatus, POST_STATUSES, type PostStatus } from "~/domain/posts/statuses";
import type { PostVisibility } from "~/domain/posts/visibility";
import { postsMatching } from "~/domain/search/search.server";
import { type Db, getDb } from "~/platform/db.server";
import { groupBy } from "~/utils/group";
import { formatDuration } from "~/utils/time";

/** A post as staff (and the generic data calls) see it. */
export type PostDocument = {
  id: number;
  uid: string;
  status: PostStatus;
  title: string;
  slug: string;
  url: string;
  summary: string;
  content: string;
  /** Category name; "" when the category was deleted. */
  category: string;
  tags: string[];
  photo: string | null;
  socialCard: SocialCard | null;
  /** Readers may not comment (docs/behaviour.md §comments). */
  commentsClosed: boolean;
  /** Who may read the body: public or members (docs/members.md). */
  visibility: PostVisibility;
  views: number;
  likes: number;
  shares: number;
  /** "Xm Ys". */
  avgTime: string;
  bounceRate: number;
  /** Epoch milliseconds. */
  timestamp: number;
  createdAt: number;
  updatedAt: number;
  /** When a scheduled post goes live (epoch ms); null unless `status` is scheduled. */
  publishAt: number | null;
  /** Every write adds one; send it back with an update to refuse a stale save (409). */
  version: number;
  user: { uid: string | null; name: string; photo: string | null };
};

const documentColumns = {
  post: posts,
  categoryName: categories.name,
  authorUid: users.uid,
  authorName: authorNameColumn,
  authorPhoto: users.photo,
};

export type PostQuery = {
  where?: SQL;
  limit?: number;
  offset?: number;
  order?: "newest" | "oldest";
};

/** Posts as documents: one query for the posts, one for all their tags. */
export function postDocuments(db: Db, query: PostQuery = {}): PostDocument[] {
  const rows = selectPostsJoined(db, documentColumns)
    .where(query.where)
    .orderBy(
      query.order === "oldest" ? asc(posts.timestamp) : desc(posts.timestamp),
      query.order === "oldest" ? asc(posts.id) : desc(posts.id),
    )
    .limit(query.limit ?? -1)
    .offset(query.offset ?? 0)
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.post.id);
  const tagRows = db
    .select({ postId: postTags.postId, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, ids))
    .orderBy(asc(tags.name))
    .all();
  const tagsByPost = groupBy(tagRows, (t) => [t.postId, t.name]);
  return rows.map((r) => ({
    id: r.post.id,
    uid: r.post.uid,
    status: r.post.status,
    title: r.post.title,
    slug: r.post.slug,
    url: r.post.url,
    summary: r.post.summary,
    content: r.post.content,
    category: r.categoryName ?? "",
    tags: tagsByPost.get(r.post.id) ?? [],
    photo: r.post.photo,
    socialCard: r.post.socialCard ?? null,
    commentsClosed: r.post.commentsClosed,
    visibility: r.post.visibility,
    views: r.post.views,
    likes: r.post.likes,
    shares: r.post.shares,
    avgTime: formatDuration(r.post.avgTimeSeconds),
    bounceRate: r.post.bounceRate,
    timestamp: r.post.timestamp.getTime(),
    createdAt: r.post.createdAt.getTime(),
    updatedAt: r.post.updatedAt.getTime(),
    publishAt: r.post.publishAt?.getTime() ?? null,
    version: r.post.version,
    user: { uid: r.authorUid, name: r.authorName ?? "Inkwell Staff", photo: r.authorPhoto },
  }));
}

/** The posts `actor` may see as an SQL condition (their own and those crediting them), or undefined for all. */
export function visiblePostsCondition(actor: SessionUser, db: Db = getDb()): SQL | undefined {
  const owner = ownPostsOnly(actor);
  return owner === undefined
    ? undefined
    : or(eq(posts.authorId, owner), postsCreditingUser(db, owner));
}

/** 403 unless the actor's role writes posts (Subscribers write nothing). */
export function assertWriter(actor: SessionUser) {
  if (!can(actor.role, "writePosts")) throw forbidden("Your role cannot write posts");
}

/** A post the actor may change: 404 when missing, 403 when it is someone else's. */
export function loadOwnedPost(db: Db, actor: SessionUser, id: number): Post {
  assertWriter(actor);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound("Post not found");
  const row = db.select().from(posts).where(eq(posts.id, id)).get();
  if (!row) throw notFound("Post not found");
  if (!mayTouchStoredPost(db, actor, row)) throw forbidden("You can only change your own posts");
  return row;
}

/** A post the actor may open in the editor (403 for someone else's, 404 when missing). */
export function getEditablePost(actor: SessionUser, id: number, db: Db = getDb()): PostDocument {
  const row = loadOwnedPost(db, actor, id);
  const [doc] = postDocuments(db, { where: eq(posts.id, row.id) });
  return doc as PostDocument;
}

/** The admin posts list shows 25 a page. */
export const ADMIN_POSTS_PAGE_SIZE = 25;

/** The posts list's query string (`/admin/posts?page=&status=`, plus the search `q`). */
export const AdminPostListSchema = z.object({
  status: z.preprocess(
    (v) => (v === "" || v === "all" || v === null ? undefined : v),
    z
      .enum(POST_STATUSES, {
        error: "status must be draft, reviewing, scheduled, published or trash",
      })
      .optional(),
  ),
  page: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int("page must be a whole number").min(1).max(1_000_000).default(1),
  ),
  search: z.string().trim().max(200, "search: at most 200 characters").default(""),
  /** A contributor the byline names: `u12` a staff user, `g3` a guest (docs/behaviour.md §bylines). */
  contributor: z.preprocess(
    (v) => (v === null ? undefined : v),
    z
      .string()
      .trim()
      .regex(/^(?:[ug][1-9]\d{0,14})?$/, "contributor must be u<id> or g<id>")
      .default(""),
  ),
  /** By date (the post's timestamp: when it entered its status): newest first unless "oldest". */
  order: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.enum(["newest", "oldest"], { error: "order must be newest or oldest" }).default("newest"),
  ),
});

/** A row of the posts list: what the screen shows, never the content. */
export type AdminPostRow = Pick<
  PostDocument,
  "id" | "title" | "status" | "url" | "category" | "publishAt" | "visibility"
> & {
  user: { uid: string | null; name: string };
  /** When the post entered its status (published, saved, trashed), epoch ms. */
  timestamp: number;
};

export type AdminPostList = {
  posts: AdminPostRow[];
  /** Per filter tab; `all` is every status but trash. */
  counts: Record<"all" | PostStatus, number>;
  /** Posts matching the filter and search (for the pagination). */
  total: number;
  page: number;
  pageCount: number;
  status: PostStatus | undefined;
  search: string;
  contributor: string;
  order: "newest" | "oldest";
};

/**
 * The back office's posts list: the actor's visible posts (their own for
 * Authors and Contributors), newest first, 25 a page, filtered by status
 * ("All" leaves out the trash, as WordPress does) and by a full-text search
 * (title, summary, body, category, tags, author: docs/behaviour.md §search),
 * with the count of every filter tab. Three queries whatever the page size.
 */
export function listPostsForAdmin(
  actor: SessionUser,
  input: unknown = {},
  db: Db = getDb(),
): AdminPostList {
  assertWriter(actor);
  const { status, page, search, order, contributor } = parseInput(AdminPostListSchema, input);
  const visible = visiblePostsCondition(actor, db);
  const counts: AdminPostList["counts"] = {
    all: 0,
    draft: 0,
    reviewing: 0,
    scheduled: 0,
    published: 0,
    trash: 0,
  };
  // Everyone's posts: the counts the triggers keep (one read whatever the archive's size);
  // one's own: counted on (author_id, status, timestamp).
  const statusCounts = visible
    ? db
        .select({ status: posts.status, n: sql<number>`count(*)` })
        .from(posts)
        .where(visible)
        .groupBy(posts.status)
        .all()
    : db
        .select({ status: postStatusCounts.status, n: postStatusCounts.n })
        .from(postStatusCounts)
        .all();
  for (const row of statusCounts) {
    if (!isPostStatus(row.status)) continue;
    counts[row.status] = row.n;
    if (row.status !== "trash") counts.all += row.n;
  }
  const where = and(
    visible,
    status ? eq(posts.status, status) : ne(posts.status, "trash"),
    // The same full-text index as the readers' search; words that are no word match nothing.
    search ? (postsMatching(search) ?? sql`0`) : undefined,
    contributor ? creditedCondition(db, contributor) : undefined,
  );
  const total =
    search || contributor
      ? (db.select({ n: sql<number>`count(*)` }).from(posts).where(where).get()?.n ?? 0)
      : status
        ? counts[status]
        : counts.all;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_POSTS_PAGE_SIZE));
  const list = adminPostRows(db, where, (page - 1) * ADMIN_POSTS_PAGE_SIZE, order);
  return { posts: list, counts, total, page, pageCount, status, search, contributor, order };
}

/** `u12` / `g3` → the posts whose byline names that user or guest (an indexed subquery). */
function creditedCondition(db: Db, contributor: string): SQL {
  const id = Number(contributor.slice(1));
  return contributor[0] === "u" ? postsCreditingUser(db, id) : postsCreditingGuest(db, id);
}

/**
 * One page of the posts list, newest first. The page's 25 ids are found on
 * an index alone ((status, timestamp) or (timestamp, status), both carrying
 * the id), skipping the earlier pages' index entries rather than whole rows;
 * then only those 25 rows are read, and only the columns the list shows.
 */
function adminPostRows(
  db: Db,
  where: SQL | undefined,
  offset: number,
  order: "newest" | "oldest",
): AdminPostRow[] {
  const byDate =
    order === "oldest"
      ? [asc(posts.timestamp), asc(posts.id)]
      : [desc(posts.timestamp), desc(posts.id)];
  const pageIds = db
    .select({ id: posts.id })
    .from(posts)
    .where(where)
    .orderBy(...byDate)
    .limit(ADMIN_POSTS_PAGE_SIZE)
    .offset(offset);
  return selectPostsJoined(db, {
    id: posts.id,
    title: posts.title,
    status: posts.status,
    url: posts.url,
    visibility: posts.visibility,
    publishAt: posts.publishAt,
    timestamp: posts.timestamp,
    category: categories.name,
    authorUid: users.uid,
    authorName: authorNameColumn,
  })
    .where(inArray(posts.id, pageIds))
    .orderBy(...byDate)
    .all()
    .map(({ authorUid, authorName, category, publishAt, timestamp, ...row }) => ({
      ...row,
      timestamp: timestamp.getTime(),
      publishAt: publishAt?.getTime() ?? null,
      category: category ?? "",
      user: { uid: authorUid, name: authorName ?? "Inkwell Staff" },
    }));
}
