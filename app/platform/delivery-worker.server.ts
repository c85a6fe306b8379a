/**
 * The delivery worker (docs/integrations.md "Deliveries"): in the process holding the jobs' lease
 * (app/startup/jobs.server.ts), it takes due rows of the queue (app/platform/delivery-queue.server.ts)
 * and sends them, 2 to 16 at a time as the process's load allows, looking again as soon as a send
 * ends, a row is queued, or a second has passed.
 */
import { type EventLoopUtilization, performance } from "node:perf_hooks";
import type { Db } from "./db.server";
import { releaseOrphanedDeliveries } from "./delivery-leases.server";
import {
  attempt,
  type DeliveryHandler,
  type DeliveryRow,
  MAX_IN_FLIGHT,
  setQueuedListener,
  takeDue,
} from "./delivery-queue.server";

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
/** Looks for due rows now, while the worker runs. */
let wake: (() => void) | null = null;

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
  setQueuedListener(wake);
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
  setQueuedListener(null);
  if (w.timer) clearTimeout(w.timer);
  if (w.soon) clearImmediate(w.soon);
  await Promise.allSettled([...w.inFlight]);
  worker = null;
}

/** Looks for due rows now (another process queued some). */
export function kickDeliveries(): void {
  wake?.();
}
