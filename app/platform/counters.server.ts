import { eq, sql } from "drizzle-orm";
import { COUNTED_COLLECTIONS, type CountedCollection, counters } from "#db/schema";
import type { Db } from "~/platform/db.server";

/** Creates the counter rows that don't exist yet (at start; idempotent). */
export function ensureCounters(db: Db) {
  db.insert(counters)
    .values(COUNTED_COLLECTIONS.map((collection) => ({ collection, nextId: 1 })))
    .onConflictDoNothing()
    .run();
}

/**
 * Hands out the next numeric id of a collection (SPEC §7 `POST /get/nextid`).
 * A single UPDATE … RETURNING, so two requests never get the same id.
 * With `count`, reserves that many consecutive ids and returns the first.
 */
export function nextId(db: Db, collection: CountedCollection, count = 1): number {
  const row = db
    .update(counters)
    .set({ nextId: sql`${counters.nextId} + ${count}` })
    .where(eq(counters.collection, collection))
    .returning({ next: counters.nextId })
    .get();
  if (!row) throw new Error(`No counter for collection ${collection}`);
  return row.next - count;
}
