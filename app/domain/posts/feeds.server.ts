/**
 * The sitemap and robots.txt (docs/behaviour.md §reading SEO), built from
 * published posts, as text: the routes answer them
 * (app/web/feed-responses.server.ts sets the types and caching). The feeds are
 * app/domain/feeds/.
 */

import { asc, count, eq, inArray } from "drizzle-orm";
import { posts } from "#db/schema";
import { listPublishedGuests } from "~/domain/bylines/contributor-pages.server";
import { sitemapPages } from "~/domain/pages/pages.server";
import { listCategories, listTags } from "~/domain/taxonomy/taxonomy.server";
import { listPublishedAuthors } from "~/domain/users/authors.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { escapeXml } from "~/utils/escape";
import { absoluteUrl } from "~/utils/seo";

/** Reach Out and the policies are rows of `pages` now, listed with the other published pages. */
const STATIC_PATHS = ["/", "/explore"];

/** A sitemap holds at most this many URLs; `/sitemap.xml` is the index of them. */
export const SITEMAP_SIZE = 10_000;

function sitemapXml(root: "urlset" | "sitemapindex", lines: string[]): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<${root} xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
${lines.join("\n")}
</${root}>
`;
}

const publishedCount = (db: ReturnType<typeof getDb>) =>
  db.select({ n: count() }).from(posts).where(eq(posts.status, "published")).get()?.n ?? 0;

/**
 * `/sitemap.xml`. A site of at most SITEMAP_SIZE URLs gets them all in it
 * (the static pages, categories, tags and published posts); a bigger one gets
 * the index of its sitemaps: `/sitemap/pages.xml` (static pages, categories,
 * tags) and `/sitemap/posts-N.xml`, the published posts oldest first,
 * SITEMAP_SIZE a part, so a part changes only when its own posts do.
 */
export function sitemapIndex(): string {
  const db = getDb();
  const base = readEnv().publicUrl;
  const pages = pageEntries(db, base);
  const published = publishedCount(db);
  if (pages.length + published <= SITEMAP_SIZE) {
    return sitemapXml("urlset", [...pages, ...postEntries(db, base, 1)]);
  }
  const parts = Math.max(1, Math.ceil(published / SITEMAP_SIZE));
  const paths = ["/sitemap/pages.xml"];
  for (let n = 1; n <= parts; n++) paths.push(`/sitemap/posts-${n}.xml`);
  return sitemapXml(
    "sitemapindex",
    paths.map((p) => `  <sitemap><loc>${escapeXml(absoluteUrl(base, p))}</loc></sitemap>`),
  );
}

const urlEntry = (base: string, path: string, lastmod?: Date) =>
  `  <url><loc>${escapeXml(absoluteUrl(base, path))}</loc>${lastmod ? `<lastmod>${lastmod.toISOString()}</lastmod>` : ""}</url>`;

function pageEntries(db: ReturnType<typeof getDb>, base: string) {
  return [
    ...STATIC_PATHS.map((p) => urlEntry(base, p)),
    ...listCategories(db).map((c) => urlEntry(base, `/category/${c.slug}`)),
    ...listTags(db).map((t) => urlEntry(base, `/tag/${t.slug}`)),
    ...sitemapPages(db).map((p) => urlEntry(base, `/${p.slug}`, p.updatedAt)),
    ...listPublishedAuthors(db).map((a) => urlEntry(base, `/author/${a.slug}`, a.lastmod)),
    ...listPublishedGuests(db).map((a) => urlEntry(base, `/author/${a.slug}`, a.lastmod)),
  ];
}

/** `/sitemap/pages.xml`: the static pages, every category, every tag and every author with a published post. */
export function pagesSitemap(): string {
  const db = getDb();
  return sitemapXml("urlset", pageEntries(db, readEnv().publicUrl));
}

/**
 * Part `part` (from 1) of the published posts, oldest first. The part's ids
 * are found on the (status, timestamp) index alone, then only its
 * SITEMAP_SIZE rows are read.
 */
function postEntries(db: ReturnType<typeof getDb>, base: string, part: number) {
  const ids = db
    .select({ id: posts.id })
    .from(posts)
    .where(eq(posts.status, "published"))
    .orderBy(asc(posts.timestamp), asc(posts.id))
    .limit(SITEMAP_SIZE)
    .offset((part - 1) * SITEMAP_SIZE);
  return db
    .select({ url: posts.url, updatedAt: posts.updatedAt })
    .from(posts)
    .where(inArray(posts.id, ids))
    .orderBy(asc(posts.timestamp), asc(posts.id))
    .all()
    .map((p) => urlEntry(base, p.url, p.updatedAt));
}

/** `/sitemap/posts-N.xml` (N from 1): part N of the published posts; null past the last part. */
export function postsSitemap(part: number): string | null {
  if (!Number.isSafeInteger(part) || part < 1) return null;
  const entries = postEntries(getDb(), readEnv().publicUrl, part);
  if (entries.length === 0 && part > 1) return null;
  return sitemapXml("urlset", entries);
}

export function robotsTxt(): string {
  const base = readEnv().publicUrl;
  return [
    "User-agent: *",
    "Allow: /",
    "Disallow: /admin",
    "Disallow: /share/",
    "Disallow: /unsubscribe",
    "Disallow: /newsletter",
    "",
    `Sitemap: ${absoluteUrl(base, "/sitemap.xml")}`,
    "",
  ].join("\n");
}
