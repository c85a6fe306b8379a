import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { inject } from "vitest";
import { closeDb, getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";

/**
 * Points the process at `dir` (DATA_DIR) with a fresh copy of the migrated base
 * database that tests/setup/base-database.ts builds once per run.
 */
export function useDatabaseCopy(dir: string) {
  closeDb();
  process.env.DATA_DIR = dir;
  const path = readEnv().databasePath;
  mkdirSync(dir, { recursive: true });
  for (const leftover of [`${path}-wal`, `${path}-shm`]) rmSync(leftover, { force: true });
  copyFileSync(inject("baseDatabase"), path);
  getDb();
}
