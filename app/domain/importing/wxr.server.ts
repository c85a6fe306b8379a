/**
 * Reads a WordPress export (WXR 1.0–1.2) as WordPress's own importer does,
 * streamed through a namespace-aware XML parser (saxes): the file is never
 * held whole, CDATA and entities arrive decoded, and elements are matched by
 * namespace URI, not prefix (a `wp:` prefix bound to another URI is ignored).
 * A file that is not well-formed XML, has no `<channel>`, or has no valid
 * `wp:wxr_version` is refused with WordPress's message (docs/behaviour.md §import).
 *
 * The channel's authors and terms come first, then one `<item>` at a time;
 * `readWxr` calls `emit` for each record as it is read.
 */
import { createReadStream } from "node:fs";
import { SaxesParser } from "saxes";
import type { CommentStatus } from "~/domain/comments/vocabulary";
import { badRequest } from "~/domain/errors.server";
import type { PageStatus } from "~/domain/pages/vocabulary";
import type { PostStatus } from "~/domain/posts/statuses";
import { cleanWordPressHtml, commentText } from "./content.server";
import type { Inspection, SourceRecord, TermRef } from "./records";
import { scheduledFor } from "./statuses";

const WP_NS = /^https?:\/\/wordpress\.org\/export\/1\.[0-9]+\/$/;
const EXCERPT_NS = /^https?:\/\/wordpress\.org\/export\/1\.[0-9]+\/excerpt\/$/;
const CONTENT_NS = "http://purl.org/rss/1.0/modules/content/";
const DC_NS = "http://purl.org/dc/elements/1.1/";

type Node = {
  /** `wp:`, `content:`, `excerpt:`, `dc:` or "" (RSS, no namespace). */
  ns: string;
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: Node[];
};

function nsKey(uri: string): string {
  if (WP_NS.test(uri)) return "wp:";
  if (EXCERPT_NS.test(uri)) return "excerpt:";
  if (uri === CONTENT_NS) return "content:";
  if (uri === DC_NS) return "dc:";
  return uri ? `{${uri}}` : "";
}

const child = (node: Node, key: string) => node.children.find((c) => c.ns + c.name === key);
const text = (node: Node, key: string) => (child(node, key)?.text ?? "").trim();
const raw = (node: Node, key: string) => child(node, key)?.text ?? "";

export const NOT_WXR = "This does not appear to be a WXR file, missing/invalid WXR version number";

type Header = { version: string | null; baseUrl: string; title: string; sawChannel: boolean };

/**
 * Streams the file, calling `onNode` with each channel-level author, term and
 * item as a small tree. Throws a 400 DomainError for a broken or non-WXR file.
 */
async function walk(
  path: string,
  onNode: (node: Node, header: Header) => void,
  repair = false,
): Promise<Header> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const header: Header = { version: null, baseUrl: "", title: "", sawChannel: false };
  const stack: Node[] = [];
  let rootName: string | null = null;
  let failure: Error | null = null;
  parser.on("error", (error) => {
    // A "]]>" left in text (a CDATA section nested in another) is read as text, as WordPress does.
    if (error.message.includes('"]]>" is disallowed')) return;
    failure ??= error;
  });
  parser.on("opentag", (tag) => {
    const node: Node = {
      ns: nsKey(tag.uri ?? ""),
      name: tag.local ?? tag.name,
      attrs: Object.fromEntries(
        Object.values(tag.attributes).map((a) => [
          typeof a === "string" ? "" : a.local,
          typeof a === "string" ? a : a.value,
        ]),
      ),
      text: "",
      children: [],
    };
    if (rootName === null) rootName = node.name;
    if (stack.length === 1 && node.ns === "" && node.name === "channel") header.sawChannel = true;
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  const onText = (value: string) => {
    const top = stack.at(-1);
    // Only leaves keep text: whitespace between an item's children is not content.
    if (top && stack.length > 2) top.text += value;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    const node = stack.pop();
    if (!node) return;
    const parent = stack.at(-1);
    // Depth 2 = a child of <channel> (rss > channel > node).
    if (stack.length === 2 && parent?.name === "channel") {
      const key = node.ns + node.name;
      if (key === "wp:wxr_version") header.version = node.text.trim();
      else if (key === "wp:base_site_url") header.baseUrl = node.text.trim();
      else if (key === "link" && !header.baseUrl) header.baseUrl = node.text.trim();
      else if (key === "title") header.title = node.text.trim();
      else onNode(node, header);
      parent.children.pop(); // handled: the channel never grows with the file
    }
  });
  let carry = "";
  for await (const chunk of createReadStream(path, { encoding: "utf8" })) {
    let piece = carry + (chunk as string);
    carry = "";
    if (repair) {
      // An "&" near the end may start an entity the next chunk finishes.
      const amp = piece.lastIndexOf("&");
      if (amp >= 0 && amp > piece.length - 12 && !piece.slice(amp).includes(";")) {
        carry = piece.slice(amp);
        piece = piece.slice(0, amp);
      }
      piece = escapeBareAmpersands(piece);
    }
    parser.write(piece);
    if (failure) break;
  }
  if (!failure && carry) parser.write(escapeBareAmpersands(carry));
  if (!failure) parser.close();
  if (failure) {
    throw badRequest(
      `The file is not a readable WordPress export: ${(failure as Error).message.split("\n")[0]}`,
    );
  }
  if (rootName !== "rss" || !header.sawChannel) {
    throw badRequest(`${NOT_WXR} (no <rss><channel>)`);
  }
  if (!header.version || !/^\d+\.\d+$/.test(header.version)) throw badRequest(NOT_WXR);
  return header;
}

/**
 * The one repair tried on a file that is not well-formed: an "&" that starts
 * no entity (an unescaped address query, "Q&A") is escaped. Only characters
 * are changed, nothing is parsed; a file still broken after it is refused.
 */
function escapeBareAmpersands(text: string): string {
  return text.replace(/&(?!(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);)/g, "&amp;");
}

const isUnreadable = (error: unknown) =>
  error instanceof Error && error.message.startsWith("The file is not a readable");

/** Is this file (its first bytes) a WordPress export? */
export function looksLikeWxr(head: string): boolean {
  return /<rss[\s>]/.test(head) && /wordpress\.org\/export\//.test(head);
}

function sourceOf(header: Header): string {
  return `wordpress:${header.baseUrl.replace(/\/+$/, "") || header.title || "unnamed"}`;
}

/**
 * First pass: validates, counts the items and collects attachment URLs (for
 * featured images and galleries). A file that is not well-formed is read once
 * more with bare "&"s escaped; `repair` says the second pass must do the same.
 */
export async function inspectWxr(
  path: string,
): Promise<Inspection & { attachments: Map<string, string>; repair: boolean }> {
  let total = 0;
  let attachments = new Map<string, string>();
  const onNode = (node: Node) => {
    const key = node.ns + node.name;
    if (key === "wp:author" || key === "wp:category" || key === "wp:tag" || key === "wp:term") {
      total += 1;
    } else if (key === "item") {
      // The item and each of its comments.
      total += 1 + comments(node).length;
      const url = text(node, "wp:attachment_url");
      if (text(node, "wp:post_type") === "attachment" && url) {
        attachments.set(text(node, "wp:post_id"), url);
      }
    }
  };
  let header: Header;
  let repair = false;
  try {
    header = await walk(path, onNode);
  } catch (error) {
    if (!isUnreadable(error)) throw error;
    total = 0;
    attachments = new Map();
    repair = true;
    header = await walk(path, onNode, true);
  }
  const notes = [`WXR version ${header.version}${header.title ? `, "${header.title}"` : ""}`];
  if (repair) notes.push('The file was not well-formed XML: unescaped "&" characters were escaped');
  return { total, source: sourceOf(header), notes, attachments, repair };
}

/** WordPress dates are "YYYY-MM-DD HH:MM:SS" (site time, or GMT for the _gmt field). */
function wpDate(value: string, gmt: string, pubDate: string): Date {
  const pick = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
  if (pick.test(gmt) && !gmt.startsWith("0000")) return new Date(`${gmt.replace(" ", "T")}Z`);
  if (pick.test(value) && !value.startsWith("0000")) return new Date(`${value.replace(" ", "T")}Z`);
  const parsed = pubDate ? new Date(pubDate) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date();
}

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
): { status: PostStatus; note?: string; publishAt?: Date } | null {
  switch (status) {
    case "publish":
      return { status: "published" };
    case "draft":
      return { status: "draft" };
    case "pending":
      return { status: "reviewing" };
    case "future":
      return scheduledFor(date, now, "WordPress");
    case "private":
      return { status: "draft", note: "private in WordPress; imported as a draft" };
    case "trash":
      return { status: "trash" };
    default:
      return null;
  }
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

function itemRecords(
  node: Node,
  attachments: Map<string, string>,
  notes: Set<string>,
): SourceRecord[] {
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
    if (!url) {
      return [
        { type: "skip", value: { kind: "media", sourceId, title, reason: "no file address" } },
      ];
    }
    return [{ type: "media", value: { sourceId, url, title, date } }];
  }
  if (type === "page") return pageRecords(node, sourceId, title, date, notes);
  if (type !== "post") {
    const kind = type === "nav_menu_item" ? "menu item" : type;
    const reason =
      type === "nav_menu_item" ? "menus are not imported" : `post type "${type}" is not imported`;
    return [{ type: "skip", value: { kind, sourceId, title: title || `#${id}`, reason } }];
  }
  const wpStatus = text(node, "wp:status");
  const mapped = mapWpStatus(wpStatus, date);
  if (!mapped) {
    return [
      {
        type: "skip",
        value: { kind: "post", sourceId, title, reason: `status "${wpStatus}" is not imported` },
      },
    ];
  }
  const categories: TermRef[] = [];
  const tags: TermRef[] = [];
  for (const c of node.children) {
    if (c.ns !== "" || c.name !== "category") continue;
    const ref = { slug: c.attrs.nicename ?? "", name: c.text.trim() };
    if (!ref.name && !ref.slug) continue;
    if (c.attrs.domain === "category") categories.push(ref);
    else if (c.attrs.domain === "post_tag" || c.attrs.domain === "tag") tags.push(ref);
  }
  const meta = new Map<string, string>();
  for (const m of node.children) {
    if (m.ns + m.name === "wp:postmeta") meta.set(text(m, "wp:meta_key"), raw(m, "wp:meta_value"));
  }
  const thumbnailId = meta.get("_thumbnail_id")?.trim();
  const slug = decodeSlug(text(node, "wp:post_name"));
  const oldPaths = new Set<string>();
  const linkPath = pathOf(text(node, "link"));
  if (linkPath) oldPaths.add(linkPath);
  if (id) oldPaths.add(`/?p=${id}`);
  const guidPath = pathOf(guid);
  if (guidPath && /[?&]p=\d+/.test(guidPath)) oldPaths.add(`/?p=${id}`);
  if (slug) {
    const d = date.toISOString().slice(0, 10).split("-");
    oldPaths.add(`/${d[0]}/${d[1]}/${d[2]}/${slug}`);
    oldPaths.add(`/${d[0]}/${d[1]}/${slug}`);
    oldPaths.add(`/${slug}`);
  }
  const records: SourceRecord[] = [
    {
      type: "post",
      value: {
        sourceId,
        title,
        slug,
        status: mapped.status,
        statusNote: mapped.note,
        publishAt: mapped.publishAt,
        html: cleanWordPressHtml(raw(node, "content:encoded"), attachments, notes),
        excerpt: raw(node, "excerpt:encoded").trim(),
        date,
        author: text(node, "dc:creator") || null,
        category: categories[0] ?? null,
        extraCategories: categories.slice(1),
        tags,
        featureImage: thumbnailId ? (attachments.get(thumbnailId) ?? null) : null,
        oldPaths: [...oldPaths],
      },
    },
  ];
  records.push(...commentRecords(node, sourceId));
  return records;
}

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

/** A WordPress page becomes a page at `/{slug}`; its comments are reported (pages take none). */
function pageRecords(
  node: Node,
  sourceId: string,
  title: string,
  date: Date,
  notes: Set<string>,
): SourceRecord[] {
  const wpStatus = text(node, "wp:status");
  const mapped = pageStatus(wpStatus);
  if (!mapped) {
    return [
      {
        type: "skip",
        value: { kind: "page", sourceId, title, reason: `status "${wpStatus}" is not imported` },
      },
    ];
  }
  const slug = decodeSlug(text(node, "wp:post_name"));
  const linkPath = pathOf(text(node, "link"));
  const records: SourceRecord[] = [
    {
      type: "page",
      value: {
        sourceId,
        title,
        slug,
        status: mapped.status,
        statusNote: mapped.note,
        html: cleanWordPressHtml(raw(node, "content:encoded"), new Map(), notes),
        summary: raw(node, "excerpt:encoded").trim(),
        date,
        author: text(node, "dc:creator") || null,
        oldPaths: linkPath && !linkPath.includes("?") ? [linkPath] : [],
      },
    },
  ];
  for (const c of comments(node)) {
    records.push({
      type: "skip",
      value: {
        kind: "comment",
        sourceId: text(c, "wp:comment_id"),
        title: text(c, "wp:comment_author"),
        reason: "a comment on a page (pages take no comments here)",
      },
    });
  }
  return records;
}

const comments = (node: Node) => node.children.filter((c) => c.ns + c.name === "wp:comment");

/** `comment_approved`; an export without it (older files) leaves the comment to moderation. */
const COMMENT_STATUS: Record<string, CommentStatus> = {
  "": "pending",
  "1": "approved",
  approve: "approved",
  "0": "pending",
  hold: "pending",
  spam: "spam",
  trash: "trash",
  "post-trashed": "trash",
};

/**
 * A post's comments, parents before their replies. Pingbacks and trackbacks
 * are reported, not kept: they are not readers' comments.
 */
function commentRecords(node: Node, postSourceId: string): SourceRecord[] {
  const pending = comments(node).map((c) => ({
    id: text(c, "wp:comment_id"),
    parent: text(c, "wp:comment_parent"),
    node: c,
  }));
  const ids = new Set(pending.map((c) => c.id));
  const placed = new Set<string>();
  const ordered: typeof pending = [];
  // A parent listed later in the file is written first; a loop or a missing parent ends the wait.
  while (pending.length > 0) {
    const index = pending.findIndex(
      (c) => !c.parent || c.parent === "0" || placed.has(c.parent) || !ids.has(c.parent),
    );
    const [next] = pending.splice(index === -1 ? 0 : index, 1);
    placed.add(next.id);
    ordered.push(next);
  }
  return ordered.map(({ id, parent, node: c }): SourceRecord => {
    const kind = text(c, "wp:comment_type");
    const name = text(c, "wp:comment_author");
    if (kind === "pingback" || kind === "trackback") {
      return {
        type: "skip",
        value: { kind: "comment", sourceId: id, title: name, reason: `a ${kind}, not a comment` },
      };
    }
    const approved = text(c, "wp:comment_approved");
    const status = COMMENT_STATUS[approved];
    if (!status) {
      return {
        type: "skip",
        value: {
          kind: "comment",
          sourceId: id,
          title: name,
          reason: `status "${approved}" is not imported`,
        },
      };
    }
    return {
      type: "comment",
      value: {
        sourceId: id,
        postSourceId,
        parentSourceId: parent && parent !== "0" ? parent : null,
        name,
        email: text(c, "wp:comment_author_email"),
        url: text(c, "wp:comment_author_url"),
        body: commentText(raw(c, "wp:comment_content")),
        status,
        date: wpDate(text(c, "wp:comment_date"), text(c, "wp:comment_date_gmt"), ""),
      },
    };
  });
}

/** WordPress keeps non-ASCII slugs percent-encoded. */
function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}

/** Second pass: every author, term and item, in file order. */
export async function readWxr(
  path: string,
  attachments: Map<string, string>,
  emit: (record: SourceRecord) => void,
  notes: Set<string>,
  repair = false,
): Promise<void> {
  // A child category's WordPress archive is /category/parent/child/.
  const categoryPaths = new Map<string, string>();
  await walk(
    path,
    (node) => {
      const key = node.ns + node.name;
      if (key === "wp:author") {
        const login = text(node, "wp:author_login");
        const first = text(node, "wp:author_first_name");
        const last = text(node, "wp:author_last_name");
        const name =
          text(node, "wp:author_display_name") || [first, last].filter(Boolean).join(" ") || login;
        emit({
          type: "author",
          value: {
            sourceId: text(node, "wp:author_id") || login,
            login,
            email: text(node, "wp:author_email") || null,
            name,
          },
        });
      } else if (key === "wp:category") {
        const slug = decodeSlug(text(node, "wp:category_nicename"));
        const parent = decodeSlug(text(node, "wp:category_parent"));
        const path = `${parent ? (categoryPaths.get(parent) ?? `/category/${parent}`) : "/category"}/${slug}`;
        categoryPaths.set(slug, path);
        emit({
          type: "term",
          value: {
            kind: "category",
            sourceId: text(node, "wp:term_id") || slug,
            slug,
            name: text(node, "wp:cat_name") || slug,
            description: text(node, "wp:category_description"),
            oldPaths: [...new Set([path, `/category/${slug}`])],
          },
        });
      } else if (key === "wp:tag") {
        const slug = decodeSlug(text(node, "wp:tag_slug"));
        emit({
          type: "term",
          value: {
            kind: "tag",
            sourceId: text(node, "wp:term_id") || slug,
            slug,
            name: text(node, "wp:tag_name") || slug,
            description: text(node, "wp:tag_description"),
            oldPaths: [`/tag/${slug}`],
          },
        });
      } else if (key === "wp:term") {
        const taxonomy = text(node, "wp:term_taxonomy");
        const slug = decodeSlug(text(node, "wp:term_slug"));
        const name = text(node, "wp:term_name") || slug;
        if (taxonomy === "category" || taxonomy === "post_tag") {
          emit({
            type: "term",
            value: {
              kind: taxonomy === "category" ? "category" : "tag",
              sourceId: text(node, "wp:term_id") || slug,
              slug,
              name,
              description: text(node, "wp:term_description"),
            },
          });
        } else {
          emit({
            type: "skip",
            value: {
              kind: "term",
              sourceId: text(node, "wp:term_id") || slug,
              title: name,
              reason: `taxonomy "${taxonomy}" is not imported`,
            },
          });
        }
      } else if (key === "item") {
        for (const record of itemRecords(node, attachments, notes)) emit(record);
      }
    },
    repair,
  );
}
