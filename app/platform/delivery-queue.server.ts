/**
 * The durable queue of outgoing HTTP (docs/integrations.md "Deliveries"): ActivityPub activities,
 * Webmentions, WebSub content, webhooks and the checks made of other servers. A delivery is a row
 * in `deliveries`, unique by its key, so queueing the same thing twice is one delivery. The worker
 * runs in the process holding the jobs' lease (app/startup/jobs.server.ts): it takes a due row by
 * moving its `next_at` a lease ahead and naming itself in `leased_by` (a worker killed mid-send
 * leaves the row to be taken again when that passes, or at once by the next holder when it finds
 * the taker's process gone), sends it through the row kind's handler, and writes the outcome:
 * done (never sent again), pending with the next attempt after a backoff, or dead once the next
 * attempt would fall after `give_up_at`. Every attempt is kept in `delivery_attempts` for the screens.
 *
 * Exactly once: a row is marked done in the same statement that records its success; the only
 * window for a second send is a kill between the other server's answer and that statement, and
 * receivers recognise the repeat by the activity's or delivery's id.
 *
 * The worker that sends is app/platform/delivery-worker.server.ts; who took a row, and giving back
 * the rows of a process that is gone, app/platform/delivery-leases.server.ts.
 */

import type Database from "better-sqlite3";
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { deliveries, deliveryAttempts } from "#db/schema";
import { type Db, type DbOrTx, preparedOnce } from "./db.server";
import { DELIVERY_HOLDER } from "./delivery-leases.server";

export type DeliveryRow = typeof deliveries.$inferSelect;
export type DeliveryAttemptRow = typeof deliveryAttempts.$inferSelect;

export type NewDelivery = {
  kind: string;
  /** Unique: queueing the same key again is a no-op. */
  key: string;
  target: string;
  payload: string;
  meta?: Record<string, unknown>;
  /** The row it belongs to (a webhook, a subscription, a local actor), by kind. */
  ownerId?: number | null;
  /** Default 48 hours. */
  giveUpAfterMs?: number;
  delayMs?: number;
};

export type AttemptResult = {
  ok: boolean;
  status?: number | null;
  error?: string;
  excerpt?: string;
  /** Not worth trying again: dead now. */
  permanent?: boolean;
  /** Instead of the backoff (a Retry-After). */
  retryAfterMs?: number;
};

export type DeliveryHandler = {
  send(row: DeliveryRow, db: Db): Promise<AttemptResult>;
  /** After the row's new state is written. */
  settled?(db: Db, row: DeliveryRow, state: "done" | "pending" | "dead"): void;
};

export const DEFAULT_GIVE_UP_MS = 48 * 60 * 60 * 1000;
/** How long a taken row is left to its worker before another may take it. */
export const DELIVERY_LEASE_MS = 60_000;
export const MAX_IN_FLIGHT = 16;
const EXCERPT_CHARS = 500;

/** The wait after the n-th failure: 30 s · 2^(n−1), at most an hour, ±10 %. */
export function retryDelayMs(failures: number, random = Math.random()): number {
  const base = Math.min(30_000 * 2 ** Math.max(0, failures - 1), 60 * 60 * 1000);
  return Math.round(base * (0.9 + 0.2 * random));
}

/** Called after a row is queued (the worker, while it runs, looks at once). */
let onQueued: (() => void) | null = null;

/** Sets (or clears) what runs after a row is queued: the worker's wake-up. */
export function setQueuedListener(listener: (() => void) | null): void {
  onQueued = listener;
}

const INSERT_SQL = `INSERT INTO deliveries
  (kind, key, owner_id, target, payload, meta, status, attempts, created_at, next_at, give_up_at)
  VALUES (?, ?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?)
  ON CONFLICT(key) DO NOTHING RETURNING id`;
const inserts = new WeakMap<object, Database.Statement>();

/**
 * Queues a delivery; the new row's id, or null when its key was queued before. One prepared
 * statement per connection: a post's fan-out to a thousand inboxes is a few milliseconds.
 */
export function enqueueDelivery(db: Db | DbOrTx, input: NewDelivery): number | null {
  const now = Date.now();
  const values = [
    input.kind,
    input.key,
    input.ownerId ?? null,
    input.target,
    input.payload,
    JSON.stringify(input.meta ?? {}),
    now,
    now + (input.delayMs ?? 0),
    now + (input.giveUpAfterMs ?? DEFAULT_GIVE_UP_MS),
  ];
  const client = (db as Partial<Db>).$client;
  let id: number | null;
  if (client) {
    let insert = inserts.get(client);
    if (!insert) {
      insert = client.prepare(INSERT_SQL);
      inserts.set(client, insert);
    }
    id = (insert.get(...values) as { id: number } | undefined)?.id ?? null;
  } else {
    // A transaction handle: the same row through Drizzle.
    id =
      db
        .insert(deliveries)
        .values({
          kind: input.kind,
          key: input.key,
          ownerId: input.ownerId ?? null,
          target: input.target,
          payload: input.payload,
          meta: input.meta ?? {},
          createdAt: now,
          nextAt: now + (input.delayMs ?? 0),
          giveUpAt: now + (input.giveUpAfterMs ?? DEFAULT_GIVE_UP_MS),
        })
        .onConflictDoNothing({ target: deliveries.key })
        .returning({ id: deliveries.id })
        .get()?.id ?? null;
  }
  if (id !== null) queueMicrotask(() => onQueued?.());
  return id;
}

/** A fresh pending copy of a delivery (Redeliver); its id. */
export function redeliver(db: Db, id: number): number {
  const row = db.select().from(deliveries).where(eq(deliveries.id, id)).get();
  if (!row) throw new Error(`No delivery ${id}`);
  const copies = db
    .select({ n: sql<number>`count(*)` })
    .from(deliveries)
    .where(sql`${deliveries.key} like ${`${row.key.replace(/#again-\d+$/, "")}#again-%`}`)
    .get();
  const base = row.key.replace(/#again-\d+$/, "");
  const newId = enqueueDelivery(db, {
    kind: row.kind,
    key: `${base}#again-${(copies?.n ?? 0) + 1}`,
    target: row.target,
    payload: row.payload,
    meta: row.meta,
    ownerId: row.ownerId,
    giveUpAfterMs: row.giveUpAt - row.createdAt,
  });
  if (newId === null) throw new Error(`Delivery ${id} is being redelivered already`);
  return newId;
}

/** A delivery's attempts, newest first. */
export function deliveryLog(db: Db, deliveryId: number): DeliveryAttemptRow[] {
  return db
    .select()
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryId, deliveryId))
    .orderBy(desc(deliveryAttempts.id))
    .all();
}

/**
 * Written out as in the partial index `deliveries_due_idx` (bound parameters would keep SQLite
 * from using it and scan every row).
 */
const DUE_STATUS = sql`${deliveries.status} in ('pending', 'sending')`;

/**
 * Takes up to `limit` due rows for this worker, their next_at moved a lease ahead, in one
 * statement. Prepared once per connection: the queue's statements run once per delivery, and
 * building them again each time cost more than running them.
 */
const takeDueQuery = preparedOnce((db) =>
  db
    .update(deliveries)
    .set({
      status: "sending",
      nextAt: sql`${sql.placeholder("leaseEnd")}`,
      leaseUntil: sql`${sql.placeholder("leaseEnd")}`,
      leasedBy: sql`${sql.placeholder("holder")}`,
    })
    .where(
      inArray(
        deliveries.id,
        db
          .select({ id: deliveries.id })
          .from(deliveries)
          .where(and(DUE_STATUS, lte(deliveries.nextAt, sql.placeholder("now"))))
          .orderBy(deliveries.nextAt)
          .limit(sql.placeholder("limit")),
      ),
    )
    .returning()
    .prepare(),
);

export function takeDue(db: Db, now: number, limit: number): DeliveryRow[] {
  if (limit <= 0) return [];
  return takeDueQuery(db).all({
    now,
    limit,
    leaseEnd: now + DELIVERY_LEASE_MS,
    holder: DELIVERY_HOLDER,
  });
}

/** An attempt's outcome, written only while this worker still holds the row. */
const settleQuery = preparedOnce((db) =>
  db
    .update(deliveries)
    .set({
      status: sql`${sql.placeholder("status")}`,
      attempts: sql`${sql.placeholder("attempts")}`,
      lastStatus: sql`${sql.placeholder("lastStatus")}`,
      lastError: sql`${sql.placeholder("lastError")}`,
      leaseUntil: null,
      leasedBy: null,
      doneAt: sql`${sql.placeholder("doneAt")}`,
      nextAt: sql`${sql.placeholder("nextAt")}`,
    })
    .where(
      and(
        eq(deliveries.id, sql.placeholder("id")),
        eq(deliveries.status, "sending"),
        eq(deliveries.leaseUntil, sql.placeholder("leaseUntil")),
      ),
    )
    .prepare(),
);

const attemptQuery = preparedOnce((db) =>
  db
    .insert(deliveryAttempts)
    .values({
      deliveryId: sql.placeholder("deliveryId"),
      at: sql.placeholder("at"),
      status: sql.placeholder("status"),
      durationMs: sql.placeholder("durationMs"),
      error: sql.placeholder("error"),
      excerpt: sql.placeholder("excerpt"),
    })
    .prepare(),
);

/** Writes one attempt's outcome, if this worker still holds the row. */
function settle(
  db: Db,
  row: DeliveryRow,
  result: AttemptResult,
  startedAt: number,
  handler: DeliveryHandler | undefined,
  offset: number,
): void {
  const now = Date.now() + offset;
  const failures = row.attempts + 1;
  const delay = result.retryAfterMs ?? retryDelayMs(failures);
  const state: "done" | "pending" | "dead" = result.ok
    ? "done"
    : result.permanent || now + delay > row.giveUpAt
      ? "dead"
      : "pending";
  const error = result.ok ? null : (result.error ?? "failed");
  const written = db.transaction(() => {
    const updated = settleQuery(db).run({
      id: row.id,
      leaseUntil: row.leaseUntil ?? -1,
      status: state,
      attempts: failures,
      lastStatus: result.status ?? null,
      lastError: error,
      doneAt: state === "done" ? now : null,
      nextAt: state === "pending" ? now + delay : now,
    });
    if (updated.changes !== 1) return false;
    attemptQuery(db).run({
      deliveryId: row.id,
      at: startedAt,
      status: result.status ?? null,
      durationMs: now - startedAt,
      error,
      excerpt: result.excerpt?.slice(0, EXCERPT_CHARS) ?? null,
    });
    return true;
  });
  if (written) handler?.settled?.(db, { ...row, attempts: failures }, state);
}

/** `offset` shifts the queue's clock (tests run it at a chosen time); the worker passes 0. */
export async function attempt(
  db: Db,
  row: DeliveryRow,
  handlers: Record<string, DeliveryHandler>,
  offset = 0,
) {
  const handler = handlers[row.kind];
  const startedAt = Date.now() + offset;
  let result: AttemptResult;
  if (!handler) {
    result = { ok: false, permanent: true, error: `no handler for ${row.kind} deliveries` };
  } else {
    try {
      result = await handler.send(row, db);
    } catch (error) {
      result = { ok: false, error: error instanceof Error ? error.message : String(error) };
    }
  }
  settle(db, row, result, startedAt, handler, offset);
}

/** Sends every row due at `now` once and waits for them (tests, and the worker's turns). */
export async function runDueDeliveries(
  db: Db,
  handlers: Record<string, DeliveryHandler>,
  now = Date.now(),
): Promise<number> {
  let sent = 0;
  const offset = now - Date.now();
  for (;;) {
    // The shifted clock moves on, so rows a handler queued meanwhile are due in this run too.
    const rows = takeDue(db, Math.max(now, Date.now() + offset), MAX_IN_FLIGHT);
    if (rows.length === 0) return sent;
    sent += rows.length;
    await Promise.all(rows.map((row) => attempt(db, row, handlers, offset)));
  }
}
