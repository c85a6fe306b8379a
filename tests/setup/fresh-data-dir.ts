/**
 * Every test file gets its own DATA_DIR in the system temp folder, holding a
 * copy of the migrated base database (tests/setup/base-database.ts), and it
 * is removed afterwards. Tests never touch ./data.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, afterEach } from "vitest";
import { renditionsIdle } from "~/domain/media/rendition-worker.server";
import { closeDb } from "~/platform/db.server";
import { useDatabaseCopy } from "./database-copy";

const dir = mkdtempSync(join(tmpdir(), "inkwell-test-"));
process.env.DATA_DIR = dir;
process.env.PUBLIC_URL = "http://127.0.0.1:3500";
process.env.SESSION_SECRET = "test-secret-test-secret-test-secret";
delete process.env.ADMIN_PASSWORD;
delete process.env.ADMIN_EMAIL;
useDatabaseCopy(dir);

// Image renditions an upload queued are made before the next test looks at the database.
afterEach(renditionsIdle);

afterAll(async () => {
  await renditionsIdle();
  closeDb();
  rmSync(dir, { recursive: true, force: true });
});
