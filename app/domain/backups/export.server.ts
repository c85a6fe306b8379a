/**
 * Export (Tools → Export): everything a newsroom would take elsewhere, as one
 * `.tar.gz` holding `inkwell-export.json` (posts, pages, comments, categories,
 * tags, users, subscribers, newsletters, media records, redirects and settings; never a
 * password hash, API key or 2FA secret) and the `uploads/` folder. Importing
 * it into an empty site (Tools → Import) gives back the same public site,
 * URLs included. A WXR of the posts, pages and comments lets a newsroom move
 * to WordPress.
 */

import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { asc } from "drizzle-orm";
import * as tar from "tar";
import {
  categories,
  comments,
  guestContributors,
  media,
  newsletters,
  pages,
  postContributors,
  posts,
  postTags,
  redirects,
  subscriberAudiences,
  subscribers,
  tags,
  users,
} from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { wxrBylines } from "~/domain/backups/wxr-bylines.server";
import { stripNotes } from "~/domain/content/notes.server";
import { getSettings } from "~/domain/site/settings.server";
import { USER_IDENTITY_COLUMNS } from "~/domain/users/identity-columns.server";
import { type Db, getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { escapeXml } from "~/utils/escape";

export const EXPORT_DOCUMENT = "inkwell-export.json";
export const EXPORT_VERSION = 1;

/** Settings fields that are secrets or per-install switches stay out of an export. */
const PRIVATE_SETTINGS = new Set(["id", "uid", "updatedAt"]);

/** Rows whose content leaves the site: note anchors unwrapped, the text kept. */
const withoutNotes = <T extends { content: string }>(rows: T[]): T[] =>
  rows.map((row) => ({ ...row, content: stripNotes(row.content) }));

export function exportDocument(db: Db = getDb()) {
  const settings = Object.fromEntries(
    Object.entries(getSettings(db)).filter(([key]) => !PRIVATE_SETTINGS.has(key)),
  );
  return {
    app: "inkwell" as const,
    kind: "export" as const,
    version: EXPORT_VERSION,
    exportedAt: new Date().toISOString(),
    settings,
    users: db
      .select({ id: users.id, ...USER_IDENTITY_COLUMNS })
      .from(users)
      .orderBy(asc(users.id))
      .all(),
    categories: db.select().from(categories).orderBy(asc(categories.id)).all(),
    tags: db.select().from(tags).orderBy(asc(tags.id)).all(),
    // Editorial notes stay in the back office (docs/behaviour.md §editorial-notes).
    posts: withoutNotes(db.select().from(posts).orderBy(asc(posts.id)).all()),
    postTags: db.select().from(postTags).all(),
    // Bylines (docs/behaviour.md §bylines): every contributor of every post, in order.
    guestContributors: db.select().from(guestContributors).orderBy(asc(guestContributors.id)).all(),
    postContributors: db
      .select()
      .from(postContributors)
      .orderBy(asc(postContributors.postId), asc(postContributors.position))
      .all(),
    media: db.select().from(media).orderBy(asc(media.id)).all(),
    subscribers: db.select().from(subscribers).orderBy(asc(subscribers.id)).all(),
    subscriberAudiences: db.select().from(subscriberAudiences).all(),
    newsletters: withoutNotes(db.select().from(newsletters).orderBy(asc(newsletters.id)).all()),
    redirects: db.select().from(redirects).all(),
    pages: withoutNotes(db.select().from(pages).orderBy(asc(pages.id)).all()),
    // The address hash is a keyed hash only this site can use; it stays here.
    comments: db
      .select({
        id: comments.id,
        uid: comments.uid,
        postId: comments.postId,
        parentId: comments.parentId,
        name: comments.name,
        email: comments.email,
        authorUrl: comments.authorUrl,
        body: comments.body,
        status: comments.status,
        createdAt: comments.createdAt,
      })
      .from(comments)
      .orderBy(asc(comments.id))
      .all(),
  };
}

export type ExportDocument = ReturnType<typeof exportDocument>;

/** The downloaded file's name: `inkwell-export-<day>.tar.gz` or `inkwell-posts-<day>.xml`. */
export function exportFileName(kind: "archive" | "wxr", now = new Date()): string {
  const day = now.toISOString().slice(0, 10);
  return kind === "archive" ? `inkwell-export-${day}.tar.gz` : `inkwell-posts-${day}.xml`;
}

/** Writes the archive to a temporary file and returns its path; the caller removes it when sent. */
export async function createExportArchive(actor: SessionUser, db: Db = getDb()): Promise<string> {
  assertCan(actor, "manageSite");
  recordAudit(db, {
    action: "export",
    actor,
    targetType: "site",
    summary: "Everything (.tar.gz)",
    address: actor.address,
  });
  const env = readEnv();
  const staging = join(env.dataDir, "exports", randomUUID());
  mkdirSync(staging, { recursive: true });
  writeFileSync(join(staging, EXPORT_DOCUMENT), JSON.stringify(exportDocument(db)));
  const entries = [EXPORT_DOCUMENT];
  if (existsSync(env.uploadsDir)) {
    symlinkSync(env.uploadsDir, join(staging, "uploads"), "dir");
    entries.push("uploads");
  }
  const file = `${staging}.tar.gz`;
  try {
    await tar.c(
      {
        gzip: true,
        cwd: staging,
        file,
        follow: true,
        portable: true,
        filter: (p) => !p.startsWith("uploads/.incoming"),
      },
      entries,
    );
  } finally {
    rmSync(staging, { recursive: true, force: true });
  }
  return file;
}

// ---------------------------------------------------------------------------
// WXR

/** CDATA that survives a "]]>" inside. */
function cdata(value: string): string {
  return `<![CDATA[${value.replace(/]]>/g, "]]]]><![CDATA[>")}]]>`;
}

const wpDate = (d: Date) => d.toISOString().slice(0, 19).replace("T", " ");

const WP_STATUS: Record<string, string> = {
  published: "publish",
  draft: "draft",
  reviewing: "pending",
  scheduled: "future",
  trash: "trash",
};

const WP_COMMENT_STATUS: Record<string, string> = {
  approved: "1",
  pending: "0",
  spam: "spam",
  trash: "trash",
};

type WxrItem = {
  uid: string;
  title: string;
  link: string;
  pubDate: Date;
  login: string;
  content: string;
  summary: string;
  wpId: number;
  date: Date;
  slug: string;
  status: string;
};

/** An `<item>`'s opening lines, the same for a post and a page. */
function wxrItemHead(base: string, item: WxrItem): string[] {
  return [
    "<item>",
    `<title>${cdata(item.title)}</title>`,
    `<link>${escapeXml(item.link)}</link>`,
    `<pubDate>${item.pubDate.toUTCString()}</pubDate>`,
    `<dc:creator>${cdata(item.login)}</dc:creator>`,
    `<guid isPermaLink="false">${escapeXml(`${base}/?inkwell=${item.uid}`)}</guid>`,
    "<description></description>",
    `<content:encoded>${cdata(item.content)}</content:encoded>`,
    `<excerpt:encoded>${cdata(item.summary)}</excerpt:encoded>`,
    `<wp:post_id>${item.wpId}</wp:post_id>`,
    `<wp:post_date>${cdata(wpDate(item.date))}</wp:post_date>`,
    `<wp:post_date_gmt>${cdata(wpDate(item.date))}</wp:post_date_gmt>`,
    `<wp:post_name>${cdata(item.slug)}</wp:post_name>`,
    `<wp:status>${cdata(WP_STATUS[item.status] ?? "draft")}</wp:status>`,
    "<wp:post_parent>0</wp:post_parent>",
  ];
}

/**
 * The posts (with their comments) and pages as a WordPress export (WXR 1.2),
 * for WordPress's importer. Pages' ids follow the posts' (WordPress numbers
 * both in one sequence); a scheduled post is `future` at its publish time.
 */
export function exportWxr(actor: SessionUser, db: Db = getDb()): string {
  assertCan(actor, "manageSite");
  recordAudit(db, {
    action: "export",
    actor,
    targetType: "site",
    summary: "Posts and pages for WordPress (WXR)",
    address: actor.address,
  });
  const doc = exportDocument(db);
  const base = readEnv().publicUrl;
  const categoryById = new Map(doc.categories.map((c) => [c.id, c]));
  const tagById = new Map(doc.tags.map((t) => [t.id, t]));
  const userById = new Map(doc.users.map((u) => [u.id, u]));
  const tagsOf = new Map<number, number[]>();
  for (const pt of doc.postTags)
    tagsOf.set(pt.postId, [...(tagsOf.get(pt.postId) ?? []), pt.tagId]);
  const bylines = wxrBylines(
    db,
    doc.posts.map((p) => p.id),
    { xml: escapeXml, cdata },
  );
  const authorIds = new Set([
    ...[...doc.posts, ...doc.pages]
      .map((p) => p.authorId)
      .filter((id): id is number => id !== null),
    ...bylines.userIds,
  ]);
  const commentsOf = new Map<number, ExportDocument["comments"]>();
  for (const c of doc.comments) commentsOf.set(c.postId, [...(commentsOf.get(c.postId) ?? []), c]);
  const pageIdBase = doc.posts.reduce((max, p) => Math.max(max, p.id), 0);
  const out: string[] = [
    '<?xml version="1.0" encoding="UTF-8" ?>',
    '<rss version="2.0" xmlns:excerpt="http://wordpress.org/export/1.2/excerpt/" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wfw="http://wellformedweb.org/CommentAPI/" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:wp="http://wordpress.org/export/1.2/">',
    "<channel>",
    `<title>${escapeXml(String(doc.settings.siteName ?? "Inkwell"))}</title>`,
    `<link>${escapeXml(base)}</link>`,
    `<description>${escapeXml(String(doc.settings.siteDescription ?? ""))}</description>`,
    "<wp:wxr_version>1.2</wp:wxr_version>",
    `<wp:base_site_url>${escapeXml(base)}</wp:base_site_url>`,
    `<wp:base_blog_url>${escapeXml(base)}</wp:base_blog_url>`,
  ];
  for (const id of authorIds) {
    const u = userById.get(id);
    if (!u) continue;
    out.push(
      `<wp:author><wp:author_id>${u.id}</wp:author_id><wp:author_login>${cdata(u.email.split("@")[0])}</wp:author_login><wp:author_email>${cdata(u.email)}</wp:author_email><wp:author_display_name>${cdata(u.name)}</wp:author_display_name></wp:author>`,
    );
  }
  for (const c of doc.categories) {
    out.push(
      `<wp:category><wp:term_id>${c.id}</wp:term_id><wp:category_nicename>${cdata(c.slug)}</wp:category_nicename><wp:category_parent></wp:category_parent><wp:cat_name>${cdata(c.name)}</wp:cat_name><wp:category_description>${cdata(c.description)}</wp:category_description></wp:category>`,
    );
  }
  for (const t of doc.tags) {
    out.push(
      `<wp:tag><wp:term_id>${t.id}</wp:term_id><wp:tag_slug>${cdata(t.slug)}</wp:tag_slug><wp:tag_name>${cdata(t.name)}</wp:tag_name><wp:tag_description>${cdata(t.description)}</wp:tag_description></wp:tag>`,
    );
  }
  const login = (authorId: number | null) => {
    const author = authorId ? userById.get(authorId) : undefined;
    return author ? author.email.split("@")[0] : "";
  };
  for (const p of doc.posts) {
    const category = p.categoryId ? categoryById.get(p.categoryId) : undefined;
    out.push(
      ...wxrItemHead(base, {
        ...p,
        link: base + p.url,
        pubDate: p.timestamp,
        login: login(p.authorId),
        wpId: p.id,
        date: p.publishAt ?? p.timestamp,
      }),
      "<wp:post_type>post</wp:post_type>",
    );
    if (category) {
      out.push(
        `<category domain="category" nicename="${escapeXml(category.slug)}">${cdata(category.name)}</category>`,
      );
    }
    out.push(...bylines.terms(p.id, (id) => login(id)));
    for (const tagId of tagsOf.get(p.id) ?? []) {
      const t = tagById.get(tagId);
      if (t)
        out.push(
          `<category domain="post_tag" nicename="${escapeXml(t.slug)}">${cdata(t.name)}</category>`,
        );
    }
    if (p.photo) {
      out.push(
        `<wp:postmeta><wp:meta_key>${cdata("_inkwell_feature_image")}</wp:meta_key><wp:meta_value>${cdata(p.photo.startsWith("/") ? base + p.photo : p.photo)}</wp:meta_value></wp:postmeta>`,
      );
    }
    for (const c of commentsOf.get(p.id) ?? []) {
      out.push(
        `<wp:comment><wp:comment_id>${c.id}</wp:comment_id><wp:comment_author>${cdata(c.name)}</wp:comment_author><wp:comment_author_email>${cdata(c.email)}</wp:comment_author_email><wp:comment_author_url>${escapeXml(c.authorUrl)}</wp:comment_author_url><wp:comment_date>${cdata(wpDate(c.createdAt))}</wp:comment_date><wp:comment_date_gmt>${cdata(wpDate(c.createdAt))}</wp:comment_date_gmt><wp:comment_content>${cdata(escapeXml(c.body))}</wp:comment_content><wp:comment_approved>${cdata(WP_COMMENT_STATUS[c.status] ?? "0")}</wp:comment_approved><wp:comment_type>${cdata("comment")}</wp:comment_type><wp:comment_parent>${c.parentId ?? 0}</wp:comment_parent></wp:comment>`,
      );
    }
    out.push("</item>");
  }
  for (const page of doc.pages) {
    out.push(
      ...wxrItemHead(base, {
        ...page,
        link: `${base}/${page.slug}`,
        pubDate: page.createdAt,
        login: login(page.authorId),
        wpId: pageIdBase + page.id,
        date: page.createdAt,
      }),
      `<wp:menu_order>${page.navOrder}</wp:menu_order>`,
      "<wp:post_type>page</wp:post_type>",
      "</item>",
    );
  }
  const lastPageId = doc.pages.reduce((max, p) => Math.max(max, p.id), 0);
  out.push(...bylines.guestItems(pageIdBase + lastPageId + 1));
  out.push("</channel>", "</rss>", "");
  return out.join("\n");
}
