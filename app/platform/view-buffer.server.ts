/**
 * Post views without a database write per request: each view is added to a
 * count in memory, and the counts are written in one transaction at most once
 * a second, and again at shutdown. A hard kill loses at most the last second
 * of views (docs/performance.md). Likes and shares are not buffered.
 */
import type { Db } from "~/platform/db.server";

const FLUSH_EVERY_MS = 1000;

type State = { pending: Map<number, number>; timer?: NodeJS.Timeout; db?: Db };
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
  } catch (error) {
    if (!db.$client.open) return; // closed under us (tests switching folders): nothing to keep
    for (const [id, count] of batch) state.pending.set(id, (state.pending.get(id) ?? 0) + count);
    console.error("Writing the buffered post views failed; retrying in a second:", error);
    state.timer ??= setTimeout(flushViews, FLUSH_EVERY_MS).unref();
  }
}
