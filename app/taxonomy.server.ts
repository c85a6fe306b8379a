/** Categories and tags as readers see them. */
import { asc, eq } from "drizzle-orm";
import { categories, tags } from "#db/schema";
import type { Db } from "~/db.server";

export function listCategories(db: Db) {
  return db.select().from(categories).orderBy(asc(categories.name)).all();
}

export function listTags(db: Db) {
  return db.select().from(tags).orderBy(asc(tags.name)).all();
}

export function getCategoryBySlug(db: Db, slug: string) {
  return db.select().from(categories).where(eq(categories.slug, slug)).get();
}

export function getTagBySlug(db: Db, slug: string) {
  return db.select().from(tags).where(eq(tags.slug, slug)).get();
}
