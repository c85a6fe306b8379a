/**
 * The one place that writes a subscriber together with their audiences: the
 * public signup, staff's Add and Edit, the CSV import and the demo seed all
 * call `writeSubscribers`. The rules about who may change what (an
 * Unsubscribed reader stays so, one subscriber per email) stay with those
 * callers; this keeps a subscriber row and its audience rows in step.
 */
import { eq } from "drizzle-orm";
import { type Subscriber, subscriberAudiences, subscribers } from "#db/schema";
import type { Audience, SubscriberStatus } from "~/domain/subscribers/vocabulary";
import { reserveIds } from "~/platform/counters.server";
import type { Db } from "~/platform/db.server";

/** A subscriber to add: the next id from the `subscribers` counter, a fresh uid. */
export type NewSubscriber = {
  id?: undefined;
  name: string;
  email: string;
  status: SubscriberStatus;
  audience: readonly Audience[];
  /** When they subscribed; the write's time unless given. */
  timestamp?: Date;
};

/** A change to subscriber `id`: the fields given, and their audiences replaced when given. */
export type SubscriberChange = {
  id: number;
  name?: string;
  email?: string;
  status?: SubscriberStatus;
  audience?: readonly Audience[] | null;
};

export type SubscriberWrite = NewSubscriber | SubscriberChange;

/** Rows per INSERT, well within SQLite's limit on bound values. */
const CHUNK = 500;

function chunks<T>(list: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += CHUNK) out.push(list.slice(i, i + CHUNK));
  return out;
}

function insertAudiences(db: Db, rows: { id: number; audience: readonly Audience[] }[]) {
  const values = rows.flatMap((r) =>
    [...new Set(r.audience)].map((audience) => ({ subscriberId: r.id, audience })),
  );
  for (const chunk of chunks(values)) db.insert(subscriberAudiences).values(chunk).run();
}

/**
 * Adds and changes subscribers with their audiences, in one transaction (a
 * savepoint inside the caller's). New ones get consecutive ids with a single
 * counter update and are inserted in chunks, so an import of thousands costs
 * a few statements. Answers the stored rows in the order of `writes`
 * (undefined for a change to an id that does not exist).
 */
export function writeSubscribers(
  db: Db,
  writes: readonly SubscriberWrite[],
  now = new Date(),
): (Subscriber | undefined)[] {
  return db.transaction((tx) => {
    const t = tx as unknown as Db;
    const fresh = writes.filter((w): w is NewSubscriber => w.id === undefined);
    let id = fresh.length > 0 ? reserveIds(t, "subscribers", fresh.length) : 0;
    const added = new Map<NewSubscriber, Subscriber>();
    for (const chunk of chunks(fresh)) {
      const rows = t
        .insert(subscribers)
        .values(
          chunk.map((w) => ({
            id: id++,
            uid: crypto.randomUUID(),
            name: w.name,
            email: w.email,
            status: w.status,
            timestamp: w.timestamp ?? now,
            updatedAt: w.timestamp ?? now,
          })),
        )
        .returning()
        .all();
      for (const [i, w] of chunk.entries()) added.set(w, rows[i] as Subscriber);
      insertAudiences(
        t,
        rows.map((r, i) => ({ id: r.id, audience: (chunk[i] as NewSubscriber).audience })),
      );
    }
    return writes.map((w) => {
      if (w.id === undefined) return added.get(w);
      const { id: subscriberId, audience, ...fields } = w;
      const row = t
        .update(subscribers)
        .set({ ...fields, updatedAt: now })
        .where(eq(subscribers.id, subscriberId))
        .returning()
        .get();
      if (row && audience) {
        t.delete(subscriberAudiences).where(eq(subscriberAudiences.subscriberId, row.id)).run();
        insertAudiences(t, [{ id: row.id, audience }]);
      }
      return row;
    });
  });
}

/** One write: the stored row (undefined for a change to an id that does not exist). */
export function writeSubscriber(db: Db, write: SubscriberWrite, now = new Date()) {
  return writeSubscribers(db, [write], now)[0];
}
