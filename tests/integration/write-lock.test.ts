/**
 * Another program holding the database's write lock (a backup tool, the CLI):
 * reads go on (WAL needs no lock to read), and a write gives up after a short
 * wait with 503 instead of holding the process (and every other request) for
 * seconds; once the lock is gone, writes are saved again.
 */
import Database from "better-sqlite3";
import { describe, expect, it } from "vitest";
import { posts } from "#db/schema";
import { likePost } from "~/domain/posts/engagement.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { caught, makeCategory, makePost } from "./fixtures";

describe("a write lock held by another program", () => {
  it("lets reads through and answers a write 503, then writes again once released", async () => {
    const post = makePost({ title: "Locked", category: makeCategory("Locks") });
    const other = new Database(readEnv().databasePath);
    other.exec("BEGIN IMMEDIATE");
    try {
      expect(getDb().select().from(posts).all().length).toBeGreaterThan(0);
      const refused = await caught(() => likePost(getDb(), String(post.id)));
      expect(refused).toMatchObject({ status: 503 });
    } finally {
      other.exec("ROLLBACK");
      other.close();
    }
    expect(likePost(getDb(), String(post.id))).toMatchObject({ likes: 1 });
  });
});
