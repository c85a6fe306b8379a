/**
 * The signed-in user's landing list at /admin/posts (SPEC §4: sign-in goes
 * there). A first, read-only version for issue 5; the full posts screen
 * (filters, row actions) is issue 6's and replaces this.
 *
 * Visibility (SPEC §6): Administrators and Editors see every post; Authors
 * and Contributors only their own. Trashed posts are left out.
 */
import { and, count, desc, eq, ne, type SQL } from "drizzle-orm";
import { categories, type PostStatus, posts, users } from "#db/schema";
import type { SessionUser } from "~/auth.server";
import { getDb } from "~/db.server";
import { forbidden } from "~/errors.server";
import { can } from "~/utils/permissions";

export const ADMIN_POSTS_PAGE_SIZE = 25;

export type AdminPostRow = {
  id: number;
  title: string;
  status: PostStatus;
  url: string;
  category: string | null;
  author: string | null;
  timestamp: number;
};

export function listVisiblePosts(
  actor: SessionUser,
  page: number,
): { posts: AdminPostRow[]; total: number; page: number; pages: number } {
  if (!can(actor.role, "writePosts")) throw forbidden("Your role has no posts");
  const db = getDb();
  const where: SQL[] = [ne(posts.status, "trash")];
  if (!can(actor.role, "seeAllPosts")) where.push(eq(posts.authorId, actor.id));
  const condition = and(...where);
  const total = db.select({ n: count() }).from(posts).where(condition).get()?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / ADMIN_POSTS_PAGE_SIZE));
  const current = Math.min(Math.max(1, Math.floor(page) || 1), pages);
  const rows = db
    .select({
      id: posts.id,
      title: posts.title,
      status: posts.status,
      url: posts.url,
      category: categories.name,
      author: users.name,
      timestamp: posts.timestamp,
    })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(condition)
    .orderBy(desc(posts.timestamp), desc(posts.id))
    .limit(ADMIN_POSTS_PAGE_SIZE)
    .offset((current - 1) * ADMIN_POSTS_PAGE_SIZE)
    .all();
  return {
    posts: rows.map((r) => ({ ...r, timestamp: r.timestamp.getTime() })),
    total,
    page: current,
    pages,
  };
}
