/**
 * One SQLite connection per process (per DATA_DIR), opened lazily so that
 * importing a module never touches the disk and tests can choose their folder.
 * Migrations from `db/migrations` are applied on open; they are idempotent.
 */
import { resolve } from "node:path";
import Database from "better-sqlite3";
import { type BetterSQLite3Database, drizzle } from "drizzle-orm/better-sqlite3";
import { migrate } from "drizzle-orm/better-sqlite3/migrator";
import * as schema from "#db/schema";
import { ensureDataDirs, readEnv } from "~/platform/env.server";
import { htmlToText } from "~/utils/text";

export type Db = BetterSQLite3Database<typeof schema> & { $client: Database.Database };

type Handle = { path: string; db: Db };
const globalForDb = globalThis as typeof globalThis & { __inkwellDb?: Handle };

export const MIGRATIONS_FOLDER = resolve("db/migrations");

export function openDatabase(path: string): Db {
  const sqlite = new Database(path);
  sqlite.pragma("journal_mode = WAL");
  sqlite.pragma("foreign_keys = ON");
  sqlite.pragma("busy_timeout = 5000");
  sqlite.pragma("synchronous = NORMAL");
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
      statements.set(source, statement);
    }
    if (statement.reader) statement.raw(false);
    return statement;
  };
  session.client = {
    prepare,
    transaction: sqlite.transaction.bind(sqlite),
  } as unknown as Database.Database;
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
