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
  const db = drizzle(sqlite, { schema }) as Db;
  migrate(db, { migrationsFolder: MIGRATIONS_FOLDER });
  return db;
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
