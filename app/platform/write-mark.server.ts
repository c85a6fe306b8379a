/**
 * What may be kept between requests because the database has not changed
 * since it was read (docs/performance.md "Fresh renders").
 *
 * The write mark of a connection is SQLite's `total_changes()` (every row this
 * connection has written, in any table), read at every call, and
 * `data_version` (moves when another connection or process commits), read
 * once per stretch of synchronous code (forgotten in a microtask): nothing
 * this process hears from outside (a request, a timer, a reply) can arrive
 * within one stretch, so no other process's commit can be ordered between two
 * reads of it. (Forgetting it only at the next `setImmediate` was not enough:
 * a timer due in the next turn of the event loop runs before that.) A write
 * from any code path or process therefore moves the mark before the next read. Inside a transaction there is no mark
 * (a rolled-back write must not leave a value behind): callers read afresh.
 */
import type { Db } from "~/platform/db.server";

type Marker = () => string;
const markers = new WeakMap<Db, Marker>();

function markerOf(db: Db): Marker {
  let marker = markers.get(db);
  if (!marker) {
    const changes = db.$client.prepare("select total_changes()").pluck();
    const dataVersion = db.$client.prepare("pragma data_version").pluck();
    let versionNow: unknown;
    const forget = () => {
      versionNow = undefined;
    };
    const version = () => {
      if (versionNow === undefined) {
        versionNow = dataVersion.get();
        queueMicrotask(forget);
      }
      return versionNow;
    };
    marker = () => `${changes.get()}:${version()}`;
    markers.set(db, marker);
  }
  return marker;
}

/** The connection's write mark, or undefined inside a transaction (or on a transaction's handle). */
export function writeMark(db: Db): string | undefined {
  // A Drizzle transaction handle has no `$client`.
  const client = (db as Partial<Db>).$client;
  if (!client || client.inTransaction) return undefined;
  return markerOf(db)();
}

/**
 * A table of values worked out from the database, kept per connection while
 * its write mark stays put and forgotten as a whole when it moves. At most
 * `limit` keys are kept (the table starts over when full). The values are
 * shared between callers: they must not be changed.
 */
export function keptUntilWrite<V>(limit: number) {
  const tables = new WeakMap<Db, { mark: string; values: Map<string, V> }>();
  return (db: Db, key: string, compute: () => V): V => {
    const mark = writeMark(db);
    if (mark === undefined) return compute();
    let table = tables.get(db);
    if (!table || table.mark !== mark) {
      table = { mark, values: new Map() };
      tables.set(db, table);
    }
    if (table.values.has(key)) return table.values.get(key) as V;
    const value = compute();
    if (table.values.size >= limit) table.values.clear();
    // The mark is read again: a value computed by a call that wrote must not be kept.
    if (writeMark(db) === mark) table.values.set(key, value);
    return value;
  };
}
