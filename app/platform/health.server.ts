/**
 * What `/readyz` checks (docs/operations.md "Health and metrics",
 * docs/decisions/270-readiness-checks.md): the database and the data folder take writes, every
 * migration is applied, the data folder has free space, the warm start is done and the process
 * is not stopping. The storage checks touch the disk, so their result is kept for a second.
 */
import { readFileSync, statfsSync, statSync, unlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Db, MIGRATIONS_FOLDER } from "~/platform/db.server";
import { isStopping, isWarm } from "~/platform/readiness.server";

export type CheckName = "database" | "migrations" | "disk" | "warm" | "stopping";
/** Each check's result: "ok", or why it fails. */
export type Checks = Record<CheckName, string>;
export type Readiness = { ready: boolean; failing: CheckName[]; checks: Checks };

export type StorageProbe = {
  db: Db;
  dataDir: string;
  /** Below this many MB free in `dataDir` the process is not ready; 0 leaves the check out. */
  minFreeMb: number;
  migrationsFolder?: string;
  /** Creates and removes a file in `dir` (tests replace it to play a read-only folder). */
  probeFile?: (dir: string) => void;
  /** Bytes free in `dir` for this process's user (tests replace it to play a full disk). */
  freeBytes?: (dir: string) => number;
};

const CACHE_MS = 1_000;
const MB = 1024 * 1024;

/**
 * The probe file: this process's own name, so two processes on one folder never collide. A folder
 * whose permissions allow nobody to write counts as read-only even for root (who could write it
 * all the same): its operator made it read-only.
 */
export function writeProbeFile(dir: string) {
  if ((statSync(dir).mode & 0o222) === 0)
    throw new Error(`${dir} is read-only (no write permission)`);
  const file = join(dir, `.ready-probe-${process.pid}`);
  writeFileSync(file, "ready\n");
  unlinkSync(file);
}

export function freeBytesIn(dir: string): number {
  const stats = statfsSync(dir);
  return stats.bavail * stats.bsize;
}

function reason(error: unknown): string {
  const code = (error as { code?: unknown })?.code;
  return typeof code === "string" ? code : String((error as Error)?.message ?? error);
}

/**
 * The database takes a write: the write lock is taken and given back (`BEGIN IMMEDIATE`,
 * `ROLLBACK`, never waiting: another program holding it, a backup say, is not a failure), and a
 * file can be created and removed beside it (a read-only mount or folder fails here).
 */
function databaseWritable(probe: StorageProbe): string {
  const sqlite = probe.db.$client;
  if (sqlite.readonly) return "the database is open read-only";
  if (!sqlite.inTransaction) {
    const wait = sqlite.pragma("busy_timeout", { simple: true }) as number;
    try {
      sqlite.pragma("busy_timeout = 0");
      sqlite.exec("BEGIN IMMEDIATE");
      sqlite.exec("ROLLBACK");
    } catch (error) {
      if (!reason(error).startsWith("SQLITE_BUSY")) return `cannot take a write: ${reason(error)}`;
    } finally {
      sqlite.pragma(`busy_timeout = ${wait}`);
    }
  }
  try {
    (probe.probeFile ?? writeProbeFile)(probe.dataDir);
  } catch (error) {
    return `cannot write to the data folder: ${reason(error)}`;
  }
  return "ok";
}

/** Every entry of the migrations' journal is in drizzle's table of applied migrations. */
function migrationsApplied(probe: StorageProbe): string {
  const folder = probe.migrationsFolder ?? MIGRATIONS_FOLDER;
  try {
    const journal = JSON.parse(readFileSync(join(folder, "meta/_journal.json"), "utf8")) as {
      entries: { tag: string; when: number }[];
    };
    const applied = new Set(
      (
        probe.db.$client.prepare('SELECT created_at FROM "__drizzle_migrations"').pluck().all() as (
          | number
          | string
        )[]
      ).map(Number),
    );
    const missing = journal.entries.filter((e) => !applied.has(e.when)).map((e) => e.tag);
    return missing.length === 0 ? "ok" : `not applied: ${missing.join(", ")}`;
  } catch (error) {
    return `cannot be read: ${reason(error)}`;
  }
}

function enoughDisk(probe: StorageProbe): string {
  if (probe.minFreeMb <= 0) return "ok";
  try {
    const free = (probe.freeBytes ?? freeBytesIn)(probe.dataDir);
    if (free >= probe.minFreeMb * MB) return "ok";
    return `${Math.floor(free / MB)} MB free, under READY_MIN_FREE_MB=${probe.minFreeMb}`;
  } catch (error) {
    return `cannot be measured: ${reason(error)}`;
  }
}

/** The database, migration and disk checks, run now. */
export function checkStorage(
  probe: StorageProbe,
): Pick<Checks, "database" | "migrations" | "disk"> {
  return {
    database: databaseWritable(probe),
    migrations: migrationsApplied(probe),
    disk: enoughDisk(probe),
  };
}

let kept: { key: string; at: number; checks: ReturnType<typeof checkStorage> } | undefined;

/** Whether the process is ready, with every check's result; storage checks at most once a second. */
export function readiness(probe: StorageProbe, now = Date.now()): Readiness {
  const key = `${probe.dataDir}\0${probe.minFreeMb}`;
  if (!kept || kept.key !== key || now - kept.at >= CACHE_MS || now < kept.at) {
    kept = { key, at: now, checks: checkStorage(probe) };
  }
  const checks: Checks = {
    ...kept.checks,
    warm: isWarm() ? "ok" : "the warm start is not done",
    stopping: isStopping() ? "the process is shutting down" : "ok",
  };
  const failing = (Object.keys(checks) as CheckName[]).filter((name) => checks[name] !== "ok");
  return { ready: failing.length === 0, failing, checks };
}

/** Forgets the kept storage checks (tests). */
export function forgetReadiness() {
  kept = undefined;
}
