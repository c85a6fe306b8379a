/**
 * The reads of the generic data calls (docs/api.md, "Generic data calls")
 * that no area answers by itself: a page of categories, tags, subscribers or
 * newsletters newest first, the settings record when it matches, a post
 * list scoped to what the actor may see, and a record's id by its uid. The
 * condition comes from the query language (query.server.ts).
 */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { categories, newsletters, posts, settings, subscribers, tags } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { notFound } from "~/domain/errors.server";
import { newsletterDocument } from "~/domain/newsletters/queue.server";
import { postDocuments, visiblePostsCondition } from "~/domain/posts/staff-views.server";
import { getSettings } from "~/domain/site/settings.server";
import { subscriberDocuments } from "~/domain/subscribers/staff.server";
import { toCategoryDocument, toTagDocument } from "~/domain/taxonomy/taxonomy.server";
import type { Db } from "~/platform/db.server";

export type Page = { limit: number; offset: number };

/** A page of `table`'s rows matching `where`, by `newest` (then id) descending. */
type Listed = typeof categories | typeof tags | typeof subscribers | typeof newsletters;

function newestFirst<T extends Listed>(
  db: Db,
  table: T,
  newest: SQLiteColumn,
  where: SQL | undefined,
  page: Page,
): T["$inferSelect"][] {
  return db
    .select()
    .from(table as typeof categories)
    .where(where)
    .orderBy(desc(newest), desc(table.id))
    .limit(page.limit)
    .offset(page.offset)
    .all();
}

/** Posts the actor may see (Authors and Contributors: their own) matching `where`. */
export function visiblePostDocuments(
  actor: SessionUser,
  db: Db,
  where: SQL | undefined,
  page: Page,
) {
  return postDocuments(db, { where: and(visiblePostsCondition(actor, db), where), ...page });
}

export function categoryDocuments(db: Db, where: SQL | undefined, page: Page) {
  return newestFirst(db, categories, categories.createdAt, where, page).map(toCategoryDocument);
}

export function tagDocuments(db: Db, where: SQL | undefined, page: Page) {
  return newestFirst(db, tags, tags.createdAt, where, page).map(toTagDocument);
}

export function subscriberPage(db: Db, where: SQL | undefined, page: Page) {
  return subscriberDocuments(db, newestFirst(db, subscribers, subscribers.timestamp, where, page));
}

export function newsletterDocuments(db: Db, where: SQL | undefined, page: Page) {
  return newestFirst(db, newsletters, newsletters.createdAt, where, page).map(newsletterDocument);
}

/** The one settings record as a document (times as epoch ms). */
export function settingsDocument(db: Db) {
  const { id: _id, updatedAt, ...rest } = getSettings(db);
  return { ...rest, updatedAt: updatedAt.getTime() };
}

/** The settings record, in a list, when it matches `where` (and the page starts at it). */
export function settingsDocuments(db: Db, where: SQL | undefined, page: Page) {
  const match = db.select({ n: count() }).from(settings).where(where).get()?.n ?? 0;
  return match > 0 && page.offset === 0 ? [settingsDocument(db)] : [];
}

const BY_UID = {
  posts: { table: posts, missing: "Post not found" },
  categories: { table: categories, missing: "Category not found" },
  tags: { table: tags, missing: "Tag not found" },
  subscribers: { table: subscribers, missing: "Subscriber not found" },
} as const;

/** A record's id by its uid; 404 (naming the kind of record) when there is none. */
export function recordByUid(
  db: Db,
  collection: keyof typeof BY_UID,
  uid: string,
): { id: number; uid: string } {
  const { table, missing } = BY_UID[collection];
  const t = table as typeof posts;
  const row = db.select({ id: t.id, uid: t.uid }).from(t).where(eq(t.uid, uid)).get();
  if (!row) throw notFound(missing);
  return row;
}
