/**
 * The per-collection id counters, the only code that reads or moves them:
 * posts, categories, tags and subscribers get their numeric `id` here, and
 * `POST /get/nextid` hands one out ahead of the add that uses it. Each hand-out
 * is a single UPDATE … RETURNING, so two requests never get the same id.
 */
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

/** Hands out `n` consecutive ids of a collection at once; returns the first. */
export function reserveIds(db: Db, collection: CountedCollection, n: number): number {
  const row = db
    .update(counters)
    .set({ nextId: sql`${counters.nextId} + ${n}` })
    .where(eq(counters.collection, collection))
    .returning({ next: counters.nextId })
    .get();
  if (!row) throw new Error(`No counter for collection ${collection}`);
  return row.next - n;
}

/** Hands out the next numeric id of a collection. */
export function nextId(db: Db, collection: CountedCollection): number {
  return reserveIds(db, collection, 1);
}

/** Whether `id` is one the counter of `collection` has already handed out. */
export function wasHandedOut(db: Db, collection: CountedCollection, id: number): boolean {
  const next =
    db
      .select({ next: counters.nextId })
      .from(counters)
      .where(eq(counters.collection, collection))
      .get()?.next ?? 1;
  return Number.isSafeInteger(id) && id >= 1 && id < next;
}
