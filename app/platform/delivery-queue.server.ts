/**
 * The durable queue of outgoing HTTP (docs/integrations.md "Deliveries"): ActivityPub activities,
 * Webmentions, WebSub content, webhooks and the checks made of other servers. A delivery is a row
 * in `deliveries`, unique by its key, so queueing the same thing twice is one delivery. The worker
 * runs in the process holding the jobs' lease (app/startup/jobs.server.ts): it takes a due row by
 * moving its `next_at` a lease ahead and naming itself in `leased_by` (a worker killed mid-send
 * leaves the row to be taken again when that passes, or at once by the next holder when it finds
 * the taker's process gone), sends it through the row kind's handler, and writes the outcome: done (never
 * sent again), pending with the next attempt after a backoff, or dead once the next attempt would
 * fall after `give_up_at`. Every attempt is kept in `delivery_attempts` for the screens.
 *
 * Exactly once: a row is marked done in the same statement that records its success; the only
 * window for a second send is a kill between the other server's answer and that statement, and
 * receivers recognise the repeat by the activity's or delivery's id.
 */

import { type EventLoopUtilization, performance } from "node:perf_hooks";
import type Database from "better-sqlite3";
import { and, desc, eq, inArray, lte, sql } from "drizzle-orm";
import { deliveries, deliveryAttempts } from "#db/schema";
import { type Db, type DbOrTx, preparedOnce } from "./db.server";
import { processSingleton } from "./process-singleton.server";

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

let wake: (() => void) | null = null;

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
  if (id !== null) queueMicrotask(() => wake?.());
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

function takeDue(db: Db, now: number, limit: number): DeliveryRow[] {
  if (limit <= 0) return [];
  return takeDueQuery(db).all({
    now,
    limit,
    leaseEnd: now + DELIVERY_LEASE_MS,
    holder: DELIVERY_HOLDER,
  });
}

/**
 * This process in `leased_by`: its pid and start time, so a later process given the same pid
 * (a container's restart) is not mistaken for it.
 */
export const DELIVERY_HOLDER = processSingleton(
  "delivery-holder",
  () => `${process.pid}-${Date.now().toString(36)}`,
);

/** Whether the process `holder` names may still be running (on this machine, as SQLite is). */
function holderRuns(holder: string): boolean {
  if (holder === DELIVERY_HOLDER) return true;
  const pid = Number(holder.split("-")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user. ESRCH: no such process.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Gives back the rows taken by processes that no longer run (killed mid-send): due now instead of
 * when their lease passes. Called when this process becomes the one that sends; a taker that still
 * runs (it lost the jobs' lease while stalled) keeps its rows until their lease passes.
 */
export function releaseOrphanedDeliveries(db: Db, now = Date.now()): number {
  const holders = db.$client
    .prepare(
      `SELECT DISTINCT leased_by FROM deliveries
       WHERE status IN ('pending', 'sending') AND status = 'sending' AND leased_by IS NOT NULL`,
    )
    .pluck()
    .all() as string[];
  let released = 0;
  for (const holder of holders) {
    if (holderRuns(holder)) continue;
    released += db
      .update(deliveries)
      .set({ status: "pending", nextAt: now, leaseUntil: null, leasedBy: null })
      .where(and(eq(deliveries.status, "sending"), eq(deliveries.leasedBy, holder)))
      .run().changes;
  }
  return released;
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
async function attempt(
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

type Worker = {
  db: () => Db;
  handlers: Record<string, DeliveryHandler>;
  inFlight: Set<Promise<void>>;
  /** Sends allowed in flight now: between MIN_IN_FLIGHT and MAX_IN_FLIGHT (see `pace`). */
  limit: number;
  /** The event loop's utilisation at the start of the current window. */
  window: { at: number; mark: EventLoopUtilization };
  timer: NodeJS.Timeout | null;
  soon: NodeJS.Immediate | null;
  stopped: boolean;
  log: (line: string) => void;
};
let worker: Worker | null = null;

/** Idle, the worker looks again after this long (another process may have queued rows). */
const IDLE_LOOK_MS = 1_000;

/** The fewest sends kept in flight however busy the process is: a backlog always moves. */
export const MIN_IN_FLIGHT = 2;
/** How often the limit is reconsidered. */
const PACE_WINDOW_MS = 50;
/** Busier than this, the limit halves; calmer than CALM, it grows by one. */
const BUSY = 0.6;
const CALM = 0.4;

/**
 * Deliveries yield to readers (docs/performance.md "Federation"): sends to slow servers mostly wait
 * on the network and may all be in flight, but answers from fast ones keep the main thread busy
 * with their bookkeeping, and readers' requests then wait behind it. So the limit on sends in
 * flight follows the event loop's utilisation over the last window: halved when the process is
 * busy, one more when it is calm (additive increase, multiplicative decrease).
 */
/** The limit after a window whose event-loop utilisation (0 to 1) was `utilization`. */
export function nextLimit(limit: number, utilization: number): number {
  if (utilization > BUSY) return Math.max(MIN_IN_FLIGHT, Math.floor(limit / 2));
  if (utilization < CALM) return Math.min(MAX_IN_FLIGHT, limit + 1);
  return limit;
}

function pace(w: Worker) {
  const now = performance.now();
  if (now - w.window.at < PACE_WINDOW_MS) return;
  w.limit = nextLimit(w.limit, performance.eventLoopUtilization(w.window.mark).utilization);
  w.window = { at: now, mark: performance.eventLoopUtilization() };
}

/** One turn on the next pass of the event loop, however many sends ended meanwhile. */
function soon(w: Worker) {
  if (w.soon) return;
  w.soon = setImmediate(() => {
    w.soon = null;
    turn(w);
  });
}

function turn(w: Worker) {
  if (w.stopped) return;
  if (w.timer) clearTimeout(w.timer);
  w.timer = null;
  pace(w);
  let rows: DeliveryRow[] = [];
  try {
    rows = takeDue(w.db(), Date.now(), w.limit - w.inFlight.size);
  } catch (error) {
    w.log(`Could not read the delivery queue: ${(error as Error).message}`);
  }
  for (const row of rows) {
    const run = attempt(w.db(), row, w.handlers)
      .catch((error: unknown) => w.log(`Delivery ${row.id} failed: ${(error as Error).message}`))
      .finally(() => {
        w.inFlight.delete(run);
        soon(w);
      });
    w.inFlight.add(run);
  }
  if (!w.stopped && w.inFlight.size < w.limit) {
    w.timer = setTimeout(() => turn(w), IDLE_LOOK_MS);
    w.timer.unref();
  }
}

/** Starts sending due deliveries (the jobs' lease holder only). */
export function startDeliveryWorker(
  db: () => Db,
  handlers: Record<string, DeliveryHandler>,
  log: (line: string) => void,
): void {
  if (worker && !worker.stopped) return;
  const w: Worker = {
    db,
    handlers,
    inFlight: new Set(),
    limit: MAX_IN_FLIGHT,
    window: { at: performance.now(), mark: performance.eventLoopUtilization() },
    timer: null,
    soon: null,
    stopped: false,
    log,
  };
  worker = w;
  wake = () => {
    if (w.inFlight.size < w.limit) turn(w);
  };
  try {
    const released = releaseOrphanedDeliveries(db());
    if (released > 0) log(`Took back ${released} deliveries left by a process that stopped`);
  } catch (error) {
    log(`Could not take back deliveries left behind: ${(error as Error).message}`);
  }
  turn(w);
}

/** Stops taking rows; resolves when the sends in flight have finished. */
export async function stopDeliveryWorker(): Promise<void> {
  const w = worker;
  if (!w) return;
  w.stopped = true;
  wake = null;
  if (w.timer) clearTimeout(w.timer);
  if (w.soon) clearImmediate(w.soon);
  await Promise.allSettled([...w.inFlight]);
  worker = null;
}

/** Looks for due rows now (another process queued some). */
export function kickDeliveries(): void {
  wake?.();
}
