/**
 * Static pages (docs/behaviour.md §pages): written by Administrators with the
 * post editor, draft / published / trash, served at `/{slug}` when published,
 * optionally linked in the header or footer in their order.
 */

import { and, asc, count, desc, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { type Page, pages } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { cleanContent } from "~/domain/content/pipeline.server";
import { badRequest, notFound, parseInput } from "~/domain/errors.server";
import { type Db, preparedOnce } from "~/platform/db.server";
import { isSlug, slugify } from "~/utils/slug";
import {
  isSiteAddress,
  isSitePage,
  PAGE_NAVS,
  PAGE_STATUSES,
  type PageStatus,
  type SitePageSlug,
} from "./vocabulary";

export const PageInput = z.object({
  title: z
    .string({ error: "Title is required" })
    .trim()
    .min(1, "Title is required")
    .max(200, "Title is too long (200 characters at most)"),
  slug: z.string().trim().max(100, "Slug is too long (100 characters at most)").default(""),
  summary: z.string().trim().max(300, "Meta description is too long (300 at most)").default(""),
  content: z.string().max(1_000_000, "Content is too long").default(""),
  status: z.enum(PAGE_STATUSES, { error: "Status must be draft, published or trash" }),
  nav: z.enum(PAGE_NAVS, { error: "Navigation must be none, header or footer" }).default("none"),
  navOrder: z.coerce
    .number({ error: "Order must be a number" })
    .int("Order must be a whole number")
    .min(0, "Order cannot be negative")
    .max(999, "Order is 999 at most")
    .default(0),
});
export type PageInputValues = z.input<typeof PageInput>;

function checkSlug(db: Db, slug: string, id?: number): string {
  if (!isSlug(slug)) {
    throw badRequest("Slug: use lowercase letters, digits and hyphens");
  }
  if (isSiteAddress(slug)) {
    throw badRequest(`Slug "${slug}" is taken by the site; choose another`);
  }
  const other = db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug)).get();
  if (other && other.id !== id) throw badRequest(`Slug "${slug}" is used by another page`);
  return slug;
}

/**
 * The site's own pages (Reach Out, the policies) keep their address, stay
 * published and are linked by the header or footer already
 * (docs/decisions/133-site-pages.md): anything else is refused with a 400.
 */
function checkSitePage(
  existing: Pick<Page, "slug" | "title">,
  input: { slug: string; status: PageStatus; nav: string },
) {
  if (input.slug !== "" && input.slug !== existing.slug) {
    throw badRequest(`The address of ${existing.title} is fixed: /${existing.slug}`);
  }
  if (input.status !== "published") {
    throw badRequest(`${existing.title} is one of the site's own pages: it stays published`);
  }
  if (input.nav !== "none") {
    throw badRequest(
      `${existing.title} is already linked by the site; leave Navigation at Nowhere`,
    );
  }
}

function existingPage(db: Db, id: number) {
  return db
    .select({ slug: pages.slug, title: pages.title })
    .from(pages)
    .where(eq(pages.id, id))
    .get();
}

/** Creates a page, or updates page `id`. */
export function savePage(actor: SessionUser, db: Db, raw: unknown, id?: number): Page {
  assertCan(actor, "manageSite");
  const input = parseInput(PageInput, raw);
  const existing = id === undefined ? undefined : existingPage(db, id);
  if (id !== undefined && !existing) throw notFound("Page not found");
  const site = existing && isSitePage(existing.slug);
  if (existing && site) checkSitePage(existing, input);
  const slug = site ? existing.slug : checkSlug(db, input.slug || slugify(input.title), id);
  const values = {
    title: input.title,
    slug,
    summary: input.summary,
    content: cleanContent(input.content),
    status: input.status,
    nav: input.nav,
    navOrder: input.navOrder,
  };
  if (id === undefined) {
    return db
      .insert(pages)
      .values({ ...values, uid: crypto.randomUUID(), authorId: actor.id })
      .returning()
      .get();
  }
  const saved = db
    .update(pages)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(pages.id, id))
    .returning()
    .get();
  if (!saved) throw notFound("Page not found");
  return saved;
}

export function getPageForEdit(actor: SessionUser, db: Db, id: number): Page {
  assertCan(actor, "manageSite");
  const page = db.select().from(pages).where(eq(pages.id, id)).get();
  if (!page) throw notFound("Page not found");
  return page;
}

export const PAGE_TABS = ["all", ...PAGE_STATUSES] as const;
export type PageTab = (typeof PAGE_TABS)[number];

/** Counts per tab: All is every page but the trash. */
export function pageCounts(actor: SessionUser, db: Db): Record<PageTab, number> {
  assertCan(actor, "manageSite");
  const counts: Record<PageTab, number> = { all: 0, draft: 0, published: 0, trash: 0 };
  for (const r of db
    .select({ status: pages.status, n: count() })
    .from(pages)
    .groupBy(pages.status)
    .all()) {
    counts[r.status] = r.n;
  }
  counts.all = counts.draft + counts.published;
  return counts;
}

export function listPages(actor: SessionUser, db: Db, tab: PageTab): Page[] {
  assertCan(actor, "manageSite");
  return db
    .select()
    .from(pages)
    .where(tab === "all" ? ne(pages.status, "trash") : eq(pages.status, tab))
    .orderBy(desc(pages.updatedAt), desc(pages.id))
    .all();
}

export function setPageStatus(actor: SessionUser, db: Db, id: number, status: PageStatus) {
  assertCan(actor, "manageSite");
  const existing = existingPage(db, id);
  if (existing && isSitePage(existing.slug) && status !== "published") {
    throw badRequest(`${existing.title} is one of the site's own pages: it stays published`);
  }
  const changed = db
    .update(pages)
    .set({ status, updatedAt: new Date() })
    .where(eq(pages.id, id))
    .run().changes;
  if (changed === 0) throw notFound("Page not found");
}

export function deletePage(actor: SessionUser, db: Db, id: number) {
  assertCan(actor, "manageSite");
  const existing = existingPage(db, id);
  if (existing && isSitePage(existing.slug)) {
    throw badRequest(`${existing.title} is one of the site's own pages: it cannot be deleted`);
  }
  if (db.delete(pages).where(eq(pages.id, id)).run().changes === 0) {
    throw notFound("Page not found");
  }
}

/** A published page by its slug, for readers. */
export function publishedPage(db: Db, slug: string): Page | undefined {
  return db
    .select()
    .from(pages)
    .where(and(eq(pages.slug, slug), eq(pages.status, "published")))
    .get();
}

export type NavLink = { title: string; slug: string };

const navigationQuery = preparedOnce((db) =>
  db
    .select({ title: pages.title, slug: pages.slug, nav: pages.nav })
    .from(pages)
    .where(and(eq(pages.status, "published"), ne(pages.nav, "none")))
    .orderBy(asc(pages.navOrder), asc(pages.title))
    .prepare(),
);

/** Published pages linked in the header and the footer, in their order. */
export function navigationPages(db: Db): { header: NavLink[]; footer: NavLink[] } {
  const rows = navigationQuery(db).all();
  return {
    header: rows.filter((r) => r.nav === "header").map(({ title, slug }) => ({ title, slug })),
    footer: rows.filter((r) => r.nav === "footer").map(({ title, slug }) => ({ title, slug })),
  };
}

/** One of the site's own pages, for its route (undefined only if its row was removed by hand). */
export function sitePage(db: Db, slug: SitePageSlug): Page | undefined {
  return db.select().from(pages).where(eq(pages.slug, slug)).get();
}

/** Published pages for the sitemap. */
export function sitemapPages(db: Db): { slug: string; updatedAt: Date }[] {
  return db
    .select({ slug: pages.slug, updatedAt: pages.updatedAt })
    .from(pages)
    .where(eq(pages.status, "published"))
    .orderBy(asc(pages.id))
    .all();
}
