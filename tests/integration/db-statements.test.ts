/**
 * Drizzle's statements are compiled once and reused (app/platform/db.server.ts):
 * reuse never changes what a query returns, and a settings write shows on the
 * very next read, whichever way it was written.
 */
import Database from "better-sqlite3";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { settings } from "#db/schema";
import { getSettings, getSiteInfo, updateSettings } from "~/domain/site/settings.server";
import { getDb, SQLITE_CACHE_KIB } from "~/platform/db.server";

describe("reused statements", () => {
  it("give object rows and array-mapped rows for the same SQL, in either order", () => {
    const db = getDb();
    getSettings(db);
    const mapped = () => db.select({ one: sql<number>`1` }).from(settings).all();
    const text = db.select({ one: sql<number>`1` }).from(settings).toSQL().sql;
    const plain = () => db.all<Record<string, number>>(sql.raw(text));
    expect(mapped()).toEqual([{ one: 1 }]);
    expect(plain()).toEqual([{ 1: 1 }]);
    expect(mapped()).toEqual([{ one: 1 }]);
    expect(plain()).toEqual([{ 1: 1 }]);
  });

  it("stay correct across many distinct queries (the cache starts over when full)", () => {
    const db = getDb();
    for (let i = 0; i < 700; i++) {
      expect(db.get<{ n: number }>(sql.raw(`select ${i} as n`))).toEqual({ n: i });
    }
    expect(db.get<{ n: number }>(sql.raw("select 3 as n"))).toEqual({ n: 3 });
  });
});

describe("settings reads", () => {
  it("show a change on the next read, through updateSettings or a direct write", () => {
    const db = getDb();
    expect(getSiteInfo(db).siteName).not.toBe("Morning Ledger");
    updateSettings({ role: "Administrator" }, { siteName: "Morning Ledger" }, db);
    expect(getSiteInfo(db).siteName).toBe("Morning Ledger");
    db.update(settings).set({ siteName: "Evening Ledger" }).run();
    expect(getSiteInfo(db).siteName).toBe("Evening Ledger");
  });

  it("show another connection's commit on the next turn of the event loop", async () => {
    const db = getDb();
    expect(getSiteInfo(db).siteName).not.toBe("Night Ledger");
    const other = new Database(db.$client.name);
    try {
      other.prepare("update settings set site_name = ? where id = 1").run("Night Ledger");
      // What a request arriving after the commit sees: a later turn.
      await new Promise((resolve) => setImmediate(resolve));
      expect(getSiteInfo(db).siteName).toBe("Night Ledger");
      other.prepare("update settings set site_name = ? where id = 1").run("Dawn Ledger");
      await new Promise((resolve) => setTimeout(resolve, 1));
      expect(getSettings(db).siteName).toBe("Dawn Ledger");
    } finally {
      other.close();
    }
  });
});

describe("the connection's page cache", () => {
  // better-sqlite3's build would give 16 MB, kept in the process for good once a large archive
  // filled it (docs/decisions/056-sqlite-page-cache.md).
  it("is SQLITE_CACHE_KIB, not the driver's 16 MB", () => {
    expect(getDb().$client.pragma("cache_size", { simple: true })).toBe(-SQLITE_CACHE_KIB);
    expect(SQLITE_CACHE_KIB).toBeLessThan(16_000);
  });
});
