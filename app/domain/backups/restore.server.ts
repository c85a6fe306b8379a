/**
 * `npm run restore -- path/to/backup.tar.gz`: puts a backup back into a
 * stopped site's data folder. It refuses while a server is using the folder,
 * and refuses a backup that fails verification (integrity_check and the row
 * counts of its manifest). What it replaces is moved aside into
 * `DATA_DIR/replaced-<time>/`, never deleted.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, renameSync, rmSync } from "node:fs";
import { join } from "node:path";
import * as tar from "tar";
import { verifyBackupArchive } from "./backup.server";
import { runningServer } from "./running.server";

export type RestoreResult = {
  createdAt: string;
  counts: Record<string, number>;
  /** Where the data it replaced went, or null when the folder was empty. */
  movedAside: string | null;
  replaced: string[];
};

export class RestoreRefused extends Error {}

export async function restoreBackup(archive: string, dataDir: string): Promise<RestoreResult> {
  if (!existsSync(archive)) throw new RestoreRefused(`No such file: ${archive}`);
  const pid = runningServer(dataDir);
  if (pid) {
    throw new RestoreRefused(
      `The site is running (process ${pid}) on ${dataDir}; stop it first, then restore.`,
    );
  }
  mkdirSync(dataDir, { recursive: true });
  const work = join(dataDir, `.restore-${randomUUID()}`);
  try {
    const { manifest, problems } = await verifyBackupArchive(archive, join(work, "verify"));
    if (!manifest || problems.length > 0) {
      throw new RestoreRefused(`The backup failed verification: ${problems.join("; ")}`);
    }
    const unpacked = join(work, "unpacked");
    mkdirSync(unpacked, { recursive: true });
    await tar.x({ file: archive, cwd: unpacked, strict: true });
    const stamp = new Date()
      .toISOString()
      .replace(/[-:]/g, "")
      .replace(/\.\d+Z$/, "Z");
    const aside = join(dataDir, `replaced-${stamp}`);
    const replaced: string[] = [];
    for (const name of ["app.db", "app.db-wal", "app.db-shm", "uploads"]) {
      if (!existsSync(join(dataDir, name))) continue;
      mkdirSync(aside, { recursive: true });
      renameSync(join(dataDir, name), join(aside, name));
      replaced.push(name);
    }
    renameSync(join(unpacked, "app.db"), join(dataDir, "app.db"));
    if (existsSync(join(unpacked, "uploads"))) {
      renameSync(join(unpacked, "uploads"), join(dataDir, "uploads"));
    } else {
      mkdirSync(join(dataDir, "uploads"), { recursive: true });
    }
    return {
      createdAt: manifest.createdAt,
      counts: manifest.counts,
      movedAside: replaced.length > 0 ? aside : null,
      replaced,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
