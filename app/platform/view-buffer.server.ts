/**
 * Post views without a database write per request: each view is added to a
 * count in memory, and the counts are written in one transaction at most once
 * a second, and again at shutdown. A hard kill loses at most the last second
 * of views (docs/performance.md). Likes and shares are not buffered.
 * While writing fails (a full disk) the views stay counted and the write is
 * tried every second; the failure is logged in full once, then in one line a
 * minute while it lasts, and its end in one line.
 */
import type { Db } from "~/platform/db.server";

const FLUSH_EVERY_MS = 1000;
const REPEAT_LOG_MS = 60_000;

type Failing = { since: number; loggedAt: number };
type State = { pending: Map<number, number>; timer?: NodeJS.Timeout; db?: Db; failing?: Failing };
const state: State = { pending: new Map() };

/**
 * Counts one view of post `id` (a published post) in memory, written within a
 * second; returns the views of that post not yet written, this one included.
 */
export function bufferView(db: Db, id: number): number {
  const pending = (state.pending.get(id) ?? 0) + 1;
  state.pending.set(id, pending);
  state.db = db;
  state.timer ??= setTimeout(() => {
    state.timer = undefined;
    flushViews();
  }, FLUSH_EVERY_MS).unref();
  return pending;
}

/** Views of post `id` counted but not yet written. */
export function pendingViews(id: number): number {
  return state.pending.get(id) ?? 0;
}

/**
 * Writes the buffered views in one transaction (a post trashed meanwhile
 * keeps its count as it was). Called by the timer and at shutdown, before
 * the database closes.
 */
export function flushViews() {
  if (state.timer) {
    clearTimeout(state.timer);
    state.timer = undefined;
  }
  const db = state.db;
  if (!db || state.pending.size === 0) return;
  const batch = [...state.pending];
  state.pending.clear();
  try {
    const sqlite = db.$client;
    const update = sqlite.prepare(
      "UPDATE posts SET views = views + ? WHERE id = ? AND status = 'published'",
    );
    // The day's total (UTC) moves with the posts' counts, in the same transaction.
    const perDay = sqlite.prepare(
      "INSERT INTO daily_views (day, views) VALUES (?, ?) ON CONFLICT(day) DO UPDATE SET views = views + excluded.views",
    );
    const day = new Date().toISOString().slice(0, 10);
    sqlite.transaction(() => {
      let counted = 0;
      for (const [id, count] of batch) {
        if (update.run(count, id).changes > 0) counted += count;
      }
      if (counted > 0) perDay.run(day, counted);
    })();
    if (state.failing) {
      const seconds = Math.round((Date.now() - state.failing.since) / 1000);
      console.error(`The buffered post views are written again (after ${seconds} s of failures)`);
      state.failing = undefined;
    }
  } catch (error) {
    if (!db.$client.open) return; // closed under us (tests switching folders): nothing to keep
    for (const [id, count] of batch) state.pending.set(id, (state.pending.get(id) ?? 0) + count);
    logFailure(error);
    state.timer ??= setTimeout(flushViews, FLUSH_EVERY_MS).unref();
  }
}

/** The whole error the first time, then one line a minute while the writes keep failing. */
function logFailure(error: unknown) {
  const now = Date.now();
  const failing = state.failing;
  if (!failing) {
    state.failing = { since: now, loggedAt: now };
    console.error(
      "Writing the buffered post views failed; retrying every second (one line a minute while it fails):",
      error,
    );
    return;
  }
  if (now - failing.loggedAt < REPEAT_LOG_MS) return;
  failing.loggedAt = now;
  const cause = (error as { code?: unknown })?.code ?? (error as Error)?.message ?? error;
  let waiting = 0;
  for (const count of state.pending.values()) waiting += count;
  const minutes = Math.round((now - failing.since) / 60_000);
  console.error(
    `Writing the buffered post views still fails (${String(cause).split("\n")[0]}) after ${minutes} min; ${waiting} views waiting`,
  );
}
