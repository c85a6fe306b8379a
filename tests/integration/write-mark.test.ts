/**
 * Values kept until the next write (app/platform/write-mark.server.ts): kept
 * while nothing is written, worked out again after any write (this
 * connection's, or another process's commit on the next turn), never kept
 * inside a transaction; the listing counts that use it follow every change.
 */
import Database from "better-sqlite3";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { categories, posts, settings } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { countPublishedPosts } from "~/domain/posts/reading.server";
import { type Db, getDb } from "~/platform/db.server";
import { keptUntilWrite, writeMark } from "~/platform/write-mark.server";

const nextTurn = () => new Promise((resolve) => setImmediate(resolve));

beforeAll(() => {
  runFirstRun(getDb(), {
    adminEmail: "admin@inkwell.test",
    adminPassword: undefined,
    seedDemo: true,
  });
});

describe("keptUntilWrite", () => {
  it("keeps a value while nothing is written, and works it out again after a write", async () => {
    const db = getDb();
    const kept = keptUntilWrite<number>(10);
    let computed = 0;
    const read = (key: string) => kept(db, key, () => ++computed);
    await nextTurn();
    expect(read("a")).toBe(1);
    expect(read("a")).toBe(1);
    expect(read("b")).toBe(2);
    db.update(settings).set({ siteName: "Kept Ledger" }).run();
    expect(read("a")).toBe(3);
    expect(read("b")).toBe(4);
    expect(read("a")).toBe(3);
  });

  it("sees another process's commit on the next turn", async () => {
    const db = getDb();
    const kept = keptUntilWrite<string>(10);
    const name = () => kept(db, "name", () => db.select().from(settings).get()?.siteName ?? "");
    const before = name();
    const other = new Database(db.$client.name);
    try {
      other.prepare("update settings set site_name = ? where id = 1").run("Other Ledger");
      await nextTurn();
      expect(name()).toBe("Other Ledger");
      expect(before).not.toBe("Other Ledger");
    } finally {
      other.close();
    }
  });

  it("sees another process's commit from a timer that runs before the next setImmediate", async () => {
    const db = getDb();
    const kept = keptUntilWrite<string>(10);
    const name = () => kept(db, "name", () => db.select().from(settings).get()?.siteName ?? "");
    const other = new Database(db.$client.name);
    try {
      await nextTurn(); // in the check phase: a timer due by the next turn runs before its setImmediates
      expect(name()).not.toBe("Timer Ledger");
      other.prepare("update settings set site_name = ? where id = 1").run("Timer Ledger");
      const timer = new Promise((resolve) => setTimeout(resolve, 1));
      const due = Date.now() + 3;
      while (Date.now() < due); // the timer is due before the event loop turns
      await timer;
      expect(name()).toBe("Timer Ledger");
    } finally {
      other.close();
    }
  });

  it("never keeps what was read inside a transaction, nor a value whose computing wrote", () => {
    const db = getDb();
    const kept = keptUntilWrite<number>(10);
    let computed = 0;
    db.transaction((handle) => {
      // What the domain's functions are given inside a transaction (app/domain/posts/editing.server.ts).
      const tx = handle as unknown as Db;
      expect(writeMark(tx)).toBeUndefined();
      expect(kept(tx, "t", () => ++computed)).toBe(1);
      expect(kept(tx, "t", () => ++computed)).toBe(2);
    });
    const writing = () => {
      db.update(settings)
        .set({ siteName: `Ledger ${computed}` })
        .run();
      return ++computed;
    };
    expect(kept(db, "w", writing)).toBe(3);
    expect(kept(db, "w", writing)).toBe(4);
  });

  it("starts over when full", () => {
    const db = getDb();
    const kept = keptUntilWrite<string>(2);
    let computed = 0;
    for (const key of ["a", "b", "c", "a"]) kept(db, key, () => `${key}${++computed}`);
    expect(computed).toBe(4);
  });
});

describe("listing counts", () => {
  it("follow a post published, moved and trashed, on the very next count", () => {
    const db = getDb();
    const crypto = db.select().from(categories).where(eq(categories.slug, "crypto")).get()!;
    const draft = db.select().from(posts).where(eq(posts.status, "draft")).get()!;
    const count = () => countPublishedPosts(db, { categoryId: crypto.id });
    const before = count();
    expect(count()).toBe(before);
    db.update(posts)
      .set({ status: "published", categoryId: crypto.id })
      .where(eq(posts.id, draft.id))
      .run();
    expect(count()).toBe(before + 1);
    expect(countPublishedPosts(db, { categorySlug: "crypto" })).toBe(before + 1);
    db.update(posts).set({ status: "trash" }).where(eq(posts.id, draft.id)).run();
    expect(count()).toBe(before);
  });
});
