/**
 * A WordPress export's `<item>`s as records (docs/behaviour.md §import):
 * posts with their statuses, terms, featured image, old addresses and
 * comments; pages; attachments as media; anything else reported.
 */
import type { PageStatus } from "~/domain/pages/vocabulary";
import { cleanWordPressHtml, type WpAttachments } from "./content.server";
import { postRecord, type SourceContributor, type SourceRecord, type TermRef } from "./records";
import { type StatusMapping, scheduledFor } from "./statuses";
import { commentRecords, pageCommentSkips } from "./wxr-comments.server";
import { decodeSlug, type Node, raw, text, wpDate } from "./wxr-xml.server";

/** What every item is read with: the file's attachments and its file-wide notes. */
export type ItemContext = { attachments: WpAttachments; notes: Set<string> };

/**
 * WordPress statuses to Inkwell's. A `future` post is scheduled for its date
 * (the scheduler publishes it then); one whose date has passed (WordPress's
 * "missed schedule": never public there) becomes a draft with a note, so an
 * import never publishes what the old site did not (decision 115).
 */
export function mapWpStatus(
  status: string,
  date: Date = new Date(),
  now: Date = new Date(),
): StatusMapping | null {
  if (status === "future") return scheduledFor(date, now, "WordPress");
  return WP_STATUSES.get(status) ?? null;
}

const WP_STATUSES = new Map<string, StatusMapping>([
  ["publish", { status: "published" }],
  ["draft", { status: "draft" }],
  ["pending", { status: "reviewing" }],
  ["private", { status: "draft", note: "private in WordPress; imported as a draft" }],
  ["trash", { status: "trash" }],
]);

/** WordPress page statuses: pages here are draft, published or trash. */
function pageStatus(status: string): { status: PageStatus; note?: string } | null {
  switch (status) {
    case "publish":
      return { status: "published" };
    case "draft":
    case "pending":
    case "future":
    case "private":
      return { status: "draft", note: `${status} in WordPress; imported as a draft` };
    case "trash":
      return { status: "trash" };
    default:
      return null;
  }
}

/**
 * A password-protected post or page is never public here (nothing here asks
 * for a password): one that would be public or scheduled becomes a draft,
 * noted (docs/decisions/185-password-protected-imports.md).
 */
function unlessProtected<T extends { status: string; note?: string; publishAt?: Date }>(
  mapped: T,
  node: Node,
): T {
  if (!text(node, "wp:post_password") || !["published", "scheduled"].includes(mapped.status)) {
    return mapped;
  }
  const note = "password-protected in WordPress; imported as a draft";
  return {
    ...mapped,
    status: "draft",
    publishAt: undefined,
    note: mapped.note ? `${mapped.note}; ${note}` : note,
  } as T;
}

function pathOf(link: string): string | null {
  if (!link) return null;
  try {
    const url = new URL(link, "http://wordpress.invalid");
    return url.pathname + url.search;
  } catch {
    return null;
  }
}

const unsupported = (kind: string, sourceId: string, title: string, reason: string) => [
  { type: "skip" as const, value: { kind, sourceId, title, reason } },
];

/** One `<item>`: a post, a page, an attachment, or something reported as not imported. */
export function itemRecords(node: Node, context: ItemContext): SourceRecord[] {
  const id = text(node, "wp:post_id");
  const type = text(node, "wp:post_type") || "post";
  const title = text(node, "title");
  const guid = text(node, "guid");
  const sourceId = id || guid;
  const date = wpDate(
    text(node, "wp:post_date"),
    text(node, "wp:post_date_gmt"),
    text(node, "pubDate"),
  );
  if (type === "attachment") {
    const url = text(node, "wp:attachment_url") || guid;
    if (!url) return unsupported("media", sourceId, title, "no file address");
    return [{ type: "media", value: { sourceId, url, title, date } }];
  }
  if (type === "page") return pageRecords(node, sourceId, title, date, context);
  if (type === "guest-author") return guestAuthorRecords(node, sourceId, title, context);
  if (type !== "post") {
    const menu = type === "nav_menu_item";
    return unsupported(
      menu ? "menu item" : type,
      sourceId,
      title || `#${id}`,
      menu ? "menus are not imported" : `post type "${type}" is not imported`,
    );
  }
  const wpStatus = text(node, "wp:status");
  const mapped = mapWpStatus(wpStatus, date);
  if (!mapped) return unsupported("post", sourceId, title, `status "${wpStatus}" is not imported`);
  const categories: TermRef[] = [];
  const tags: TermRef[] = [];
  const byline: SourceContributor[] = [];
  for (const c of node.children) {
    if (c.ns !== "" || c.name !== "category") continue;
    const ref = { slug: c.attrs.nicename ?? "", name: c.text.trim() };
    if (!ref.name && !ref.slug) continue;
    if (c.attrs.domain === "category") categories.push(ref);
    else if (c.attrs.domain === "post_tag" || c.attrs.domain === "tag") tags.push(ref);
    // Co-Authors Plus: one `author` term per co-author, in byline order, `cap-{login}`.
    else if (c.attrs.domain === "author" && ref.slug) {
      byline.push({ ref: decodeSlug(ref.slug).replace(/^cap-/, ""), name: ref.name });
    }
  }
  const thumbnailId = postMeta(node).get("_thumbnail_id")?.trim();
  const slug = decodeSlug(text(node, "wp:post_name"));
  const remarks: string[] = [];
  const html = cleanWordPressHtml(raw(node, "content:encoded"), {
    ...context,
    postId: id,
    remarks,
  });
  return [
    postRecord({
      sourceId,
      title,
      slug,
      mapped: unlessProtected(mapped, node),
      html,
      remarks,
      excerpt: raw(node, "excerpt:encoded").trim(),
      date,
      author: text(node, "dc:creator") || null,
      ...(byline.length > 0 ? { byline } : {}),
      categories,
      tags,
      featureImage: thumbnailId ? (context.attachments.byId.get(thumbnailId) ?? null) : null,
      oldPaths: postPaths(node, id, slug, date),
      commentsClosed: text(node, "wp:comment_status") === "closed",
    }),
    ...commentRecords(node, sourceId),
  ];
}

/** A post's WordPress addresses: its permalink, `/?p=ID`, the dated and bare slug forms. */
function postPaths(node: Node, id: string, slug: string, date: Date): string[] {
  const oldPaths = new Set<string>();
  const linkPath = pathOf(text(node, "link"));
  if (linkPath) oldPaths.add(linkPath);
  if (id) oldPaths.add(`/?p=${id}`);
  const guidPath = pathOf(text(node, "guid"));
  if (guidPath && /[?&]p=\d+/.test(guidPath)) oldPaths.add(`/?p=${id}`);
  if (slug) {
    const d = date.toISOString().slice(0, 10).split("-");
    oldPaths.add(`/${d[0]}/${d[1]}/${d[2]}/${slug}`);
    oldPaths.add(`/${d[0]}/${d[1]}/${slug}`);
    oldPaths.add(`/${slug}`);
  }
  return [...oldPaths];
}

/** Co-Authors Plus's guest author (a `guest-author` item and its `cap-*` fields): a guest contributor. */
function guestAuthorRecords(
  node: Node,
  sourceId: string,
  title: string,
  context: ItemContext,
): SourceRecord[] {
  const meta = postMeta(node);
  const login = meta.get("cap-user_login")?.trim() || decodeSlug(text(node, "wp:post_name"));
  if (!login) return unsupported("guest", sourceId, title, "no login to match bylines by");
  const thumbnailId = meta.get("_thumbnail_id")?.trim();
  return [
    {
      type: "guest",
      value: {
        sourceId,
        login: login.replace(/^cap-/, ""),
        name: meta.get("cap-display_name")?.trim() || title || login,
        bio: meta.get("cap-description") ?? "",
        website: meta.get("cap-website") ?? "",
        photo: thumbnailId ? (context.attachments.byId.get(thumbnailId) ?? null) : null,
      },
    },
  ];
}

function postMeta(node: Node): Map<string, string> {
  const meta = new Map<string, string>();
  for (const m of node.children) {
    if (m.ns + m.name === "wp:postmeta") meta.set(text(m, "wp:meta_key"), raw(m, "wp:meta_value"));
  }
  return meta;
}

/** A WordPress page becomes a page at `/{slug}`; its comments are reported (pages take none). */
function pageRecords(
  node: Node,
  sourceId: string,
  title: string,
  date: Date,
  context: ItemContext,
): SourceRecord[] {
  const wpStatus = text(node, "wp:status");
  const status = pageStatus(wpStatus);
  if (!status) return unsupported("page", sourceId, title, `status "${wpStatus}" is not imported`);
  const mapped = unlessProtected(status, node);
  const linkPath = pathOf(text(node, "link"));
  const remarks: string[] = [];
  const html = cleanWordPressHtml(raw(node, "content:encoded"), {
    ...context,
    postId: text(node, "wp:post_id"),
    remarks,
  });
  return [
    {
      type: "page",
      value: {
        sourceId,
        title,
        slug: decodeSlug(text(node, "wp:post_name")),
        status: mapped.status,
        statusNote: mapped.note,
        html,
        remarks,
        summary: raw(node, "excerpt:encoded").trim(),
        date,
        author: text(node, "dc:creator") || null,
        oldPaths: linkPath && !linkPath.includes("?") ? [linkPath] : [],
      },
    },
    ...pageCommentSkips(node),
  ];
}
