/**
 * Reads Inkwell's own export archive (Tools → Export: `inkwell-export.json`
 * and `uploads/` in a .tar.gz): posts, pages, comments, terms, users, media,
 * subscribers and settings. Posts keep their ids when they are free, so
 * `/{id}/{category}/{slug}` addresses stay the same, and uploads keep their
 * paths; importing an archive into an empty site gives back the same public
 * site. Users come back as Authors without a password (an export holds no
 * password hashes), matched by e-mail to accounts that exist.
 */
import { existsSync, mkdirSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import * as tar from "tar";
import type { ExportDocument } from "~/domain/backups/export.server";
import { badRequest } from "~/domain/errors.server";
import { isSitePage } from "~/domain/pages/vocabulary";
import type { Audience, SubscriberStatus } from "~/domain/subscribers/vocabulary";
import { type Inspection, postRecord, type SourceContributor, type SourceRecord } from "./records";
import { scheduledFor } from "./statuses";

const DOCUMENT = "inkwell-export.json";
export const NOT_INKWELL = "This archive is not an Inkwell export (it has no inkwell-export.json)";

// Dates arrive as ISO strings once the document has been through JSON.
type Doc = {
  [K in keyof ExportDocument]: ExportDocument[K] extends (infer R)[] ? R[] : ExportDocument[K];
};

export async function inspectInkwell(
  path: string,
  workDir: string,
): Promise<{ inspection: Inspection; folder: string; document: Doc }> {
  const folder = join(workDir, "archive");
  rmSync(folder, { recursive: true, force: true });
  mkdirSync(folder, { recursive: true });
  try {
    await tar.x({
      file: path,
      cwd: folder,
      strict: true,
      filter: (p) => p === DOCUMENT || p.startsWith("uploads/"),
    });
  } catch (error) {
    throw badRequest(`The archive cannot be read: ${(error as Error).message}`);
  }
  if (!existsSync(join(folder, DOCUMENT))) throw badRequest(NOT_INKWELL);
  let document: Doc;
  try {
    document = JSON.parse(readFileSync(join(folder, DOCUMENT), "utf8"));
  } catch {
    throw badRequest(`${DOCUMENT} is not readable JSON`);
  }
  if (document?.app !== "inkwell" || document.kind !== "export" || !Array.isArray(document.posts)) {
    throw badRequest(NOT_INKWELL);
  }
  const total =
    1 +
    document.users.length +
    document.categories.length +
    document.tags.length +
    document.media.length +
    document.posts.length +
    (document.pages ?? []).length +
    (document.comments ?? []).length +
    document.subscribers.length;
  return {
    inspection: {
      total,
      source: `inkwell:${String(document.settings?.siteName ?? "site")}`,
      notes: [`Inkwell export of ${document.exportedAt}`],
    },
    folder: join(folder, "uploads"),
    document,
  };
}

const date = (value: unknown) => new Date(value as string | number);

/**
 * The archive's guests (emitted as guest records) and each post's byline with its roles, staff by
 * e-mail and guests by slug. Archives from before bylines have neither: posts keep their author.
 */
function archiveBylines(
  doc: Doc,
  emit: (record: SourceRecord) => void,
): Map<number, SourceContributor[]> {
  const guests = new Map((doc.guestContributors ?? []).map((g) => [g.id, g]));
  for (const g of guests.values()) {
    emit({
      type: "guest",
      value: {
        sourceId: `guest:${g.id}`,
        login: g.slug,
        name: g.name,
        bio: g.bio,
        website: g.url,
        photo: g.photo,
      },
    });
  }
  const userById = new Map(doc.users.map((u) => [u.id, u]));
  const out = new Map<number, SourceContributor[]>();
  for (const c of doc.postContributors ?? []) {
    const user = c.userId !== null ? userById.get(c.userId) : undefined;
    const guest = c.guestId !== null ? guests.get(c.guestId) : undefined;
    const entry = user
      ? { ref: user.email, name: user.name, role: c.role }
      : guest
        ? { ref: guest.slug, name: guest.name, role: c.role }
        : null;
    if (entry) out.set(c.postId, [...(out.get(c.postId) ?? []), entry]);
  }
  return out;
}

export function readInkwell(doc: Doc, emit: (record: SourceRecord) => void) {
  emit({ type: "settings", value: doc.settings as Record<string, unknown> });
  const userById = new Map(doc.users.map((u) => [u.id, u]));
  for (const u of doc.users) {
    emit({
      type: "author",
      value: { sourceId: u.uid, login: u.email, email: u.email, name: u.name, photo: u.photo },
    });
  }
  for (const c of doc.categories) {
    emit({
      type: "term",
      value: {
        kind: "category",
        sourceId: c.uid,
        slug: c.slug,
        name: c.name,
        description: c.description,
      },
    });
  }
  for (const t of doc.tags) {
    emit({
      type: "term",
      value: {
        kind: "tag",
        sourceId: t.uid,
        slug: t.slug,
        name: t.name,
        description: t.description,
      },
    });
  }
  for (const m of doc.media) {
    emit({
      type: "media",
      value: {
        sourceId: m.uid,
        url: m.url,
        title: m.name,
        date: date(m.date),
        row: {
          name: m.name,
          mimeType: m.mimeType,
          size: m.size,
          width: m.width,
          height: m.height,
          collection: m.collection,
        },
      },
    });
  }
  const categoryById = new Map(doc.categories.map((c) => [c.id, c]));
  const tagById = new Map(doc.tags.map((t) => [t.id, t]));
  const tagsOf = new Map<number, number[]>();
  for (const pt of doc.postTags)
    tagsOf.set(pt.postId, [...(tagsOf.get(pt.postId) ?? []), pt.tagId]);
  const redirectsOf = new Map<number, string[]>();
  for (const r of doc.redirects) {
    if (r.postId) redirectsOf.set(r.postId, [...(redirectsOf.get(r.postId) ?? []), r.fromPath]);
  }
  const bylineOf = archiveBylines(doc, emit);
  for (const p of doc.posts) {
    const category = p.categoryId ? categoryById.get(p.categoryId) : undefined;
    const author = p.authorId ? userById.get(p.authorId) : undefined;
    const schedule =
      p.status === "scheduled" && p.publishAt
        ? scheduledFor(date(p.publishAt), new Date(), "the archive")
        : null;
    emit(
      postRecord({
        sourceId: p.uid,
        title: p.title,
        slug: p.slug,
        mapped: schedule ?? { status: p.status },
        html: p.content,
        excerpt: p.summary,
        date: date(p.timestamp),
        author: author?.email ?? null,
        byline: bylineOf.get(p.id),
        categories: category ? [{ slug: category.slug, name: category.name }] : [],
        tags: (tagsOf.get(p.id) ?? [])
          .map((id) => tagById.get(id))
          .filter((t) => t !== undefined)
          .map((t) => ({ slug: t.slug, name: t.name })),
        featureImage: p.photo,
        oldPaths: redirectsOf.get(p.id) ?? [],
        commentsClosed: Boolean(p.commentsClosed),
        keepId: p.id,
        socialCard: p.socialCard,
        counts: {
          views: p.views,
          likes: p.likes,
          shares: p.shares,
          avgTimeSeconds: p.avgTimeSeconds,
          bounceRate: p.bounceRate,
        },
      }),
    );
  }
  // Archives written before pages and comments were exported have neither.
  for (const page of doc.pages ?? []) {
    const author = page.authorId ? userById.get(page.authorId) : undefined;
    emit({
      type: "page",
      value: {
        sourceId: page.uid,
        title: page.title,
        slug: page.slug,
        status: page.status,
        html: page.content,
        summary: page.summary,
        date: date(page.createdAt),
        author: author?.email ?? null,
        nav: page.nav,
        navOrder: page.navOrder,
        oldPaths: [],
        sitePage: isSitePage(page.slug),
      },
    });
  }
  const postUid = new Map(doc.posts.map((p) => [p.id, p.uid]));
  const commentUid = new Map((doc.comments ?? []).map((c) => [c.id, c.uid]));
  for (const c of doc.comments ?? []) {
    emit({
      type: "comment",
      value: {
        sourceId: c.uid,
        postSourceId: postUid.get(c.postId) ?? "",
        parentSourceId: c.parentId ? (commentUid.get(c.parentId) ?? null) : null,
        name: c.name,
        email: c.email,
        url: c.authorUrl ?? "",
        body: c.body,
        status: c.status,
        date: date(c.createdAt),
      },
    });
  }
  const audiencesOf = new Map<number, Audience[]>();
  for (const a of doc.subscriberAudiences) {
    audiencesOf.set(a.subscriberId, [...(audiencesOf.get(a.subscriberId) ?? []), a.audience]);
  }
  for (const s of doc.subscribers) {
    emit({
      type: "subscriber",
      value: {
        email: s.email,
        name: s.name,
        status: s.status as SubscriberStatus,
        audiences: audiencesOf.get(s.id) ?? [],
        date: date(s.timestamp),
      },
    });
  }
}
