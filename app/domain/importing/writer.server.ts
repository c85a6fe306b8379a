/**
 * Writes the records a format reader produced (./records.ts), whatever the
 * format. Each record's source id is kept in `import_records`: a record found
 * there is skipped ("already imported"), so importing the same file again
 * creates nothing twice, and an import cut off by a crash resumes by running
 * again. The caller wraps each batch of records in one transaction.
 *
 * - Authors are matched by e-mail to existing accounts, else created as
 *   deactivated Authors with no password (they cannot sign in until an
 *   Administrator activates and invites them).
 * - Categories and tags are matched by slug, then name, else created.
 * - Posts go through the post sanitiser; a post without a category gets the
 *   site's default one. Their old addresses become redirects.
 */
import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import {
  categories,
  comments,
  importRecords,
  pages,
  posts,
  postTags,
  redirects,
  settings as settingsTable,
  tags,
  users,
} from "#db/schema";
import { newApiKeyColumns } from "~/domain/accounts/secrets.server";
import { COMMENT_NAME_MAX } from "~/domain/comments/vocabulary";
import { isSiteAddress, isSitePage } from "~/domain/pages/vocabulary";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import { getSettings } from "~/domain/site/settings.server";
import { writeSubscribers } from "~/domain/subscribers/writer.server";
import { uniqueUserSlug } from "~/domain/users/authors.server";
import { IMPORTED_DOMAIN, NO_PASSWORD } from "~/domain/users/imported";
import { nextId } from "~/platform/counters.server";
import type { Db } from "~/platform/db.server";
import { apiKey, postPath, slugify } from "~/utils/slug";
import { htmlToText } from "~/utils/text";
import { type MediaFiles, mimeOf } from "./media-files.server";
import type {
  SourceAuthor,
  SourceComment,
  SourceMedia,
  SourcePage,
  SourcePost,
  SourceRecord,
  SourceSubscriber,
  SourceTerm,
  TermRef,
} from "./records";
import { type ImportOutcome, type ImportReport, REPORT_MAX_ENTRIES } from "./vocabulary";

/** Summary when the source has no excerpt: the first 200 characters of the text. */
export const SUMMARY_CHARS = 200;

/** Redirect keys: lower case, no trailing slash; only a `p` query is kept (`/?p=12`). */
export function redirectKey(pathname: string, search = ""): string {
  let path = pathname.toLowerCase().replace(/\/+$/, "") || "/";
  try {
    path = decodeURIComponent(path);
  } catch {
    // kept as it came
  }
  const p = new URLSearchParams(search).get("p");
  if (p && /^\d+$/.test(p)) return path === "/" ? `/?p=${p}` : `${path}?p=${p}`;
  return path;
}

function decodeEntities(value: string): string {
  return /[&<]/.test(value)
    ? htmlToText(value.replace(/&#(\d+);/g, (_m, n) => String.fromCodePoint(Number(n))))
    : value;
}

export class ImportWriter {
  private authorsByLogin = new Map<string, number>();
  private authorsListed = 0;
  /** Scheduled posts written: the scheduler is woken once the job ends. */
  scheduled = 0;

  constructor(
    private readonly db: Db,
    private readonly options: {
      source: string;
      jobId: number | null;
      report: ImportReport;
      media: MediaFiles;
      /** Who imports: the author of posts whose author is unknown. */
      actorId: number | null;
    },
  ) {}

  private note(
    outcome: ImportOutcome,
    kind: string,
    sourceId: string,
    title: string,
    reason?: string,
  ) {
    const { report } = this.options;
    report.counts[outcome][kind] = (report.counts[outcome][kind] ?? 0) + 1;
    if (report.entries.length < REPORT_MAX_ENTRIES) {
      report.entries.push({ outcome, kind, sourceId, title, ...(reason ? { reason } : {}) });
    }
  }

  private known(
    kind: string,
    sourceId: string,
  ): { localId: number; jobId: number | null } | undefined {
    return this.db
      .select({ localId: importRecords.localId, jobId: importRecords.jobId })
      .from(importRecords)
      .where(
        and(
          eq(importRecords.source, this.options.source),
          eq(importRecords.kind, kind),
          eq(importRecords.sourceId, sourceId),
        ),
      )
      .get();
  }

  private remember(kind: string, sourceId: string, localId: number) {
    this.db
      .insert(importRecords)
      .values({ source: this.options.source, kind, sourceId, localId, jobId: this.options.jobId })
      .onConflictDoUpdate({
        target: [importRecords.source, importRecords.kind, importRecords.sourceId],
        set: { localId },
      })
      .run();
  }

  /** A record this job already wrote before a restart is not reported twice. */
  private alreadyDone(kind: string, sourceId: string, title: string, what: string) {
    const seen = this.known(kind, sourceId);
    if (!seen) return null;
    if (seen.jobId !== this.options.jobId || this.options.jobId === null) {
      this.note("skipped", kind, sourceId, title, `already imported (${what} ${seen.localId})`);
    }
    return seen.localId;
  }

  write(record: SourceRecord) {
    switch (record.type) {
      case "author":
        this.authorsListed += 1;
        return void this.author(record.value);
      case "term":
        return void this.term(record.value);
      case "post":
        return this.post(record.value);
      case "page":
        return this.page(record.value);
      case "comment":
        return this.comment(record.value);
      case "media":
        return this.mediaItem(record.value);
      case "subscriber":
        return this.subscriber(record.value);
      case "settings":
        return this.settings(record.value);
      case "skip": {
        const { kind, sourceId, title, reason } = record.value;
        return this.note("skipped", kind, sourceId, title, reason);
      }
    }
  }

  author(a: SourceAuthor): number {
    const previous = this.alreadyDone("author", a.sourceId, a.name, "user");
    if (previous !== null) {
      this.authorsByLogin.set(a.login.toLowerCase(), previous);
      return previous;
    }
    const email = (a.email ?? "").trim().toLowerCase();
    const valid = /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email);
    const address = valid ? email : `${slugify(a.login) || "author"}@${IMPORTED_DOMAIN}`;
    const existing = this.db.select().from(users).where(eq(users.email, address)).get();
    let id: number;
    if (existing) {
      id = existing.id;
      this.note("skipped", "author", a.sourceId, a.name, `matched the account ${address}`);
    } else {
      id = this.db
        .insert(users)
        .values({
          uid: randomUUID(),
          name: a.name.trim() || a.login || address,
          email: address,
          role: "Author",
          // No password, and deactivated: the account cannot sign in until an Administrator
          // activates it and invites them (decision 114).
          passwordHash: NO_PASSWORD,
          deactivatedAt: new Date(),
          ...newApiKeyColumns().columns,
          slug: uniqueUserSlug(this.db, a.name.trim() || a.login || "author"),
          photo: a.photo ? (this.options.media.localUrl(a.photo, null) ?? a.photo) : null,
        })
        .returning({ id: users.id })
        .get().id;
      this.note(
        "created",
        "author",
        a.sourceId,
        a.name,
        valid
          ? "Author without a password, deactivated until invited"
          : `no valid e-mail; given ${address}; deactivated until invited`,
      );
    }
    this.remember("author", a.sourceId, id);
    if (a.login) this.authorsByLogin.set(a.login.toLowerCase(), id);
    if (email) this.authorsByLogin.set(email, id);
    return id;
  }

  /**
   * A post's author: one the file listed (by login or e-mail). As WordPress's
   * importer does, a name the list does not have goes to the person importing;
   * a file with no author list at all (WXR 1.0) has its authors created from
   * the posts' bylines.
   */
  private authorFor(ref: string | null): number | null {
    if (!ref) return this.options.actorId;
    const key = ref.trim().toLowerCase();
    const known = this.authorsByLogin.get(key);
    if (known) return known;
    if (this.authorsListed > 0) return this.options.actorId;
    return this.author({
      sourceId: `login:${key}`,
      login: key,
      email: key.includes("@") ? key : null,
      name: ref.trim(),
    });
  }

  term(t: SourceTerm): number {
    const previous = this.alreadyDone(t.kind, t.sourceId, t.name, t.kind);
    if (previous !== null) return previous;
    const id = this.ensureTerm(t.kind, { slug: t.slug, name: t.name }, t.description, t.sourceId);
    const table = t.kind === "category" ? categories : tags;
    const row = this.db.select({ slug: table.slug }).from(table).where(eq(table.id, id)).get();
    if (row) {
      const now = `/${t.kind === "category" ? "category" : "tag"}/${row.slug}`;
      for (const old of t.oldPaths ?? []) {
        const key = redirectKey(old);
        if (key === redirectKey(now)) continue;
        this.db
          .insert(redirects)
          .values({ fromPath: key, toPath: now })
          .onConflictDoNothing()
          .run();
      }
    }
    return id;
  }

  private ensureTerm(
    kind: "category" | "tag",
    ref: TermRef,
    description: string,
    sourceId: string | null,
  ): number {
    const name =
      decodeEntities(ref.name || ref.slug)
        .trim()
        .slice(0, 100) || "Untitled";
    const slug = slugify(ref.slug) || slugify(name) || `${kind}-${randomUUID().slice(0, 8)}`;
    const key = apiKey(slug) || slug.replace(/-/g, "_");
    const table = kind === "category" ? categories : tags;
    const found = this.db.select({ id: table.id }).from(table).where(eq(table.slug, slug)).get();
    let id: number;
    if (found) {
      id = found.id;
      if (sourceId)
        this.note("skipped", kind, sourceId, name, `matched the existing ${kind} "${slug}"`);
    } else {
      // Names are unique here: a second "Foo" (another parent's child in WordPress) is named by its slug too.
      const taken = this.db
        .select({ id: table.id })
        .from(table)
        .where(sql`lower(${table.name}) = lower(${name})`)
        .get();
      const unique = taken ? `${name} (${slug})`.slice(0, 100) : name;
      id = nextId(this.db, kind === "category" ? "categories" : "tags");
      const base = { id, uid: randomUUID(), name: unique, slug, description: description.trim() };
      if (kind === "category")
        this.db
          .insert(categories)
          .values({ ...base, key })
          .run();
      else
        this.db
          .insert(tags)
          .values({ ...base, tag: key })
          .run();
      this.note(
        "created",
        kind,
        sourceId ?? slug,
        unique,
        taken ? `"${name}" was taken` : undefined,
      );
    }
    if (sourceId) this.remember(kind, sourceId, id);
    this.remember(`${kind}-slug`, ref.slug || slug, id);
    return id;
  }

  private termFor(kind: "category" | "tag", ref: TermRef): number {
    const known = this.known(`${kind}-slug`, ref.slug || slugify(ref.name));
    if (known) return known.localId;
    return this.ensureTerm(kind, ref, "", null);
  }

  private defaultCategory(): TermRef {
    const name = getSettings(this.db).defaultCategory || "Uncategorised";
    return { slug: slugify(name), name };
  }

  post(p: SourcePost) {
    const title = decodeEntities(p.title).trim() || "(untitled)";
    if (this.alreadyDone("post", p.sourceId, title, "post") !== null) return;
    const categoryId = this.termFor("category", p.category ?? this.defaultCategory());
    const category = this.db
      .select({ slug: categories.slug })
      .from(categories)
      .where(eq(categories.id, categoryId))
      .get();
    const tagIds = [...new Set(p.tags.map((t) => this.termFor("tag", t)))];
    const authorId = this.authorFor(p.author);
    const html = this.options.media.rewrite(p.html, authorId);
    const content = sanitizePostHtml(html).trim();
    const excerpt = htmlToText(p.excerpt).trim();
    const text = htmlToText(content);
    const summary = excerpt || Array.from(text).slice(0, SUMMARY_CHARS).join("").trim();
    let photo = p.featureImage;
    if (photo) photo = this.options.media.localUrl(photo, authorId) ?? photo;
    if (photo && !/^(https?:\/\/|\/)/i.test(photo)) photo = null;
    const slug = slugify(p.slug) || slugify(title) || "post";
    // A scheduled post needs its time; without one it waits as a draft.
    const publishAt = p.status === "scheduled" ? (p.publishAt ?? null) : null;
    const status = p.status === "scheduled" && !publishAt ? "draft" : p.status;
    if (publishAt) this.scheduled += 1;
    const id = this.postId(p.keepId);
    const now = new Date();
    this.db
      .insert(posts)
      .values({
        id,
        uid: randomUUID(),
        status,
        publishAt,
        title: title.slice(0, 300),
        slug,
        url: postPath(id, category?.slug, slug),
        summary,
        content,
        categoryId,
        photo,
        socialCard: p.socialCard ?? null,
        ...(p.counts ?? {}),
        timestamp: p.date,
        authorId,
        createdAt: p.date,
        updatedAt: now,
      })
      .run();
    if (tagIds.length > 0) {
      this.db
        .insert(postTags)
        .values(tagIds.map((tagId) => ({ postId: id, tagId })))
        .run();
    }
    for (const old of p.oldPaths) {
      const url = new URL(old, "http://x.invalid");
      const key = redirectKey(url.pathname, url.search);
      if (key === "/" || key === redirectKey(postPath(id, category?.slug, slug))) continue;
      this.db.insert(redirects).values({ fromPath: key, postId: id }).onConflictDoNothing().run();
    }
    this.remember("post", p.sourceId, id);
    const reasons = [
      p.statusNote,
      p.extraCategories.length
        ? `kept the category "${p.category?.name}"; also in ${p.extraCategories.map((c) => `"${c.name}"`).join(", ")}`
        : undefined,
      !content ? "no content" : undefined,
    ].filter(Boolean);
    this.note("created", "post", p.sourceId, title, reasons.join("; ") || undefined);
  }

  /**
   * A static page. Its slug is kept when free; one a route or another page
   * already answers gets "-2", "-3"… (noted). Its old address (a WordPress
   * child page's `/parent/child/`) answers 301 to `/{slug}`.
   */
  page(p: SourcePage) {
    const title = decodeEntities(p.title).trim() || "(untitled)";
    if (this.alreadyDone("page", p.sourceId, title, "page") !== null) return;
    const wanted = slugify(p.slug) || slugify(title) || "page";
    const sitePage = isSitePage(wanted)
      ? this.db.select({ id: pages.id }).from(pages).where(eq(pages.slug, wanted)).get()
      : undefined;
    if (sitePage && p.sitePage) {
      // The archive's text of this site's own page replaces the text here; its address, status and
      // place in the navigation stay the site's (docs/decisions/133-site-pages.md).
      this.db
        .update(pages)
        .set({
          title: title.slice(0, 200),
          summary: htmlToText(p.summary).trim().slice(0, 300),
          content: sanitizePostHtml(this.options.media.rewrite(p.html, null)).trim(),
          updatedAt: new Date(),
        })
        .where(eq(pages.id, sitePage.id))
        .run();
      this.remember("page", p.sourceId, sitePage.id);
      this.note("updated", "page", p.sourceId, title, "this site's own page: its text replaced");
      return;
    }
    let slug = wanted;
    for (let n = 2; this.pageSlugTaken(slug); n++) slug = `${wanted}-${n}`;
    const authorId = this.authorFor(p.author);
    const content = sanitizePostHtml(this.options.media.rewrite(p.html, authorId)).trim();
    const summary =
      htmlToText(p.summary).trim().slice(0, 300) ||
      Array.from(htmlToText(content)).slice(0, SUMMARY_CHARS).join("").trim();
    const id = this.db
      .insert(pages)
      .values({
        uid: randomUUID(),
        status: p.status,
        title: title.slice(0, 200),
        slug,
        summary,
        content,
        nav: p.nav ?? "none",
        navOrder: p.navOrder ?? 0,
        authorId,
        createdAt: p.date,
        updatedAt: new Date(),
      })
      .returning({ id: pages.id })
      .get().id;
    for (const old of p.oldPaths) {
      const key = redirectKey(new URL(old, "http://x.invalid").pathname);
      if (key === "/" || key === `/${slug}`) continue;
      this.db
        .insert(redirects)
        .values({ fromPath: key, toPath: `/${slug}` })
        .onConflictDoNothing()
        .run();
    }
    this.remember("page", p.sourceId, id);
    const reasons = [
      p.statusNote,
      slug !== wanted ? `the address /${wanted} was taken; it is /${slug}` : undefined,
    ].filter(Boolean);
    this.note("created", "page", p.sourceId, title, reasons.join("; ") || undefined);
  }

  private pageSlugTaken(slug: string): boolean {
    // A site page's address is free while its page is missing (an emptied site gets it back).
    if (isSiteAddress(slug) && !isSitePage(slug)) return true;
    return Boolean(this.db.select({ id: pages.id }).from(pages).where(eq(pages.slug, slug)).get());
  }

  /**
   * A reader's comment, under its imported post, with its status, name,
   * e-mail, address and date. A reply to a reply joins the thread's first
   * comment (one level, as here); a reply whose comment was not imported
   * stands on its own (noted).
   */
  comment(c: SourceComment) {
    // One line in the report: the name and the start of the text.
    const start = Array.from(c.body.replace(/\s+/g, " ").trim()).slice(0, 60).join("");
    const title = `${c.name || "Anonymous"}: ${start}`;
    if (this.alreadyDone("comment", c.sourceId, title, "comment") !== null) return;
    const post = this.known("post", c.postSourceId);
    if (!post) {
      return this.note("skipped", "comment", c.sourceId, title, "its post was not imported");
    }
    let parentId: number | null = null;
    let reason: string | undefined;
    if (c.parentSourceId) {
      const parent = this.known("comment", c.parentSourceId);
      const row = parent
        ? this.db
            .select({ id: comments.id, parentId: comments.parentId })
            .from(comments)
            .where(eq(comments.id, parent.localId))
            .get()
        : undefined;
      if (row) parentId = row.parentId ?? row.id;
      else reason = "the comment it replies to was not imported; kept as a comment of its own";
    }
    const email = c.email.trim().toLowerCase();
    const url = c.url.trim();
    const id = this.db
      .insert(comments)
      .values({
        uid: randomUUID(),
        postId: post.localId,
        parentId,
        name: (c.name.trim() || "Anonymous").slice(0, COMMENT_NAME_MAX),
        email: /^[^\s@]+@[^\s@]+$/.test(email) ? email.slice(0, 254) : "",
        authorUrl: /^https?:\/\/\S+$/i.test(url) ? url.slice(0, 500) : "",
        body: c.body.trim(),
        status: c.status,
        createdAt: c.date,
        // History, not news: never announced to the post's author (docs/decisions/132-comment-author-notice.md).
        authorNotifiedAt: c.date,
      })
      .returning({ id: comments.id })
      .get().id;
    this.remember("comment", c.sourceId, id);
    this.note("created", "comment", c.sourceId, title, reason);
  }

  /** A kept id when it is free (the counter moves past it), else the next one. */
  private postId(keepId: number | undefined): number {
    if (keepId && Number.isSafeInteger(keepId) && keepId > 0) {
      const taken = this.db.select({ id: posts.id }).from(posts).where(eq(posts.id, keepId)).get();
      if (!taken) {
        this.db.$client
          .prepare("update counters set next_id = max(next_id, ?) where collection = 'posts'")
          .run(keepId + 1);
        return keepId;
      }
    }
    return nextId(this.db, "posts");
  }

  /** The public-facing settings of an Inkwell archive (site name, description, keywords, images, default category). */
  settings(values: Record<string, unknown>) {
    const allowed = [
      "siteName",
      "siteDescription",
      "metaTags",
      "logo",
      "favicon",
      "defaultCategory",
    ] as const;
    const set: Record<string, string | null> = {};
    for (const key of allowed) {
      const value = values[key];
      if (typeof value !== "string" && value !== null) continue;
      set[key] =
        typeof value === "string" && value.startsWith("/uploads/")
          ? (this.options.media.localUrl(value, this.options.actorId) ?? value)
          : (value as string | null);
    }
    if (Object.keys(set).length === 0) return;
    getSettings(this.db);
    this.db.update(settingsTable).set(set).where(eq(settingsTable.id, 1)).run();
    this.note("updated", "settings", "settings", "Site settings");
  }

  mediaItem(m: SourceMedia) {
    const title = m.title || m.url.split("/").pop() || m.url;
    if (this.alreadyDone("media", m.sourceId, title, "media") !== null) return;
    const local = this.options.media.localUrl(m.url, this.options.actorId, title);
    if (local && m.row && this.options.media.keepsPaths) {
      const r = m.row;
      this.db.$client
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
          this.options.actorId,
          m.date.getTime(),
        );
    }
    if (local) {
      const row = this.db.$client.prepare("select id from media where url = ?").get(local) as
        | { id: number }
        | undefined;
      this.remember("media", m.sourceId, row?.id ?? 0);
      this.note("created", "media", m.sourceId, title, "file copied into the media library");
    } else {
      this.db.$client
        .prepare(
          "insert into media (uid, url, name, path, mime_type, size, collection, author_id, date) values (?, ?, ?, ?, ?, 0, 'media', ?, ?) on conflict(path) do nothing",
        )
        .run(
          randomUUID(),
          m.url,
          title.slice(0, 200),
          `remote/${Buffer.from(m.url).toString("base64url").slice(0, 180)}`,
          mimeOf(m.url),
          this.options.actorId,
          m.date.getTime(),
        );
      const row = this.db.$client.prepare("select id from media where url = ?").get(m.url) as
        | { id: number }
        | undefined;
      this.remember("media", m.sourceId, row?.id ?? 0);
      this.note("created", "media", m.sourceId, title, "kept as its address (file not provided)");
    }
  }

  subscriber(s: SourceSubscriber) {
    const email = s.email.trim().toLowerCase();
    if (this.alreadyDone("subscriber", email, email, "subscriber") !== null) return;
    const existing = this.db.$client
      .prepare("select id from subscribers where email = ?")
      .get(email) as { id: number } | undefined;
    if (existing) {
      this.remember("subscriber", email, existing.id);
      this.note("skipped", "subscriber", email, s.name || email, "already a subscriber");
      return;
    }
    const [row] = writeSubscribers(this.db, [
      {
        name: s.name || email.split("@")[0],
        email,
        status: s.status,
        audience: s.audiences,
        timestamp: s.date,
      },
    ]);
    if (row) this.remember("subscriber", email, row.id);
    this.note(
      "created",
      "subscriber",
      email,
      s.name || email,
      s.status === "Unsubscribed" ? "kept as Unsubscribed" : undefined,
    );
  }
}
