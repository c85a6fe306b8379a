/**
 * The purge queue in SQLite (docs/decisions/261-purge-queue.md): the purger's cursor in the page
 * cache's change log (`cache_purge_cursor`, one row) and the purges owed to each shared cache
 * (`cache_purges`, one row per batch and cache). A batch is written in the transaction that
 * moves the cursor past the changes it covers, so a change is either still ahead of the cursor
 * or in a row that is sent, retried, or given up and logged: never lost in between.
 */
import type { Db } from "~/platform/db.server";
import { ALL_KEY, keysForChanges, type PageChange } from "~/platform/surrogate-keys.server";

/** Retries after a failed send: 0.25 s, doubling, at most 30 s apart; given up after the last. */
export const MAX_ATTEMPTS = 10;
const FIRST_RETRY_MS = 250;
const LONGEST_RETRY_MS = 30_000;
/** Sent and given-up rows are kept this long (to read what happened), then deleted. */
const KEEP_DONE_MS = 24 * 60 * 60 * 1000;

export function retryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), LONGEST_RETRY_MS);
}

export type Batch = {
  keys: string[];
  /** Why: the changes read, `start` (no cursor yet) or `gap` (changes pruned before being read). */
  reason: "changes" | "start" | "gap";
  changes: number;
};

export type QueuedPurge = { id: number; target: string; keys: string[]; attempts: number };

type Statements = ReturnType<typeof prepare>;
const byDb = new WeakMap<Db, Statements>();

function prepare(db: Db) {
  const sqlite = db.$client;
  return {
    cursor: sqlite.prepare("SELECT last_seq FROM cache_purge_cursor WHERE id = 1").pluck(),
    setCursor: sqlite.prepare(
      "INSERT INTO cache_purge_cursor (id, last_seq) VALUES (1, ?) ON CONFLICT (id) DO UPDATE SET last_seq = excluded.last_seq",
    ),
    dropCursor: sqlite.prepare("DELETE FROM cache_purge_cursor"),
    issued: sqlite
      .prepare("SELECT seq FROM sqlite_sequence WHERE name = 'page_cache_changes'")
      .pluck(),
    changes: sqlite
      .prepare(
        "SELECT post_id, scope, slug FROM page_cache_changes WHERE seq > ? AND seq <= ? ORDER BY seq",
      )
      .raw(),
    insert: sqlite.prepare(
      "INSERT INTO cache_purges (target, keys, created_at, attempts, next_attempt_at) VALUES (?, ?, ?, 0, ?)",
    ),
    due: sqlite
      .prepare(
        "SELECT id, target, keys, attempts FROM cache_purges WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= ? ORDER BY id",
      )
      .raw(),
    sent: sqlite.prepare(
      "UPDATE cache_purges SET sent_at = ?, attempts = attempts + 1, last_error = NULL WHERE id = ?",
    ),
    retry: sqlite.prepare(
      "UPDATE cache_purges SET attempts = ?, next_attempt_at = ?, last_error = ? WHERE id = ?",
    ),
    giveUp: sqlite.prepare(
      "UPDATE cache_purges SET attempts = ?, failed_at = ?, last_error = ? WHERE id = ?",
    ),
    next: sqlite
      .prepare(
        "SELECT min(next_attempt_at) FROM cache_purges WHERE sent_at IS NULL AND failed_at IS NULL",
      )
      .pluck(),
    stats: sqlite
      .prepare(
        "SELECT count(*), min(created_at) FROM cache_purges WHERE sent_at IS NULL AND failed_at IS NULL",
      )
      .raw(),
    cleanup: sqlite.prepare(
      "DELETE FROM cache_purges WHERE coalesce(sent_at, failed_at) IS NOT NULL AND coalesce(sent_at, failed_at) < ?",
    ),
  };
}

function statements(db: Db): Statements {
  let s = byDb.get(db);
  if (!s) {
    s = prepare(db);
    byDb.set(db, s);
  }
  return s;
}

/**
 * Reads the changes after the cursor, queues their keys for each of `targets` and moves the
 * cursor, in one transaction. Returns the batch queued, or null when there was nothing new.
 * No cursor yet (the purger's first start) or changes pruned before they were read (the cursor
 * is behind rows that are gone): `all`.
 */
export function enqueueChanges(db: Db, targets: string[], now = Date.now()): Batch | null {
  const s = statements(db);
  return db.$client
    .transaction((): Batch | null => {
      const cursor = s.cursor.get() as number | undefined;
      const issued = (s.issued.get() as number | undefined) ?? 0;
      let batch: Batch | null;
      if (cursor === undefined) {
        batch = { keys: [ALL_KEY], reason: "start", changes: 0 };
      } else if (issued === cursor) {
        return null;
      } else {
        const rows = s.changes.all(cursor, issued) as [
          number | null,
          string | null,
          string | null,
        ][];
        // Seqs are handed out one by one (AUTOINCREMENT); fewer rows than seqs means some
        // were pruned unread, and a log that restarted below the cursor was replaced.
        const complete = issued > cursor && rows.length === issued - cursor;
        const changes: PageChange[] = rows.map(([postId, scope, slug]) => ({
          postId,
          scope,
          slug,
        }));
        batch = complete
          ? { keys: keysForChanges(changes), reason: "changes", changes: rows.length }
          : { keys: [ALL_KEY], reason: "gap", changes: rows.length };
      }
      if (batch.keys.length > 0) {
        const keys = batch.keys.join(" ");
        for (const target of targets) s.insert.run(target, keys, now, now);
      }
      s.setCursor.run(issued);
      return batch;
    })
    .immediate();
}

/** The purges due now (not sent, not given up, their next attempt's time come), oldest first. */
export function duePurges(db: Db, now = Date.now()): QueuedPurge[] {
  return (statements(db).due.all(now) as [number, string, string, number][]).map(
    ([id, target, keys, attempts]) => ({ id, target, keys: keys.split(" "), attempts }),
  );
}

export function markSent(db: Db, ids: number[], now = Date.now()) {
  const s = statements(db);
  db.$client.transaction(() => {
    for (const id of ids) s.sent.run(now, id);
  })();
}

/**
 * Records a failed attempt of each purge: tried again after `retryDelayMs`, or given up after
 * MAX_ATTEMPTS. Returns how many were given up.
 */
export function markFailed(db: Db, purges: QueuedPurge[], error: string, now = Date.now()) {
  const s = statements(db);
  let givenUp = 0;
  db.$client.transaction(() => {
    for (const p of purges) {
      const attempts = p.attempts + 1;
      if (attempts >= MAX_ATTEMPTS) {
        s.giveUp.run(attempts, now, error, p.id);
        givenUp++;
      } else {
        s.retry.run(attempts, now + retryDelayMs(attempts), error, p.id);
      }
    }
  })();
  return givenUp;
}

/** Gives up at once (the target is no longer among CACHE_PURGE_URLS). */
export function abandon(db: Db, purges: QueuedPurge[], error: string, now = Date.now()) {
  const s = statements(db);
  db.$client.transaction(() => {
    for (const p of purges) s.giveUp.run(p.attempts, now, error, p.id);
  })();
}

/** When the earliest purge waiting is due (null when none waits). */
export function nextAttemptAt(db: Db): number | null {
  return statements(db).next.get() as number | null;
}

/** Purges waiting, and the age in seconds of the oldest (0 when none). */
export function purgeQueueStats(db: Db, now = Date.now()) {
  const [depth, oldest] = statements(db).stats.get() as [number, number | null];
  return { depth, oldestAgeSeconds: oldest === null ? 0 : Math.max(0, now - oldest) / 1000 };
}

/** Deletes rows sent or given up more than a day ago. */
export function deleteDonePurges(db: Db, now = Date.now()) {
  statements(db).cleanup.run(now - KEEP_DONE_MS);
}

/**
 * Forgets the cursor (purging is off): the change log is then pruned without waiting for the
 * purger, and switching purging on again starts with `all`.
 */
export function dropPurgeCursor(db: Db) {
  statements(db).dropCursor.run();
}

/**
 * The highest seq the change log may be pruned to without losing changes the purger has not
 * read: its cursor, or `seq` itself when purging is off (no cursor).
 */
export function prunableSeq(db: Db, seq: number): number {
  const cursor = statements(db).cursor.get() as number | undefined;
  return cursor === undefined ? seq : Math.min(seq, cursor);
}
