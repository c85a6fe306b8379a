/**
 * Categories and tags by the keys the JSON API names them with
 * (`categoryKey`, `tag`; docs/api.md).
 */
import { eq } from "drizzle-orm";
import { type Category, categories, type Tag, tags } from "#db/schema";
import type { DbOrTx } from "~/platform/db.server";

export function getCategoryByKey(db: DbOrTx, key: string): Category | undefined {
  return db.select().from(categories).where(eq(categories.key, key)).get();
}

export function getTagByName(db: DbOrTx, tag: string): Tag | undefined {
  return db.select().from(tags).where(eq(tags.tag, tag)).get();
}
