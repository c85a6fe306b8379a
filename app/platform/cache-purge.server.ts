/**
 * The purger: keeps the shared caches in front (CACHE_PURGE_URLS: Varnish, a CDN's relay) as
 * exact as the page cache, by purging the surrogate keys of what each write changed
 * (docs/operations.md "A shared cache in front (Varnish)", docs/decisions/261-purge-queue.md).
 *
 * It reads the page cache's change log (`page_cache_changes`, written by SQLite triggers in
 * whichever process writes) after its cursor, whenever the connection's write mark has moved and
 * at least once a second, at most once per 100 ms: what arrived meanwhile becomes one batch,
 * queued durably for each cache (app/platform/cache-purge-queue.server.ts) and sent at once; a
 * failed send is retried with backoff and given up, logged, after MAX_ATTEMPTS. A write is
 * purged within about 125 ms (plus the cache's answer).
 *
 * Off unless CACHE_PURGE_URLS is set. Runs in one process (the job lease's holder).
 */

import {
  abandon,
  deleteDonePurges,
  dropPurgeCursor,
  duePurges,
  enqueueChanges,
  MAX_ATTEMPTS,
  markFailed,
  markSent,
  nextAttemptAt,
  purgeQueueStats,
  type QueuedPurge,
} from "~/platform/cache-purge-queue.server";
import {
  type PurgeTarget,
  parsePurgeTargets,
  sendPurge,
} from "~/platform/cache-purge-targets.server";
import { type Db, getDb } from "~/platform/db.server";
import { log } from "~/platform/log.server";
import { purgesFailed, purgesSent, queueDepth, queueOldestAge } from "~/platform/metrics.server";
import { ALL_KEY, mergeKeys } from "~/platform/surrogate-keys.server";
import { writeMark } from "~/platform/write-mark.server";

/** How often the write mark is looked at. */
const POLL_MS = 25;
/** At most one batch per this long: what arrives meanwhile is purged together. */
const BATCH_MS = 100;
/** The change log is read at least this often, whatever the write mark says. */
const RECHECK_MS = 1_000;
/** A send of more keys than this purges `all` instead (one short header). */
const MAX_KEYS_PER_SEND = 100;
/** Old rows are deleted, and the queue's gauges refreshed when idle, this often. */
const HOUSEKEEPING_MS = 60_000;

type Purger = {
  db: Db;
  targets: PurgeTarget[];
  token: string | undefined;
  timer: NodeJS.Timeout;
  mark: string | undefined;
  readAt: number;
  batchAt: number;
  housekeptAt: number;
  /** Targets with a send in flight (one at a time each, in queue order). */
  sending: Set<string>;
  /** Targets whose last send failed (their recovery is logged). */
  failing: Set<string>;
  /** The earliest time a retry is due (a send is then tried without waiting for a change). */
  retryAt: number;
};

let purger: Purger | null = null;

/** Whether the purger runs in this process (tests, health). */
export function cachePurgerRunning(): boolean {
  return purger !== null;
}

/**
 * Starts the purger when CACHE_PURGE_URLS is set; otherwise forgets any cursor a previous run
 * left, so the page cache prunes its change log freely. `say` gets the one start-up line.
 * Throws on a CACHE_PURGE_URLS entry it cannot use.
 */
export function startCachePurger(say: (line: string) => void = console.log) {
  if (purger) return;
  const db = getDb();
  // An entry it cannot use stops the start, naming the variable, as any invalid variable does.
  const targets = parsePurgeTargets(process.env.CACHE_PURGE_URLS);
  if (targets.length === 0) {
    try {
      dropPurgeCursor(db);
    } catch (error) {
      log.warn({ err: error }, "cache purges: could not forget the purger's cursor");
    }
    return;
  }
  const token = process.env.CACHE_PURGE_TOKEN?.trim() || undefined;
  purger = {
    db,
    targets,
    token,
    timer: setInterval(() => tick(), POLL_MS),
    mark: undefined,
    readAt: 0,
    batchAt: 0,
    housekeptAt: 0,
    sending: new Set(),
    failing: new Set(),
    // Purges a previous run queued and did not send go out on the first tick.
    retryAt: Date.now(),
  };
  purger.timer.unref();
  say(`Purging the shared caches in front: ${targets.map((t) => t.name).join(", ")}`);
  tick();
}

/** Stops reading and sending; purges queued or in flight are sent by the next start. */
export function stopCachePurger() {
  if (!purger) return;
  clearInterval(purger.timer);
  purger = null;
}

function tick() {
  const p = purger;
  if (!p) return;
  const now = Date.now();
  try {
    if (now - p.batchAt >= BATCH_MS) {
      const mark = writeMark(p.db);
      if (mark === undefined || mark !== p.mark || now - p.readAt >= RECHECK_MS) {
        p.readAt = now;
        const batch = enqueueChanges(
          p.db,
          p.targets.map((t) => t.name),
          now,
        );
        // Read after the batch's own writes, which moved it.
        p.mark = writeMark(p.db);
        if (batch) {
          p.batchAt = now;
          if (batch.reason !== "changes") {
            log.info({ reason: batch.reason, changes: batch.changes }, "cache purges: purging all");
          }
          send(p, now);
          refreshGauges(p.db, now);
        }
      }
    }
    if (p.retryAt > 0 && now >= p.retryAt) send(p, now);
    if (now - p.housekeptAt >= HOUSEKEEPING_MS) {
      p.housekeptAt = now;
      deleteDonePurges(p.db, now);
      refreshGauges(p.db, now);
    }
  } catch (error) {
    // SQLITE_BUSY under a long write elsewhere, most likely: the next tick tries again.
    log.warn({ err: error }, "cache purges: reading the change log failed; trying again");
  }
}

/** Sends what is due, one request per cache with all its due batches' keys. */
function send(p: Purger, now: number) {
  p.retryAt = 0;
  const byTarget = new Map<string, QueuedPurge[]>();
  for (const purge of duePurges(p.db, now)) {
    if (p.sending.has(purge.target)) continue;
    const list = byTarget.get(purge.target);
    if (list) list.push(purge);
    else byTarget.set(purge.target, [purge]);
  }
  for (const [name, purges] of byTarget) {
    const target = p.targets.find((t) => t.name === name);
    if (!target) {
      abandon(p.db, purges, "no longer among CACHE_PURGE_URLS", now);
      continue;
    }
    let keys = mergeKeys(purges.map((q) => q.keys));
    if (keys.length > MAX_KEYS_PER_SEND) keys = [ALL_KEY];
    p.sending.add(name);
    const started = Date.now();
    sendPurge(target, keys, p.token)
      .then(
        () => {
          if (purger !== p) return;
          markSent(
            p.db,
            purges.map((q) => q.id),
          );
          purgesSent.inc();
          if (p.failing.delete(name)) log.info({ target: name }, "cache purges: sent again");
          log.debug(
            { target: name, keys: keys.slice(0, 20), ms: Date.now() - started },
            "cache purge sent",
          );
        },
        (error: unknown) => {
          purgesFailed.inc();
          if (purger !== p) return;
          const message = error instanceof Error ? error.message : String(error);
          p.failing.add(name);
          const givenUp = markFailed(p.db, purges, message);
          const attempts = Math.max(...purges.map((q) => q.attempts)) + 1;
          if (givenUp > 0) {
            log.error(
              { target: name, keys: keys.slice(0, 20), attempts, err: message },
              `cache purge given up after ${MAX_ATTEMPTS} attempts: that cache may show older pages until they expire`,
            );
          } else {
            log.warn({ target: name, attempts, err: message }, "cache purge failed; retrying");
          }
        },
      )
      .catch((error: unknown) => log.error({ err: error }, "cache purges: recording a send failed"))
      .finally(() => {
        p.sending.delete(name);
        if (purger !== p) return;
        try {
          refreshGauges(p.db, Date.now());
          scheduleRetry(p);
        } catch (error) {
          // The queue is read again on the next tick (a retry due then is sent then).
          p.retryAt = Date.now() + BATCH_MS;
          log.warn({ err: error }, "cache purges: reading the queue failed; trying again");
        }
      });
  }
}

/** The next retry's time, from the queue (rows waiting for their next attempt). */
function scheduleRetry(p: Purger) {
  const next = nextAttemptAt(p.db);
  if (next !== null) p.retryAt = p.retryAt === 0 ? next : Math.min(p.retryAt, next);
}

function refreshGauges(db: Db, now: number) {
  const { depth, oldestAgeSeconds } = purgeQueueStats(db, now);
  queueDepth.set({ queue: "purges" }, depth);
  queueOldestAge.set({ queue: "purges" }, oldestAgeSeconds);
}
