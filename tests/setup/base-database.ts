/**
 * Vitest global setup: builds the migrated base database once per run. Every
 * test file (tests/setup/fresh-data-dir.ts) and every test that asks for a
 * clean start (`resetDatabase()` in tests/helpers.ts) begins from a copy of
 * it, so no test depends on what another one wrote or on the order they run.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { TestProject } from "vitest/node";
import { openDatabase } from "~/platform/db.server";

declare module "vitest" {
  export interface ProvidedContext {
    baseDatabase: string;
  }
}

export default function setup(project: TestProject) {
  const dir = mkdtempSync(join(tmpdir(), "inkwell-test-base-"));
  const path = join(dir, "app.db");
  const db = openDatabase(path);
  // One file, no -wal beside it: copies are complete.
  db.$client.pragma("journal_mode = DELETE");
  db.$client.close();
  project.provide("baseDatabase", path);
  return () => rmSync(dir, { recursive: true, force: true });
}
