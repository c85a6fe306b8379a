/**
 * Backups: the database copied with SQLite's online backup (better-sqlite3's
 * `backup()`, consistent while the site serves and writes), plus the uploads,
 * as one `.tar.gz` in `DATA_DIR/backups/`. Every backup is verified once
 * written: its database is read back out of the archive, opened,
 * `PRAGMA integrity_check` must say ok and every table must hold the row
 * count recorded in the archive's manifest. A backup that fails is deleted.
 *
 * The archive also carries the key that opens the database's API keys and
 * 2FA secrets (`sealing-key`), so it is secret material like the session
 * secret (docs/decisions/190-backups-carry-their-sealing-key.md).
 *
 * Not covered: anything written after the backup started, and files outside
 * DATA_DIR (docs/operations.md says what to use for continuous copies).
 */
import { randomUUID } from "node:crypto";
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { rename } from "node:fs/promises";
import { join } from "node:path";
import Database from "better-sqlite3";
import * as tar from "tar";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { sealingKey } from "~/domain/accounts/secrets.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, notFound } from "~/domain/errors.server";
import { type Db, getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";

export type BackupManifest = {
  app: "inkwell";
  kind: "backup";
  createdAt: string;
  /** Rows per table when the backup was taken. */
  counts: Record<string, number>;
};

export type BackupFile = { name: string; size: number; createdAt: number };

/** The archive's copy of the key that opens its API keys and 2FA secrets (docs/operations.md). */
export const SEALING_KEY_FILE = "sealing-key";

const NAME = /^inkwell-backup-\d{8}T\d{6}Z(?:-\d+)?\.tar\.gz$/;

export function backupsDir() {
  return join(readEnv().dataDir, "backups");
}

/** The tables of a database file and their row counts (SQLite's own tables left out). */
export function rowCounts(sqlite: Database.Database): Record<string, number> {
  const tables = sqlite
    .prepare(
      "select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name",
    )
    .all() as { name: string }[];
  return Object.fromEntries(
    tables.map(({ name }) => [
      name,
      (
        sqlite.prepare(`select count(*) as n from "${name.replace(/"/g, '""')}"`).get() as {
          n: number;
        }
      ).n,
    ]),
  );
}

/** Opens a database file read-only and checks it: integrity, and row counts against `expected`. */
export function checkDatabaseFile(path: string, expected?: Record<string, number>): string[] {
  const problems: string[] = [];
  const sqlite = new Database(path, { readonly: true, fileMustExist: true });
  try {
    const integrity = sqlite.pragma("integrity_check", { simple: false }) as {
      integrity_check: string;
    }[];
    const verdict = integrity.map((r) => r.integrity_check).join("; ");
    if (verdict !== "ok") problems.push(`integrity_check: ${verdict}`);
    if (expected) {
      const counts = rowCounts(sqlite);
      for (const [table, n] of Object.entries(expected)) {
        if (counts[table] !== n)
          problems.push(`${table}: ${counts[table] ?? "missing"} rows, expected ${n}`);
      }
    }
  } finally {
    sqlite.close();
  }
  return problems;
}

/**
 * Reads the manifest and database out of a backup archive into `dir` and
 * checks them. Returns the manifest and any problems found.
 */
export async function verifyBackupArchive(
  archive: string,
  dir: string,
): Promise<{ manifest: BackupManifest | null; problems: string[] }> {
  mkdirSync(dir, { recursive: true });
  try {
    await tar.x({
      file: archive,
      cwd: dir,
      filter: (p) => p === "manifest.json" || p === "app.db",
    });
  } catch (error) {
    return {
      manifest: null,
      problems: [`the archive cannot be read: ${(error as Error).message}`],
    };
  }
  if (!existsSync(join(dir, "manifest.json")) || !existsSync(join(dir, "app.db"))) {
    return { manifest: null, problems: ["the archive has no manifest.json or app.db"] };
  }
  let manifest: BackupManifest;
  try {
    manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
  } catch {
    return { manifest: null, problems: ["manifest.json is not readable"] };
  }
  if (manifest.app !== "inkwell" || manifest.kind !== "backup") {
    return { manifest: null, problems: ["this is not an Inkwell backup"] };
  }
  try {
    return { manifest, problems: checkDatabaseFile(join(dir, "app.db"), manifest.counts) };
  } catch (error) {
    return { manifest, problems: [`the database cannot be opened: ${(error as Error).message}`] };
  }
}

function stamp(now: Date) {
  return now
    .toISOString()
    .replace(/[-:]/g, "")
    .replace(/\.\d+Z$/, "Z");
}

let inProgress: Promise<BackupFile> | null = null;

/**
 * Takes a backup now (one at a time: a second call while one runs waits for
 * it). Safe while the site serves: the online backup copies pages in steps
 * and restarts a step a concurrent write changed.
 */
export function createBackup(db: Db = getDb(), now = new Date()): Promise<BackupFile> {
  inProgress ??= takeBackup(db, now).finally(() => {
    inProgress = null;
  });
  return inProgress;
}

async function takeBackup(db: Db, now: Date): Promise<BackupFile> {
  const env = readEnv();
  const dir = backupsDir();
  mkdirSync(dir, { recursive: true });
  const staging = join(dir, `.staging-${randomUUID()}`);
  mkdirSync(staging, { recursive: true });
  try {
    await db.$client.backup(join(staging, "app.db"));
    const copy = new Database(join(staging, "app.db"));
    let counts: Record<string, number>;
    try {
      copy.pragma("journal_mode = DELETE");
      counts = rowCounts(copy);
    } finally {
      copy.close();
    }
    const manifest: BackupManifest = {
      app: "inkwell",
      kind: "backup",
      createdAt: now.toISOString(),
      counts,
    };
    writeFileSync(join(staging, "manifest.json"), `${JSON.stringify(manifest, null, 2)}\n`);
    // What opens the database's sealed secrets, so a restore can re-seal them under its own.
    writeFileSync(join(staging, SEALING_KEY_FILE), `${sealingKey()}\n`, { mode: 0o600 });
    const entries = ["manifest.json", "app.db", SEALING_KEY_FILE];
    if (existsSync(env.uploadsDir)) {
      symlinkSync(env.uploadsDir, join(staging, "uploads"), "dir");
      entries.push("uploads");
    }
    let name = `inkwell-backup-${stamp(now)}.tar.gz`;
    for (let i = 2; existsSync(join(dir, name)); i++)
      name = `inkwell-backup-${stamp(now)}-${i}.tar.gz`;
    const partial = join(staging, "archive.tar.gz");
    await tar.c(
      {
        gzip: true,
        cwd: staging,
        file: partial,
        follow: true,
        portable: true,
        filter: (p) => !p.startsWith("uploads/.incoming"),
      },
      entries,
    );
    const { problems } = await verifyBackupArchive(partial, join(staging, "verify"));
    if (problems.length > 0)
      throw new Error(`The backup failed verification: ${problems.join("; ")}`);
    await rename(partial, join(dir, name));
    return { name, size: statSync(join(dir, name)).size, createdAt: now.getTime() };
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
}

/** The backups on disk, newest first. */
export function listBackups(): BackupFile[] {
  const dir = backupsDir();
  if (!existsSync(dir)) return [];
  return readdirSync(dir)
    .filter((name) => NAME.test(name))
    .map((name) => {
      const stat = statSync(join(dir, name));
      return { name, size: stat.size, createdAt: stat.mtimeMs };
    })
    .sort((a, b) => b.name.localeCompare(a.name));
}

/** Deletes all but the newest `keep` backups; returns the names removed. */
export function pruneBackups(keep: number): string[] {
  const removed = listBackups().slice(Math.max(1, keep));
  for (const b of removed) rmSync(join(backupsDir(), b.name), { force: true });
  return removed.map((b) => b.name);
}

/** The path of a backup to download, for Administrators only. */
export function backupPath(actor: SessionUser, name: string): string {
  assertCan(actor, "manageSite");
  if (!NAME.test(name)) throw badRequest("Not a backup name");
  const path = join(backupsDir(), name);
  if (!existsSync(path)) throw notFound("Backup not found");
  // A backup holds everything, password hashes included: who took a copy is on record.
  recordAudit(getDb(), {
    action: "backup-downloaded",
    actor,
    targetType: "backup",
    targetId: name,
    summary: name,
    address: actor.address,
  });
  return path;
}

/** "Back up now" (Administrators). */
export async function backUpNow(actor: SessionUser, db: Db = getDb()): Promise<BackupFile> {
  assertCan(actor, "manageSite");
  const backup = await createBackup(db);
  recordAudit(db, {
    action: "backup",
    actor,
    targetType: "backup",
    targetId: backup.name,
    summary: backup.name,
    address: actor.address,
  });
  return backup;
}
