/**
 * Pages, media and the site's settings, as an import writes them
 * (docs/behaviour.md §import, §pages).
 */

import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { pages, settings as settingsTable } from "#db/schema";
import { cleanContent } from "~/domain/content/pipeline.server";
import { isSiteAddress, isSitePage } from "~/domain/pages/vocabulary";
import { getSettings } from "~/domain/site/settings.server";
import { slugify } from "~/utils/slug";
import { htmlToText, proseText } from "~/utils/text";
import { decodeEntities, plainText } from "./entities";
import type { ImportLedger } from "./ledger.server";
import { mimeOf } from "./media-files.server";
import type { SourceMedia, SourcePage } from "./records";
import { addRedirects } from "./redirects.server";
import type { PeopleWriter } from "./write-people.server";
import { textStart } from "./write-posts.server";

/** The settings an Inkwell archive brings back: the public face of the site. */
const SETTINGS = ["siteName", "siteDescription", "metaTags", "logo", "favicon", "defaultCategory"];

export class SiteWriter {
  constructor(
    private readonly ledger: ImportLedger,
    private readonly people: PeopleWriter,
  ) {}

  /**
   * A static page. Its slug is kept when free; one a route or another page
   * already answers gets "-2", "-3"… (noted). Its old address (a WordPress
   * child page's `/parent/child/`) answers 301 to `/{slug}`.
   */
  page(p: SourcePage) {
    const { db, media } = this.ledger;
    const title = plainText(p.title).trim() || "(untitled)";
    if (this.ledger.alreadyDone("page", p.sourceId, title, "page") !== null) return;
    const wanted = slugify(p.slug) || slugify(title) || "page";
    const sitePage = isSitePage(wanted)
      ? db.select({ id: pages.id }).from(pages).where(eq(pages.slug, wanted)).get()
      : undefined;
    const summary = htmlToText(p.summary).trim().slice(0, 300);
    if (sitePage && p.sitePage) {
      // The archive's text of this site's own page replaces the text here; its address, status and
      // place in the navigation stay the site's (docs/decisions/133-site-pages.md).
      const content = cleanContent(media.rewrite(p.html, null)).trim();
      db.update(pages)
        .set({ title: title.slice(0, 200), summary, content, updatedAt: new Date() })
        .where(eq(pages.id, sitePage.id))
        .run();
      this.ledger.remember("page", p.sourceId, sitePage.id);
      const reason = "this site's own page: its text replaced";
      this.ledger.note("updated", "page", p.sourceId, title, reason);
      return;
    }
    let slug = wanted;
    for (let n = 2; this.pageSlugTaken(slug); n++) slug = `${wanted}-${n}`;
    const authorId = this.people.authorFor(p.author);
    const content = cleanContent(media.rewrite(p.html, authorId)).trim();
    const id = db
      .insert(pages)
      .values({
        uid: randomUUID(),
        status: p.status,
        title: title.slice(0, 200),
        slug,
        summary: summary || textStart(proseText(content)),
        content,
        nav: p.nav ?? "none",
        navOrder: p.navOrder ?? 0,
        authorId,
        createdAt: p.date,
        updatedAt: new Date(),
      })
      .returning({ id: pages.id })
      .get().id;
    addRedirects(db, p.oldPaths, { toPath: `/${slug}` }, `/${slug}`);
    this.ledger.remember("page", p.sourceId, id);
    const reasons = [
      p.statusNote,
      slug !== wanted ? `the address /${wanted} was taken; it is /${slug}` : undefined,
      ...(p.remarks ?? []),
    ].filter(Boolean);
    this.ledger.note("created", "page", p.sourceId, title, reasons.join("; ") || undefined);
  }

  private pageSlugTaken(slug: string): boolean {
    // A site page's address is free while its page is missing (an emptied site gets it back).
    if (isSiteAddress(slug) && !isSitePage(slug)) return true;
    const { db } = this.ledger;
    return Boolean(db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug)).get());
  }

  /** The public-facing settings of an Inkwell archive (site name, description, keywords, images, default category). */
  settings(values: Record<string, unknown>) {
    const { db, media, options } = this.ledger;
    const set: Record<string, string | null> = {};
    for (const key of SETTINGS) {
      const value = values[key];
      if (typeof value !== "string" && value !== null) continue;
      set[key] =
        typeof value === "string" && value.startsWith("/uploads/")
          ? (media.localUrl(value, options.actorId) ?? value)
          : (value as string | null);
    }
    if (Object.keys(set).length === 0) return;
    getSettings(db);
    db.update(settingsTable).set(set).where(eq(settingsTable.id, 1)).run();
    this.ledger.note("updated", "settings", "settings", "Site settings");
  }

  /**
   * An attachment: its file copied into the media library when the import
   * brought it, else a media row that keeps its old address.
   */
  mediaItem(m: SourceMedia) {
    const { db, media, options } = this.ledger;
    const title = decodeEntities(m.title) || m.url.split("/").pop() || m.url;
    if (this.ledger.alreadyDone("media", m.sourceId, title, "media") !== null) return;
    const local = media.localUrl(m.url, options.actorId, title);
    if (local && m.row && media.keepsPaths) {
      const r = m.row;
      db.$client
        .prepare(
          "insert into media (uid, url, name, path, mime_type, size, width, height, collection, author_id, date) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?) on conflict(path) do nothing",
        )
        .run(
          randomUUID(),
          local,
          r.name,
          local.replace(/^\/uploads\//, ""),
          r.mimeType,
          r.size,
          r.width,
          r.height,
          r.collection,
          options.actorId,
          m.date.getTime(),
        );
    }
    if (!local) {
      db.$client
        .prepare(
          "insert into media (uid, url, name, path, mime_type, size, collection, author_id, date) values (?, ?, ?, ?, ?, 0, 'media', ?, ?) on conflict(path) do nothing",
        )
        .run(
          randomUUID(),
          m.url,
          title.slice(0, 200),
          `remote/${Buffer.from(m.url).toString("base64url").slice(0, 180)}`,
          mimeOf(m.url),
          options.actorId,
          m.date.getTime(),
        );
    }
    const url = local ?? m.url;
    const row = db.$client.prepare("select id from media where url = ?").get(url) as
      | { id: number }
      | undefined;
    this.ledger.remember("media", m.sourceId, row?.id ?? 0);
    const reason = local
      ? "file copied into the media library"
      : "kept as its address (file not provided)";
    this.ledger.note("created", "media", m.sourceId, title, reason);
  }
}
