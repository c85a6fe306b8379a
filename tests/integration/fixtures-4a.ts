/** Staff of every role and a small taxonomy, for the data-layer tests (issue 4a). */
import { count } from "drizzle-orm";
import { type Role, users } from "#db/schema";
import { toSessionUser } from "~/auth.server";
import { ensureCounters } from "~/counters.server";
import { type Db, getDb } from "~/db.server";
import { ensureSettings } from "~/settings.server";
import { createCategory, createTag } from "~/taxonomy.server";
import { generateApiKey, hashPassword } from "~/utils/password.server";

export const PASSWORD = "Secret-pass-1";
let hash: string | undefined;

export function makeUser(role: Role, name: string = role, db: Db = getDb()) {
  hash ??= hashPassword(PASSWORD);
  const row = db
    .insert(users)
    .values({
      uid: crypto.randomUUID(),
      name,
      email: `${name.toLowerCase().replace(/\W+/g, ".")}.${crypto.randomUUID().slice(0, 6)}@example.com`,
      role,
      passwordHash: hash,
      apiKey: generateApiKey(),
      photo: `/demo/avatars/${name.toLowerCase()}.svg`,
    })
    .returning()
    .get();
  return { ...toSessionUser(row), apiKey: row.apiKey, passwordHash: row.passwordHash };
}

/** Settings, counters, one user per role, categories Crypto and Freshly Pressed, tags Bitcoin and Markets. */
export function setupNewsroom() {
  const db = getDb();
  ensureSettings(db);
  ensureCounters(db);
  const staff = {
    admin: makeUser("Administrator", "Ada"),
    editor: makeUser("Editor", "Eve"),
    author: makeUser("Author", "Abe"),
    author2: makeUser("Author", "Ann"),
    contributor: makeUser("Contributor", "Cy"),
    subscriber: makeUser("Subscriber", "Sue"),
  };
  const cats = {
    crypto: createCategory(staff.admin, { name: "Crypto", description: "Coins and chains" }),
    fresh: createCategory(staff.admin, { name: "Freshly Pressed", description: "Just in" }),
  };
  const tagDocs = {
    bitcoin: createTag(staff.admin, { name: "Bitcoin", description: "BTC" }),
    markets: createTag(staff.admin, { name: "Markets", description: "Up and down" }),
  };
  return { db, staff, cats, tags: tagDocs };
}

/** A whole-table snapshot, to prove a refused request wrote nothing. */
export function tableCounts(db: Db = getDb()) {
  const tables = [
    "posts",
    "post_tags",
    "categories",
    "tags",
    "users",
    "media",
    "subscribers",
    "subscriber_audiences",
    "settings",
    "counters",
  ];
  const out: Record<string, unknown> = {};
  for (const t of tables) {
    out[t] = db.$client.prepare(`select * from ${t} order by rowid`).all();
  }
  return JSON.stringify(out);
}

export function usersCount(db: Db = getDb()) {
  return db.select({ n: count() }).from(users).get()?.n ?? 0;
}

export async function caught(fn: () => unknown): Promise<{ status: number; message: string }> {
  try {
    await fn();
  } catch (error) {
    return error as { status: number; message: string };
  }
  throw new Error("expected a failure");
}
