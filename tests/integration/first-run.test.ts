import { count, eq } from "drizzle-orm";
import { beforeEach, describe, expect, test } from "vitest";
import {
  categories,
  media,
  posts,
  ROLES,
  SUBSCRIBER_STATUSES,
  settings,
  subscriberAudiences,
  subscribers,
  users,
} from "#db/schema";
import { runFirstRun } from "#db/seed";
import { verifyPassword } from "~/domain/access/password.server";
import { nextId } from "~/platform/counters.server";
import { getDb } from "~/platform/db.server";
import { useFreshDataDir } from "../helpers";

const env = { adminEmail: "admin@inkwell.test", adminPassword: undefined, seedDemo: true };

function counts() {
  const sqlite = getDb().$client;
  const n = (table: string) =>
    (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  return {
    users: n("users"),
    posts: n("posts"),
    categories: n("categories"),
    tags: n("tags"),
    postTags: n("post_tags"),
    subscribers: n("subscribers"),
    settings: n("settings"),
    media: n("media"),
  };
}

describe("first run on an empty database", () => {
  beforeEach(() => {
    useFreshDataDir();
  });

  test("creates exactly one Administrator with a generated password, shown once", () => {
    const result = runFirstRun(getDb(), env);
    expect(result.adminCreated).toBe(true);
    expect(result.generatedAdminPassword).toMatch(/^.{16}$/);
    const admins = getDb().select().from(users).where(eq(users.role, "Administrator")).all();
    expect(admins).toHaveLength(1);
    expect(admins[0].email).toBe("admin@inkwell.test");
    expect(admins[0].passwordHash).not.toContain(result.generatedAdminPassword);
    expect(verifyPassword(result.generatedAdminPassword as string, admins[0].passwordHash)).toBe(
      true,
    );
    expect(admins[0].apiKey.length).toBeGreaterThan(20);
  });

  test("uses ADMIN_EMAIL and ADMIN_PASSWORD when given", () => {
    const result = runFirstRun(getDb(), {
      adminEmail: "boss@example.com",
      adminPassword: "a-long-password",
      seedDemo: false,
    });
    expect(result.generatedAdminPassword).toBeUndefined();
    const admin = getDb().select().from(users).get();
    expect(admin?.email).toBe("boss@example.com");
    expect(verifyPassword("a-long-password", admin?.passwordHash ?? "")).toBe(true);
  });

  test("loads demo content that fills every public section", () => {
    runFirstRun(getDb(), env);
    const db = getDb();
    const names = db
      .select({ name: categories.name })
      .from(categories)
      .all()
      .map((c) => c.name);
    for (const required of [
      "Freshly Pressed",
      "Newsletters",
      "Sponsored",
      "Crypto",
      "Business",
      "World",
      "Money",
    ]) {
      expect(names).toContain(required);
    }
    for (const category of db.select().from(categories).all()) {
      const published =
        db.select({ n: count() }).from(posts).where(eq(posts.categoryId, category.id)).all().at(0)
          ?.n ?? 0;
      expect(published, category.name).toBeGreaterThan(0);
    }
    const published = db.select().from(posts).where(eq(posts.status, "published")).all();
    expect(published.length).toBeGreaterThanOrEqual(40);
    expect(db.select().from(posts).where(eq(posts.status, "draft")).all().length).toBeGreaterThan(
      0,
    );
    expect(counts().tags).toBeGreaterThanOrEqual(12);
    // Realistic bodies: headings, lists, links, a blockquote and a code block across the set.
    const bodies = published.map((p) => p.content).join("\n");
    for (const tag of ["<h2>", "<ul>", "<ol>", "<a href=", "<blockquote>", "<pre><code>"]) {
      expect(bodies).toContain(tag);
    }
    // Images are local files (no URL outside the site); URLs are /{id}/{category-slug}/{slug}.
    const slugOfCategory = new Map(
      db
        .select()
        .from(categories)
        .all()
        .map((c) => [c.id, c.slug]),
    );
    for (const p of published) {
      expect(p.photo).toMatch(/^\/demo\/images\/[\w-]+\.svg$/);
      expect(p.url).toBe(`/${p.id}/${slugOfCategory.get(p.categoryId ?? -1)}/${p.slug}`);
      expect(p.slug).toMatch(/^[a-z0-9-]+$/);
    }
    // Every role, every subscriber status and audience.
    const roles = new Set(
      db
        .select({ role: users.role })
        .from(users)
        .all()
        .map((u) => u.role),
    );
    expect([...roles].sort()).toEqual([...ROLES].sort());
    const statuses = new Set(
      db
        .select()
        .from(subscribers)
        .all()
        .map((s) => s.status),
    );
    // The demo has the spec's three statuses: Bounced comes only from the mail server, Pending
    // only from a signup waiting for its confirmation link.
    expect([...statuses].sort()).toEqual(
      SUBSCRIBER_STATUSES.filter((s) => s !== "Bounced" && s !== "Pending").sort(),
    );
    const audiences = new Set(
      db
        .select()
        .from(subscriberAudiences)
        .all()
        .map((a) => a.audience),
    );
    expect([...audiences].sort()).toEqual(["Music", "News", "Promotions"]);
    expect(db.select().from(settings).get()?.siteName).toBe("Inkwell");
    // Every image the demo shows is a Media Library item, once, in the collection using it.
    const library = db.select().from(media).all();
    const shown = new Set([
      ...db
        .select({ photo: posts.photo })
        .from(posts)
        .all()
        .map((p) => p.photo),
      ...db
        .select({ photo: users.photo })
        .from(users)
        .all()
        .map((u) => u.photo),
    ]);
    shown.delete(null);
    expect(library.map((m) => m.url).sort()).toEqual([...shown].sort());
    for (const item of library) {
      expect(item.collection).toBe(item.url.startsWith("/demo/avatars/") ? "users" : "posts");
      expect(item.size).toBeGreaterThan(0);
      expect(item.mimeType).toBe("image/svg+xml");
      expect(item.renditions).toEqual({ widths: [], avif: false });
    }
    expect(library.find((m) => m.url.startsWith("/demo/images/"))).toMatchObject({
      width: 1200,
      height: 675,
    });
  });

  test("a second run on the same data folder creates nothing twice", () => {
    runFirstRun(getDb(), env);
    const before = counts();
    const again = runFirstRun(getDb(), env);
    expect(again).toEqual({ adminCreated: false, demoSeeded: false });
    expect(counts()).toEqual(before);
    expect(before.settings).toBe(1);
  });

  test("SEED_DEMO=0 starts empty but for the Administrator and the settings", () => {
    runFirstRun(getDb(), { ...env, seedDemo: false });
    expect(counts()).toEqual({
      users: 1,
      posts: 0,
      categories: 0,
      tags: 0,
      postTags: 0,
      subscribers: 0,
      settings: 1,
      media: 0,
    });
  });

  test("ids come from the per-collection counters, continuing after the demo content", () => {
    runFirstRun(getDb(), env);
    const db = getDb();
    const maxPostId = Math.max(
      ...db
        .select({ id: posts.id })
        .from(posts)
        .all()
        .map((p) => p.id),
    );
    const id = nextId(db, "posts");
    expect(id).toBe(maxPostId + 1);
    expect(nextId(db, "posts")).toBe(id + 1);
    expect(nextId(db, "tags")).toBe(counts().tags + 1);
  });
});

describe("the database file", () => {
  test("is in WAL mode with foreign keys on", () => {
    const sqlite = getDb().$client;
    expect(sqlite.pragma("journal_mode", { simple: true })).toBe("wal");
    expect(sqlite.pragma("foreign_keys", { simple: true })).toBe(1);
  });

  test("has the indexes the lookups rely on", () => {
    const sqlite = getDb().$client;
    const indexes = (
      sqlite.prepare("select name from sqlite_master where type = 'index'").all() as {
        name: string;
      }[]
    ).map((r) => r.name);
    for (const name of [
      "posts_category_status_time_idx",
      "posts_status_time_idx",
      "posts_author_time_idx",
      "post_tags_tag_idx",
      "categories_slug_idx",
      "tags_slug_idx",
      "users_email_idx",
      "users_api_key_idx",
      "subscribers_email_idx",
    ]) {
      expect(indexes).toContain(name);
    }
    const plan = sqlite
      .prepare(
        "explain query plan select id from posts where category_id = 1 and status = 'published' order by timestamp desc limit 10",
      )
      .all() as { detail: string }[];
    expect(plan.map((p) => p.detail).join(" ")).toContain("posts_category_status_time_idx");
  });

  test("refuses a second settings row", () => {
    const sqlite = getDb().$client;
    sqlite.prepare("insert or ignore into settings (id, uid) values (1, 'a')").run();
    expect(() => sqlite.prepare("insert into settings (id, uid) values (2, 'b')").run()).toThrow(
      /CHECK/,
    );
  });
});
