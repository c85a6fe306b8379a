/**
 * `npm run restore -- path/to/backup.tar.gz`: puts a backup back into a
 * stopped site's data folder. It refuses while a server is using the folder,
 * and refuses a backup that fails verification (integrity_check and the row
 * counts of its manifest). What it replaces is moved aside into
 * `DATA_DIR/replaced-<time>/`, never deleted. API keys and 2FA secrets are
 * re-sealed under the session secret the restored site will run with
 * (`targetSecret`: SESSION_SECRET, or the data folder's `session-secret`).
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync } from "node:fs";
import { basename, join } from "node:path";
import Database from "better-sqlite3";
import * as tar from "tar";
import { type Resealed, resealSecrets } from "~/domain/accounts/secrets.server";
import { readEnv, sessionSecret } from "~/platform/env.server";
import { SEALING_KEY_FILE, verifyBackupArchive } from "./backup.server";
import { runningServer } from "./running.server";

export type RestoreResult = {
  createdAt: string;
  counts: Record<string, number>;
  /** Where the data it replaced went, or null when the folder was empty. */
  movedAside: string | null;
  replaced: string[];
  /**
   * API keys and 2FA secrets re-sealed under the target's session secret (and
   * any the backup's key could not open); null for a backup without its key,
   * whose secrets open only under the session secret it was taken with.
   */
  secrets: Resealed | null;
};

export class RestoreRefused extends Error {}

/**
 * The restored database's audit log says it was restored, from which backup,
 * and what was replaced (the site is stopped: nobody else writes to it). A
 * backup older than the audit log has nowhere to say it; the restore stands.
 */
function recordRestore(dbPath: string, name: string, takenAt: string, replaced: string[]) {
  const sqlite = new Database(dbPath);
  try {
    sqlite
      .prepare(
        "insert into audit_log (at, actor_id, actor_name, action, target_type, target_id, summary, address) values (?, null, 'command line', 'restore', 'backup', ?, ?, '')",
      )
      .run(
        Date.now(),
        name,
        `Backup of ${takenAt} restored${replaced.length > 0 ? `; replaced ${replaced.join(", ")}` : ""}`,
      );
  } catch {
    // No audit_log table in this backup.
  } finally {
    sqlite.close();
  }
}

/** Re-seals the unpacked database's secrets with the archive's key, when it carries one. */
function resealUnpacked(unpacked: string, targetSecret: string): Resealed | null {
  const keyFile = join(unpacked, SEALING_KEY_FILE);
  if (!existsSync(keyFile)) return null;
  const sqlite = new Database(join(unpacked, "app.db"));
  try {
    return resealSecrets(sqlite, readFileSync(keyFile, "utf8"), targetSecret);
  } finally {
    sqlite.close();
  }
}

export async function restoreBackup(
  archive: string,
  dataDir: string,
  targetSecret: () => string = () => sessionSecret({ ...readEnv(), dataDir }),
): Promise<RestoreResult> {
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
    const secrets = resealUnpacked(unpacked, targetSecret());
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
    recordRestore(join(dataDir, "app.db"), basename(archive), manifest.createdAt, replaced);
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
      secrets,
    };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}
