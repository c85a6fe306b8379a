/**
 * One SQLite connection per process (per DATA_DIR), opened lazily so that
 * importing a module never touches the disk and tests can choose their folder.
 * Migrations from `db/migrations` are applied on open; they are idempotent.
 */
import { resolve } from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import type { BaseSQLiteDatabase } from "drizzle-orm/sqlite-core";
import * as schema from "#db/schema";
import { DomainError, storageFull } from "~/domain/errors.server";
import { ensureDataDirs, readEnv } from "~/platform/env.server";
import { processSingleton } from "~/platform/process-singleton.server";
import { htmlToText } from "~/utils/text";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

/**
 * What both the database handle and a transaction (`db.transaction((tx) => …)`)
 * are: queries, writes and nested transactions, without the connection
 * (`$client`). A function that may run inside its caller's transaction takes
 * this, `(db: DbOrTx, actor, input)`.
 */
export type DbOrTx = BaseSQLiteDatabase<"sync", Database.RunResult, typeof schema>;

type Handle = { path: string; db: Db };
const globalForDb = processSingleton("db", (): { __inkwellDb?: Handle } => ({}));

/** SQLite's page cache per connection, in KiB (docs/decisions/056-sqlite-page-cache.md). */
export const SQLITE_CACHE_KIB = 4000;

export const MIGRATIONS_FOLDER = resolve("db/migrations");

export function openDatabase(path: string): Db {
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  // Reads never wait under WAL; a write waits this long for another process's
  // write lock (a backup, the CLI), then answers 503. better-sqlite3 waits
  // synchronously, so a long wait would stall every request, reads included.
  sqlite.pragma(`busy_timeout = ${BUSY_TIMEOUT_MS}`);
  sqlite.pragma("synchronous = NORMAL");
  // better-sqlite3 builds SQLite with a 16 MB page cache per connection (SQLite's own default
  // is 2 MB). Once a large archive had filled it, it stayed in malloc's heap for good: 16 MB of
  // the process's resident memory at 100,000 posts. The pages every reader page touches (the
  // list indexes, the newest rows) fit in a few MB; the rest comes from the OS's file cache.
  // Figures: docs/decisions/056-sqlite-page-cache.md.
  sqlite.pragma(`cache_size = ${-SQLITE_CACHE_KIB}`);
  registerFunctions(sqlite);
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  reuseStatements(db, sqlite);
  return db;
}

/**
 * SQL functions the schema itself uses, so every connection that writes must have them:
 * `inkwell_text(html)` is a post body's plain text, which the search index's triggers
 * read (db/migrations/0010_posts_search.sql, docs/decisions/100-search-index.md).
 */
export function registerFunctions(sqlite: Database.Database) {
  sqlite.function("inkwell_text", { deterministic: true }, (html: unknown) =>
    typeof html === "string" ? htmlToText(html) : "",
  );
}

const STATEMENT_CACHE_SIZE = 500;
export const BUSY_TIMEOUT_MS = 250;

/**
 * What a database error means for the caller: a full or failing disk is a 507
 * (its real cause logged), the write lock held elsewhere a 503; anything else
 * is rethrown as it is.
 */
export function storageFault(error: unknown): unknown {
  const code = (error as { code?: unknown })?.code;
  if (typeof code !== "string" || !code.startsWith("SQLITE_")) return error;
  if (code === "SQLITE_FULL" || code.startsWith("SQLITE_IOERR")) {
    console.error(`The database could not write (${code}): ${(error as Error).message}`);
    return storageFull();
  }
  if (code === "SQLITE_BUSY" || code === "SQLITE_BUSY_SNAPSHOT") {
    console.warn(`The database is locked by another program (${code})`);
    return new DomainError(
      503,
      "The database is busy (another program is writing to it); try again in a moment.",
    );
  }
  return error;
}

function reporting<F extends (...args: never[]) => unknown>(fn: F): F {
  return ((...args: Parameters<F>) => {
    try {
      return fn(...args);
    } catch (error) {
      throw storageFault(error);
    }
  }) as F;
}

/**
 * Makes a write statement report its commit. Outside a transaction SQLite
 * commits a statement when it finishes; \`.get()\` stops at the first row and
 * better-sqlite3 ignores an error at that commit (a full disk: the write
 * answered success and was never saved). So \`.get()\` of a write runs in a
 * transaction of its own, whose COMMIT fails loudly. Every method maps a full
 * disk or a held lock to its status (storageFault).
 */
function reportCommits(statement: Database.Statement, sqlite: Database.Database) {
  if (statement.readonly) return;
  const get = statement.get.bind(statement);
  const inOwnTransaction = sqlite.transaction((...args: unknown[]) => get(...args));
  statement.get = reporting((...args: unknown[]) =>
    sqlite.inTransaction ? get(...args) : inOwnTransaction(...args),
  ) as typeof statement.get;
  statement.run = reporting(statement.run.bind(statement)) as typeof statement.run;
  statement.all = reporting(statement.all.bind(statement)) as typeof statement.all;
}

/** `sqlite.transaction`, whose COMMIT failing (a full disk) maps like a statement's errors. */
function reportingTransaction(sqlite: Database.Database) {
  return (fn: (...args: unknown[]) => unknown) => {
    const native = sqlite.transaction(fn);
    return Object.assign(reporting(native), {
      deferred: reporting(native.deferred),
      immediate: reporting(native.immediate),
      exclusive: reporting(native.exclusive),
    });
  };
}

/**
 * Drizzle asks SQLite to compile every query afresh (`prepare` per call), which
 * is a large share of a page's cost. Its session gets a `prepare` that keeps
 * compiled statements by SQL text and hands them out again. A statement Drizzle
 * reads rows with is reset to object rows first (Drizzle switches it to array
 * rows itself when it wants them). Only Drizzle's queries share these: code that
 * calls `db.$client.prepare` keeps its own statements. The cache starts over when
 * full (SQL that inlines values could otherwise grow it without end).
 */
function reuseStatements(db: Db, sqlite: Database.Database) {
  const session = (db as unknown as { session: { client: Database.Database } }).session;
  const statements = new Map<string, Database.Statement>();
  const prepare = (source: string) => {
    let statement = statements.get(source);
    if (!statement) {
      if (statements.size >= STATEMENT_CACHE_SIZE) statements.clear();
      statement = sqlite.prepare(source);
      reportCommits(statement, sqlite);
      statements.set(source, statement);
    }
    if (statement.reader) statement.raw(false);
    return statement;
  };
  session.client = {
    prepare,
    transaction: reportingTransaction(sqlite),
  } as unknown as Database.Database;
}

/**
 * A Drizzle query built and compiled once per connection (or transaction
 * handle), for the queries every page runs: building a query's SQL text
 * each time cost more than running it. `build` uses `sql.placeholder(…)` for
 * what changes; call `.get({…})` or `.all({…})` on the result.
 */
export function preparedOnce<Q>(build: (db: Db) => Q): (db: Db) => Q {
  const byDb = new WeakMap<Db, Q>();
  return (db) => {
    let query = byDb.get(db);
    if (query === undefined) {
      query = build(db);
      byDb.set(db, query);
    }
    return query;
  };
}

/** The process's database for the current DATA_DIR. */
export function getDb(): Db {
  const env = readEnv();
  const existing = globalForDb.__inkwellDb;
  if (existing && existing.path === env.databasePath) return existing.db;
  if (existing) existing.db.$client.close();
  ensureDataDirs(env);
  const db = openDatabase(env.databasePath);
  globalForDb.__inkwellDb = { path: env.databasePath, db };
  return db;
}

export function closeDb() {
  const existing = globalForDb.__inkwellDb;
  if (!existing) return;
  globalForDb.__inkwellDb = undefined;
  existing.db.$client.close();
}

export { schema };
