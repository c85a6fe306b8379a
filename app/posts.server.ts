/**
 * What readers can see of posts. Every list is one query (posts joined with
 * their category and author), never a query per card.
 */
import { and, count, desc, eq, inArray, type SQL } from "drizzle-orm";
import { categories, type PostStatus, posts, postTags, tags, users } from "#db/schema";
import type { Db } from "~/db.server";

export type PostListItem = {
  id: number;
  url: string;
  title: string;
  summary: string;
  photo: string | null;
  timestamp: Date;
  category: { name: string; slug: string } | null;
  user: { name: string; photo: string | null };
};

const listColumns = {
  id: posts.id,
  url: posts.url,
  title: posts.title,
  summary: posts.summary,
  photo: posts.photo,
  timestamp: posts.timestamp,
  categoryName: categories.name,
  categorySlug: categories.slug,
  authorName: users.name,
  authorPhoto: users.photo,
};

type ListRow = {
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
};

function toListItem(r: ListRow): PostListItem {
  return {
    id: r.id,
    url: r.url,
    title: r.title,
    summary: r.summary,
    photo: r.photo,
    timestamp: r.timestamp,
    category: r.categoryName ? { name: r.categoryName, slug: r.categorySlug ?? "" } : null,
    user: { name: r.authorName ?? "Inkwell Staff", photo: r.authorPhoto },
  };
}

export type ListOptions = { categoryId?: number; tagId?: number; limit: number; offset?: number };

/** Published, optionally in one category or with one tag (uses post_tags_tag_idx). */
function publishedWhere(db: Db, opts: Pick<ListOptions, "categoryId" | "tagId">): SQL | undefined {
  const where: SQL[] = [eq(posts.status, "published")];
  if (opts.categoryId !== undefined) where.push(eq(posts.categoryId, opts.categoryId));
  if (opts.tagId !== undefined) {
    where.push(
      inArray(
        posts.id,
        db.select({ id: postTags.postId }).from(postTags).where(eq(postTags.tagId, opts.tagId)),
      ),
    );
  }
  return and(...where);
}

/** Published posts, newest first. */
export function listPublishedPosts(db: Db, opts: ListOptions): PostListItem[] {
  const rows = db
    .select(listColumns)
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(publishedWhere(db, opts))
    .orderBy(desc(posts.timestamp), desc(posts.id))
    .limit(opts.limit)
    .offset(opts.offset ?? 0)
    .all();
  return rows.map(toListItem);
}

export function countPublishedPosts(db: Db, opts: Pick<ListOptions, "categoryId" | "tagId">) {
  return db.select({ n: count() }).from(posts).where(publishedWhere(db, opts)).get()?.n ?? 0;
}

export type PostDetail = PostListItem & {
  status: PostStatus;
  slug: string;
  content: string;
  tags: { name: string; slug: string }[];
  socialCard: { name: string; description: string; image: string; blur: number } | null;
  views: number;
  likes: number;
  shares: number;
};

/** A post by id with its category, author and tags, whatever its status. */
export function getPostById(db: Db, id: number): PostDetail | undefined {
  const row = db
    .select({
      ...listColumns,
      status: posts.status,
      slug: posts.slug,
      content: posts.content,
      socialCard: posts.socialCard,
      views: posts.views,
      likes: posts.likes,
      shares: posts.shares,
    })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(eq(posts.id, id))
    .get();
  if (!row) return undefined;
  const postTagRows = db
    .select({ name: tags.name, slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(eq(postTags.postId, id))
    .orderBy(tags.name)
    .all();
  return {
    ...toListItem(row),
    status: row.status,
    slug: row.slug,
    content: row.content,
    tags: postTagRows,
    socialCard: row.socialCard ?? null,
    views: row.views,
    likes: row.likes,
    shares: row.shares,
  };
}

/** A post as readers may see it: published only (ARCHITECTURE §5); otherwise undefined. */
export function getPublishedPost(db: Db, id: number): PostDetail | undefined {
  const post = getPostById(db, id);
  return post?.status === "published" ? post : undefined;
}
