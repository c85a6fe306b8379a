/**
 * `/readyz`'s checks (docs/decisions/270-readiness-checks.md) against a real database and data
 * folder: each check fails on its own, with a reason, and the storage checks run at most once a
 * second. The read-only folder is played without permissions (the tests may run as root, who
 * writes anywhere): the data folder is a path below a plain file, where nothing can be created.
 */
import { chmodSync, cpSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { beforeEach, describe, expect, it } from "vitest";
import { getDb, MIGRATIONS_FOLDER } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import {
  checkStorage,
  forgetReadiness,
  readiness,
  type StorageProbe,
} from "~/platform/health.server";
import { markStopping, markWarm } from "~/platform/readiness.server";

const probe = (extra: Partial<StorageProbe> = {}): StorageProbe => ({
  db: getDb(),
  dataDir: readEnv().dataDir,
  minFreeMb: 1,
  ...extra,
});

beforeEach(forgetReadiness);

describe("storage checks", () => {
  it("pass on a writable, migrated data folder with room", () => {
    expect(checkStorage(probe())).toEqual({ database: "ok", migrations: "ok", disk: "ok" });
  });

  it("fail the database check when no file can be created in the data folder", () => {
    const file = join(mkdtempSync(join(tmpdir(), "inkwell-ready-")), "plain-file");
    writeFileSync(file, "not a folder");
    const checks = checkStorage(probe({ dataDir: join(file, "data") }));
    expect(checks.database).toMatch(/^cannot write to the data folder: (ENOTDIR|ENOENT)/);
    const readOnly = checkStorage(
      probe({
        probeFile: () => {
          throw Object.assign(new Error("read-only file system"), { code: "EROFS" });
        },
      }),
    );
    expect(readOnly.database).toBe("cannot write to the data folder: EROFS");
  });

  it("fail the database check on a folder made read-only by its permissions, even for root", () => {
    const dir = mkdtempSync(join(tmpdir(), "inkwell-ready-ro-"));
    chmodSync(dir, 0o555);
    try {
      expect(checkStorage(probe({ dataDir: dir })).database).toMatch(
        /^cannot write to the data folder: .*read-only/,
      );
    } finally {
      chmodSync(dir, 0o755);
    }
  });

  it("pass the database check while another connection holds the write lock, without waiting", () => {
    const other = new (getDb().$client.constructor as typeof import("better-sqlite3"))(
      readEnv().databasePath,
    );
    other.exec("BEGIN IMMEDIATE");
    try {
      const started = Date.now();
      expect(checkStorage(probe()).database).toBe("ok");
      expect(Date.now() - started).toBeLessThan(200);
      expect(getDb().$client.pragma("busy_timeout", { simple: true })).toBe(250);
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
  });

  it("fail the migrations check naming a migration the database lacks", () => {
    const folder = mkdtempSync(join(tmpdir(), "inkwell-migrations-"));
    cpSync(MIGRATIONS_FOLDER, folder, { recursive: true });
    const journalPath = join(folder, "meta/_journal.json");
    const journal = JSON.parse(readFileSync(journalPath, "utf8"));
    journal.entries.push({
      idx: 99,
      version: "6",
      when: 4102444800000,
      tag: "9999_future",
      breakpoints: true,
    });
    writeFileSync(journalPath, JSON.stringify(journal));
    expect(checkStorage(probe({ migrationsFolder: folder })).migrations).toBe(
      "not applied: 9999_future",
    );
    const empty = mkdtempSync(join(tmpdir(), "inkwell-migrations-"));
    mkdirSync(join(empty, "meta"));
    expect(checkStorage(probe({ migrationsFolder: empty })).migrations).toMatch(/^cannot be read/);
  });

  it("fail the disk check under READY_MIN_FREE_MB, and leave it out at 0", () => {
    expect(checkStorage(probe({ freeBytes: () => 10 * 1024 * 1024, minFreeMb: 64 })).disk).toBe(
      "10 MB free, under READY_MIN_FREE_MB=64",
    );
    expect(checkStorage(probe({ minFreeMb: 1024 * 1024 * 1024 })).disk).toMatch(/MB free, under/);
    expect(checkStorage(probe({ freeBytes: () => 0, minFreeMb: 0 })).disk).toBe("ok");
  });
});

describe("readiness", () => {
  it("waits for the warm start, names every failing check, and fails once stopping", () => {
    let probes = 0;
    const counted = probe({ probeFile: () => void probes++ });
    const before = readiness(counted, 1_000);
    expect(before.ready).toBe(false);
    expect(before.failing).toEqual(["warm"]);
    markWarm();
    expect(readiness(counted, 1_500)).toEqual({
      ready: true,
      failing: [],
      checks: { database: "ok", migrations: "ok", disk: "ok", warm: "ok", stopping: "ok" },
    });
    // The storage checks ran once in that second, and again after it.
    expect(probes).toBe(1);
    readiness(counted, 2_000);
    expect(probes).toBe(2);

    const full = readiness(probe({ freeBytes: () => 0, minFreeMb: 64 }), 5_000);
    expect(full.failing).toEqual(["disk"]);
    markStopping();
    expect(readiness(counted, 7_000).failing).toEqual(["stopping"]);
  });
});
