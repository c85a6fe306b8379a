/**
 * First run (docs/operations.md): on an empty users table, create the first
 * Administrator and — unless SEED_DEMO=0 — the demo content. Everything runs in
 * one transaction, and only when there are no users yet, so a second start on
 * the same data folder creates nothing twice.
 */
import { randomUUID } from "node:crypto";
import { readFileSync, statSync } from "node:fs";
import { basename, join } from "node:path";
import { count, eq } from "drizzle-orm";
import { categories, media, posts, postTags, type Role, settings, tags, users } from "#db/schema";
import { generateApiKey, hashPassword } from "~/domain/access/password.server";
import { pinHomeSections } from "~/domain/posts/home-sections.server";
import { ensureSettings } from "~/domain/site/settings.server";
import { writeSubscribers } from "~/domain/subscribers/writer.server";
import { uniqueUserSlug } from "~/domain/users/authors.server";
import { ensureCounters, nextId } from "~/platform/counters.server";
import type { Db } from "~/platform/db.server";
import type { Env } from "~/platform/env.server";
import { skipSiteEvents } from "~/platform/site-events.server";
import { generatePassword } from "~/utils/password";
import { apiKey, postPath, slugify } from "~/utils/slug";
import { demoCategories, demoPosts, demoSubscribers, demoTags, demoUsers } from "./seed-data";

export type FirstRunResult = {
  adminCreated: boolean;
  adminEmail?: string;
  /** Set only when the password was generated (it is printed once, never stored in clear). */
  generatedAdminPassword?: string;
  demoSeeded: boolean;
  demoPassword?: string;
};

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

export const DEFAULT_SETTINGS = {
  siteName: "Inkwell",
  siteDescription:
    "Crypto, business and world news from a small, independent newsroom: what moved today and why it matters.",
  metaTags: "news, crypto, bitcoin, business, markets, world news, money, personal finance",
  logo: "/logo.svg",
  favicon: "/favicon.svg",
  defaultCategory: "Freshly Pressed",
};

/**
 * The demo's site identity: `.test` addresses (a reserved name that never
 * resolves) and local profile pages, so nothing in the demo points elsewhere.
 */
export const DEMO_IDENTITY = {
  contactEditorial: "editorial@inkwell.test",
  contactBusiness: "business@inkwell.test",
  contactMedia: "media@inkwell.test",
  postalAddress: "Inkwell Newsroom, 1 Press Lane, Testville",
  socialX: "https://social.inkwell.test/x/inkwell",
  socialFacebook: "https://social.inkwell.test/facebook/inkwell",
  socialLinkedin: "https://social.inkwell.test/linkedin/inkwell",
  copyrightHolder: "Inkwell Media",
  timeZone: "UTC",
};

export function runFirstRun(
  db: Db,
  env: Pick<Env, "adminEmail" | "adminPassword" | "seedDemo">,
  now = Date.now(),
): FirstRunResult {
  return db.transaction((tx) => {
    const t = tx as unknown as Db;
    ensureSettings(t, DEFAULT_SETTINGS);
    ensureCounters(t);
    const existingUsers = t.select({ n: count() }).from(users).get()?.n ?? 0;
    if (existingUsers > 0) return { adminCreated: false, demoSeeded: false };

    const generated = env.adminPassword ? undefined : generatePassword(16);
    const adminId = insertUser(t, {
      name: "Site Administrator",
      email: env.adminEmail,
      role: "Administrator",
      password: env.adminPassword ?? (generated as string),
      photo: "/demo/avatars/admin.svg",
      createdAt: new Date(now - 400 * DAY),
    });
    const result: FirstRunResult = {
      adminCreated: true,
      adminEmail: env.adminEmail,
      generatedAdminPassword: generated,
      demoSeeded: false,
    };
    if (env.seedDemo) {
      t.update(settings).set(DEMO_IDENTITY).where(eq(settings.id, 1)).run();
      result.demoPassword = seedDemo(t, adminId, now);
      pinHomeSections(t);
      result.demoSeeded = true;
    }
    // The demo newsroom is not news: nobody following the site hears of it.
    skipSiteEvents(t);
    return result;
  });
}

function insertUser(
  db: Db,
  u: { name: string; email: string; role: Role; password: string; photo: string; createdAt: Date },
): number {
  const row = db
    .insert(users)
    .values({
      uid: crypto.randomUUID(),
      slug: uniqueUserSlug(db, u.name),
      name: u.name,
      email: u.email.trim().toLowerCase(),
      role: u.role,
      passwordHash: hashPassword(u.password),
      apiKey: generateApiKey(),
      photo: u.photo,
      createdAt: u.createdAt,
      timestamp: u.createdAt,
    })
    .returning({ id: users.id })
    .get();
  return row.id;
}

/** Loads the demo newsroom; returns the password the demo staff accounts share. */
function seedDemo(db: Db, adminId: number, now: number): string {
  const demoPassword = generatePassword(14);

  const categoryBySlug = new Map<string, { id: number; slug: string }>();
  const categoryByName = new Map<string, { id: number; slug: string }>();
  demoCategories.forEach((c, i) => {
    const id = nextId(db, "categories");
    const slug = slugify(c.name);
    db.insert(categories)
      .values({
        id,
        uid: crypto.randomUUID(),
        name: c.name,
        slug,
        key: apiKey(c.name),
        description: c.description,
        createdAt: new Date(now - (500 - i) * DAY),
      })
      .run();
    categoryBySlug.set(slug, { id, slug });
    categoryByName.set(c.name, { id, slug });
  });

  const tagByName = new Map<string, number>();
  for (const tg of demoTags) {
    const id = nextId(db, "tags");
    db.insert(tags)
      .values({
        id,
        uid: crypto.randomUUID(),
        name: tg.name,
        slug: slugify(tg.name),
        tag: apiKey(tg.name),
        description: tg.description,
      })
      .run();
    tagByName.set(tg.name, id);
  }

  const userByEmail = new Map<string, number>([["admin", adminId]]);
  demoUsers.forEach((u, i) => {
    const id = insertUser(db, {
      name: u.name,
      email: u.email,
      role: u.role,
      password: demoPassword,
      photo: u.photo,
      createdAt: new Date(now - (300 - i * 20) * DAY),
    });
    userByEmail.set(u.email, id);
  });

  demoPosts.forEach((p, i) => {
    const category = categoryByName.get(p.category);
    if (!category) throw new Error(`Demo post "${p.title}" has unknown category ${p.category}`);
    const authorId = userByEmail.get(p.authorEmail);
    if (authorId === undefined) throw new Error(`Demo post "${p.title}" has unknown author`);
    const id = nextId(db, "posts");
    const slug = slugify(p.title);
    const timestamp = new Date(now - p.hoursAgo * HOUR);
    db.insert(posts)
      .values({
        id,
        uid: crypto.randomUUID(),
        status: p.status,
        title: p.title,
        slug,
        url: postPath(id, category.slug, slug),
        summary: p.summary,
        content: p.content,
        categoryId: category.id,
        photo: p.photo,
        socialCard: p.socialCard,
        // Counters start at 0 until a post is published (docs/behaviour.md §posts).
        views: p.status === "published" ? p.views : 0,
        likes: p.status === "published" ? p.likes : 0,
        shares: p.status === "published" ? p.shares : 0,
        // Deterministic, plausible engagement figures.
        avgTimeSeconds: 45 + ((i * 37) % 240),
        bounceRate: 20 + ((i * 13) % 60),
        timestamp,
        authorId,
        createdAt: timestamp,
        updatedAt: timestamp,
      })
      .run();
    for (const name of new Set(p.tags)) {
      const tagId = tagByName.get(name);
      if (tagId === undefined) throw new Error(`Demo post "${p.title}" has unknown tag ${name}`);
      db.insert(postTags).values({ postId: id, tagId }).run();
    }
  });

  seedDemoMedia(db, now, [
    { url: "/demo/avatars/admin.svg", collection: "users", authorId: adminId },
    ...demoUsers.map((u) => ({
      url: u.photo,
      collection: "users",
      authorId: userByEmail.get(u.email) ?? null,
    })),
    ...demoPosts.map((p) => ({
      url: p.photo,
      collection: "posts",
      authorId: userByEmail.get(p.authorEmail) ?? null,
    })),
  ]);

  writeSubscribers(
    db,
    demoSubscribers.map((s) => ({
      name: s.name,
      email: s.email.toLowerCase(),
      status: s.status,
      audience: s.audiences,
      timestamp: new Date(now - s.daysAgo * DAY),
    })),
  );
  return demoPassword;
}

/**
 * The demo's images (the post illustrations and staff photos shipped in public/demo/) are Media
 * Library items like any upload (docs/behaviour.md §media): one row each, once, pointing at the
 * shipped file, in the collection that uses it. Their renditions are recorded as none (vectors
 * need none), so the renditions worker leaves them alone; deleting one removes the row, never
 * the shipped file (app/domain/media/media.server.ts).
 */
function seedDemoMedia(
  db: Db,
  now: number,
  images: { url: string | null; collection: string; authorId: number | null }[],
) {
  const seen = new Set<string>();
  for (const image of images) {
    if (!image.url?.startsWith("/demo/") || seen.has(image.url)) continue;
    seen.add(image.url);
    const file = join(process.cwd(), "public", image.url);
    let size: number;
    let svg: string;
    try {
      size = statSync(file).size;
      svg = readFileSync(file, "utf8").slice(0, 400);
    } catch {
      continue; // not shipped with this copy: nothing to list
    }
    const dimension = (name: string) => {
      const found = svg.match(new RegExp(`<svg[^>]*\\s${name}="(\\d+)"`));
      return found ? Number(found[1]) : null;
    };
    db.insert(media)
      .values({
        uid: randomUUID(),
        url: image.url,
        name: basename(image.url),
        path: `public${image.url}`,
        mimeType: "image/svg+xml",
        size,
        width: dimension("width"),
        height: dimension("height"),
        renditions: { widths: [], avif: false },
        collection: image.collection,
        authorId: image.authorId,
        date: new Date(now - 400 * DAY),
      })
      .run();
  }
}
