/**
 * Reads a Ghost export (JSON, versions 0.x to 5: `{db:[{meta,data}]}`, a bare
 * `{meta,data}`, or the `{data:{…}}` of an import bundle) and the JSON of
 * Ghost's migration tools (`{posts:[{url,data}]}`). Posts keep Ghost's own
 * rendered `html`; a post with only `mobiledoc`/`lexical` and no HTML is
 * reported, not guessed at. The first public tag becomes the category, the
 * others tags; internal `#tags` are dropped. Members become subscribers.
 */
import { readFile } from "node:fs/promises";
import type { CommentStatus } from "~/domain/comments/vocabulary";
import { badRequest } from "~/domain/errors.server";
import type { PageStatus } from "~/domain/pages/vocabulary";
import { type Audience, findAudience } from "~/domain/subscribers/vocabulary";
import { commentText } from "./content.server";
import {
  type Inspection,
  postRecord,
  type SourceContributor,
  type SourceRecord,
  type TermRef,
} from "./records";
import { type StatusMapping, scheduledFor } from "./statuses";

// biome-ignore lint/suspicious/noExplicitAny: Ghost's rows are free-form JSON, read field by field.
type Row = Record<string, any>;
type GhostData = { version: string; data: Record<string, Row[]> };

export const NOT_GHOST = "This file is not a Ghost export: it has no posts, tags or users";

function unwrap(json: unknown): GhostData | null {
  if (!json || typeof json !== "object") return null;
  const root = json as Row;
  if (Array.isArray(root.db) && root.db[0]?.data) {
    return { version: String(root.db[0].meta?.version ?? "?"), data: root.db[0].data };
  }
  if (root.data?.data && typeof root.data.data === "object") {
    return { version: String(root.data.meta?.version ?? "?"), data: root.data.data };
  }
  if (root.meta && root.data && typeof root.data === "object") {
    return { version: String(root.meta.version ?? "?"), data: root.data };
  }
  // Ghost's migration tools: {posts: [{url, data: {...}}], users: [...]}.
  if (Array.isArray(root.posts) && root.posts.every((p: Row) => p && typeof p.data === "object")) {
    return migrateFormat(root);
  }
  return null;
}

function migrateFormat(root: Row): GhostData {
  const users = new Map<string, Row>();
  const tags = new Map<string, Row>();
  const posts: Row[] = [];
  const postsTags: Row[] = [];
  const postsAuthors: Row[] = [];
  for (const u of root.users ?? []) {
    const d = u.data ?? {};
    users.set(d.slug ?? d.email, { id: d.slug ?? d.email, ...d });
  }
  root.posts.forEach((p: Row, i: number) => {
    const d = p.data;
    const id = String(p.url || d.uuid || (d.slug ? `${d.slug}#${i}` : `post-${i}`));
    posts.push({ ...d, id, type: d.type ?? "post", source_url: p.url });
    const author = d.author?.data;
    if (author) {
      const key = author.slug ?? author.email ?? author.name;
      if (!users.has(key)) users.set(key, { id: key, ...author });
      postsAuthors.push({ post_id: id, author_id: users.get(key)?.id, sort_order: 0 });
    }
    (d.tags ?? []).forEach((t: Row, order: number) => {
      const td = t.data ?? t;
      if (!td?.name && !td?.slug) return;
      const key = td.slug ?? td.name;
      if (!tags.has(key)) tags.set(key, { id: key, ...td });
      postsTags.push({ post_id: id, tag_id: key, sort_order: order });
    });
  });
  return {
    version: "migrate",
    data: {
      posts,
      users: [...users.values()],
      tags: [...tags.values()],
      posts_tags: postsTags,
      posts_authors: postsAuthors,
    },
  };
}

export async function inspectGhost(
  path: string,
): Promise<{ inspection: Inspection; document: GhostData }> {
  let json: unknown;
  try {
    json = JSON.parse((await readFile(path, "utf8")).replace(/^\uFEFF/, ""));
  } catch (error) {
    throw badRequest(`The file is not readable JSON: ${(error as Error).message}`);
  }
  const document = unwrap(json);
  const d = document?.data;
  if (!document || !d || !["posts", "tags", "users"].some((k) => Array.isArray(d[k]))) {
    throw badRequest(NOT_GHOST);
  }
  const total = ["users", "tags", "posts", "members", "comments"].reduce(
    (n, key) => n + (Array.isArray(d[key]) ? d[key].length : 0),
    0,
  );
  const site = (d.settings ?? []).find((s: Row) => s.key === "title")?.value;
  return {
    inspection: {
      total,
      source: `ghost:${site ?? "site"}`,
      notes: [`Ghost export, version ${document.version}`],
    },
    document,
  };
}

const isInternal = (tag: Row) =>
  String(tag.name ?? "").startsWith("#") || tag.visibility === "internal";
const ghostUrl = (value: unknown) =>
  typeof value === "string" && value ? value.replace(/__GHOST_URL__/g, "") : null;

function dateOf(...values: unknown[]): Date {
  for (const v of values) {
    if (v === null || v === undefined || v === "") continue;
    const d = new Date(typeof v === "number" || /^\d+$/.test(String(v)) ? Number(v) : String(v));
    if (!Number.isNaN(d.getTime())) return d;
  }
  return new Date();
}

function mapStatus(status: unknown, date: Date): StatusMapping | null {
  switch (status) {
    case "published":
      return { status: "published" };
    case "draft":
      return { status: "draft" };
    case "scheduled":
      return scheduledFor(date, new Date(), "Ghost");
    case "sent":
      return {
        status: "published",
        note: "sent as an e-mail only in Ghost; imported as published",
      };
    default:
      return null;
  }
}

/** Each post's authors in `sort_order` (docs/behaviour.md §bylines): its byline, staff only. */
function ghostBylines(
  rows: Row[] | undefined,
  userById: Map<string, Row>,
): Map<string, SourceContributor[]> {
  const out = new Map<string, SourceContributor[]>();
  const sorted = [...(rows ?? [])].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0));
  for (const pa of sorted) {
    const u = userById.get(String(pa.author_id));
    if (!u) continue;
    const list = out.get(String(pa.post_id)) ?? [];
    list.push({ ref: String(u.slug ?? u.email ?? u.id), name: String(u.name ?? u.slug ?? "") });
    out.set(String(pa.post_id), list);
  }
  return out;
}

function emitPage(
  p: Row,
  sourceId: string,
  title: string,
  postAuthor: Map<string, string>,
  userById: Map<string, Row>,
  emit: (record: SourceRecord) => void,
) {
  const status: PageStatus | null =
    p.status === "published" ? "published" : p.status === "draft" ? "draft" : null;
  const html = typeof p.html === "string" ? p.html.replace(/__GHOST_URL__/g, "") : "";
  if (!status || !html.trim()) {
    emit({
      type: "skip",
      value: {
        kind: "page",
        sourceId,
        title,
        reason: status
          ? "no HTML in the export (mobiledoc/lexical only)"
          : `status "${p.status}" is not imported`,
      },
    });
    return;
  }
  const authorId = postAuthor.get(sourceId) ?? (p.author_id ? String(p.author_id) : null);
  const author = authorId ? userById.get(authorId) : undefined;
  emit({
    type: "page",
    value: {
      sourceId,
      title,
      slug: String(p.slug ?? ""),
      status,
      html,
      summary: String(p.custom_excerpt ?? "") || String(p.meta_description ?? ""),
      date: dateOf(p.published_at, p.created_at),
      author: author ? String(author.slug ?? author.email ?? author.id) : null,
      oldPaths: [],
    },
  });
}

/**
 * Ghost 5's member comments: published → approved, hidden (by a moderator) →
 * trash; deleted ones are reported. The member gives the name and e-mail.
 */
function readComments(d: Record<string, Row[]>, emit: (record: SourceRecord) => void) {
  const members = new Map(((d.members ?? []) as Row[]).map((m) => [String(m.id), m]));
  const rows = ((d.comments ?? []) as Row[]).filter((c) => c?.id && c.post_id);
  // Oldest first (the order readers see), and a reply after the comment it answers.
  const time = (c: Row) => dateOf(c.created_at, 0).getTime();
  rows.sort((a, b) => time(a) - time(b) || (a.parent_id ? 1 : 0) - (b.parent_id ? 1 : 0));
  for (const c of rows) {
    const member = c.member_id ? members.get(String(c.member_id)) : undefined;
    const name = String(member?.name || member?.email?.split("@")[0] || "Anonymous");
    const status: CommentStatus | null =
      c.status === "published" ? "approved" : c.status === "hidden" ? "trash" : null;
    if (!status || typeof c.html !== "string") {
      emit({
        type: "skip",
        value: {
          kind: "comment",
          sourceId: String(c.id),
          title: name,
          reason: `status "${c.status}" is not imported`,
        },
      });
      continue;
    }
    emit({
      type: "comment",
      value: {
        sourceId: String(c.id),
        postSourceId: String(c.post_id),
        parentSourceId: c.parent_id ? String(c.parent_id) : null,
        name,
        email: String(member?.email ?? ""),
        url: "",
        body: commentText(c.html),
        status,
        date: dateOf(c.created_at),
      },
    });
  }
}

export function readGhost(
  document: GhostData,
  emit: (record: SourceRecord) => void,
  notes: Set<string>,
) {
  const d = document.data;
  const users = (d.users ?? []) as Row[];
  const userById = new Map(users.map((u) => [String(u.id), u]));
  for (const u of users) {
    emit({
      type: "author",
      value: {
        sourceId: String(u.id),
        login: String(u.slug ?? u.email ?? u.id),
        email: u.email ?? null,
        name: String(u.name ?? u.slug ?? "Author"),
      },
    });
  }
  const tags = ((d.tags ?? []) as Row[]).filter((t) => t && (t.name || t.slug));
  const tagById = new Map(tags.map((t) => [String(t.id), t]));
  for (const t of tags) {
    if (isInternal(t)) {
      emit({
        type: "skip",
        value: { kind: "tag", sourceId: String(t.id), title: t.name, reason: "internal tag" },
      });
    }
  }
  const postTags = new Map<string, Row[]>();
  for (const pt of ((d.posts_tags ?? []) as Row[]).sort(
    (a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0),
  )) {
    const tag = tagById.get(String(pt.tag_id));
    if (!tag) continue;
    const list = postTags.get(String(pt.post_id)) ?? [];
    list.push(tag);
    postTags.set(String(pt.post_id), list);
  }
  const postAuthor = new Map<string, string>();
  for (const pa of ((d.posts_authors ?? []) as Row[]).sort(
    (a, b) => (b.sort_order ?? 0) - (a.sort_order ?? 0),
  )) {
    postAuthor.set(String(pa.post_id), String(pa.author_id));
  }
  const coAuthors = ghostBylines(d.posts_authors as Row[] | undefined, userById);
  const usedTags = new Set<string>();
  for (const p of (d.posts ?? []) as Row[]) {
    const sourceId = String(p.id ?? p.uuid ?? p.slug);
    const title = String(p.title ?? "");
    const isPage = p.type === "page" || p.page === 1 || p.page === true;
    if (isPage) {
      emitPage(p, sourceId, title, postAuthor, userById, emit);
      continue;
    }
    const date = dateOf(p.published_at, p.created_at);
    const mapped = mapStatus(p.status, date);
    if (!mapped) {
      emit({
        type: "skip",
        value: { kind: "post", sourceId, title, reason: `status "${p.status}" is not imported` },
      });
      continue;
    }
    const html = typeof p.html === "string" ? p.html.replace(/__GHOST_URL__/g, "") : "";
    if (!html.trim()) {
      emit({
        type: "skip",
        value: {
          kind: "post",
          sourceId,
          title,
          reason: "no HTML in the export (mobiledoc/lexical only)",
        },
      });
      continue;
    }
    const publicTags = (postTags.get(sourceId) ?? []).filter((t) => !isInternal(t));
    const refs: TermRef[] = publicTags.map((t) => ({
      slug: String(t.slug ?? ""),
      name: String(t.name ?? t.slug),
    }));
    for (const t of publicTags) usedTags.add(String(t.id));
    const authorId = postAuthor.get(sourceId) ?? (p.author_id ? String(p.author_id) : null);
    const author = authorId ? userById.get(authorId) : undefined;
    const slug = String(p.slug ?? "");
    // Ghost has one list of tags: the first public one is the category.
    emit(
      postRecord({
        mapped,
        sourceId,
        categories: refs.slice(0, 1),
        tags: refs.slice(1),
        title,
        slug,
        html,
        excerpt: String(p.custom_excerpt ?? "") || String(p.excerpt ?? ""),
        date,
        author: author ? String(author.slug ?? author.email ?? author.id) : null,
        byline: coAuthors.get(sourceId),
        featureImage: ghostUrl(p.feature_image),
        oldPaths: slug ? [`/${slug}`] : [],
      }),
    );
  }
  // Tags no post uses are still created (as tags), as Ghost lists them.
  for (const t of tags) {
    if (isInternal(t) || usedTags.has(String(t.id))) continue;
    emit({
      type: "term",
      value: {
        kind: "tag",
        sourceId: String(t.id),
        slug: String(t.slug ?? ""),
        name: String(t.name ?? t.slug),
        description: String(t.description ?? ""),
      },
    });
  }
  readComments(d, emit);
  const newsletters = new Map(
    ((d.newsletters ?? []) as Row[]).map((n) => [String(n.id), String(n.name ?? "")]),
  );
  const memberNewsletters = new Map<string, string[]>();
  for (const mn of (d.members_newsletters ?? []) as Row[]) {
    const list = memberNewsletters.get(String(mn.member_id)) ?? [];
    list.push(newsletters.get(String(mn.newsletter_id)) ?? "");
    memberNewsletters.set(String(mn.member_id), list);
  }
  for (const m of (d.members ?? []) as Row[]) {
    const email = String(m.email ?? "").trim();
    if (!email) continue;
    const names =
      memberNewsletters.get(String(m.id)) ??
      (Array.isArray(d.members_newsletters) ? [] : undefined);
    // Ghost 5 lists each member's newsletters; earlier versions have a `subscribed` flag.
    const subscribed = names ? names.length > 0 : m.subscribed !== false && m.subscribed !== 0;
    const audiences = [
      ...new Set(
        (names ?? []).map((n) => findAudience(n)).filter((a): a is Audience => Boolean(a)),
      ),
    ];
    emit({
      type: "subscriber",
      value: {
        email,
        name: String(m.name ?? ""),
        status: subscribed ? "Active" : "Unsubscribed",
        audiences: audiences.length > 0 ? audiences : ["News"],
        date: dateOf(m.created_at),
      },
    });
  }
  if ((d.members ?? []).length > 0)
    notes.add(
      "Ghost members imported as subscribers (newsletters named like an audience join it; others join News)",
    );
}
