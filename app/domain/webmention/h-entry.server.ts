/**
 * What a mention says about itself: the source page's h-entry (microformats2), read with
 * microformats-parser (docs/federation.md "Webmention"). Author name, address and photo; content
 * as text and as HTML cleaned by a strict allowlist (a comment's few inline tags, links marked
 * `nofollow ugc`); published date; the entry's own address.
 */
import { mf2 } from "microformats-parser";
import sanitizeHtml from "sanitize-html";
import { httpUrl } from "./urls";

type Root = ReturnType<typeof mf2>["items"][number];
type Property = Root["properties"][string][number];

export type MentionEntry = {
  authorName: string | null;
  authorUrl: string | null;
  authorPhoto: string | null;
  text: string;
  html: string | null;
  published: string | null;
  url: string | null;
  /** The addresses the entry likes, reposts and replies to (`like-of`, `repost-of`, `in-reply-to`). */
  responds: Record<ResponseKind, string[]>;
};

/** What an entry can do with a page besides mentioning it. */
export type ResponseKind = "like" | "repost" | "reply";
export type MentionKind = ResponseKind | "mention";

const RESPONSE_PROPERTIES: Record<ResponseKind, string> = {
  like: "like-of",
  repost: "repost-of",
  reply: "in-reply-to",
};

/** Tags a mention's HTML may keep: a comment's inline words, paragraphs, quotes, lists. */
const STRICT: sanitizeHtml.IOptions = {
  allowedTags: [
    "p",
    "br",
    "a",
    "strong",
    "em",
    "b",
    "i",
    "code",
    "pre",
    "blockquote",
    "ul",
    "ol",
    "li",
  ],
  // `rel` is always the one set below; a source's own is replaced.
  allowedAttributes: { a: ["href", "rel"] },
  allowedSchemes: ["http", "https"],
  allowProtocolRelative: false,
  transformTags: {
    a: (tagName, attribs) => ({
      tagName,
      attribs: { ...attribs, rel: "nofollow ugc noopener" },
    }),
  },
};

/** Remote HTML reduced to the strict allowlist; at most `max` characters of input are read. */
export function sanitizeMentionHtml(html: string, max = 20_000): string {
  return sanitizeHtml(html.slice(0, max), STRICT).trim();
}

const isRoot = (p: Property | undefined): p is Root =>
  typeof p === "object" && p !== null && "properties" in p;

/** A property's text: a string, an image's address, HTML's text, an embedded item's value. */
function text(p: Property | undefined): string | null {
  if (p === undefined) return null;
  if (typeof p === "string") return p.trim() || null;
  if (isRoot(p)) return typeof p.value === "string" ? p.value.trim() || null : null;
  if ("html" in p) return p.value.trim() || null;
  return p.value?.trim() || null;
}

const first = (item: Root, name: string) => item.properties[name]?.[0];

/** The first h-entry of the page: at the top, or inside an h-feed. */
function findEntry(items: Root[]): Root | undefined {
  for (const item of items) {
    if (item.type?.includes("h-entry")) return item;
  }
  for (const item of items) {
    const inner = findEntry(item.children ?? []);
    if (inner) return inner;
  }
  return undefined;
}

/** Collapses white space; cuts at `max` characters on a word boundary with an ellipsis. */
export function excerptText(value: string, max = 500): string {
  const flat = value.replace(/\s+/g, " ").trim();
  if (flat.length <= max) return flat;
  const cut = flat.slice(0, max - 1);
  const space = cut.lastIndexOf(" ");
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** A property's addresses: plain URLs, or the `url` of an embedded h-cite. */
function addresses(item: Root, name: string, baseUrl: string): string[] {
  const found: string[] = [];
  for (const value of item.properties[name] ?? []) {
    // An h-cite names its address in `url`, or as its own value (`class="u-like-of h-cite"`).
    const raw = isRoot(value) ? (text(value.properties.url?.[0]) ?? text(value)) : text(value);
    const url = raw ? httpUrl(raw, baseUrl) : null;
    if (url) found.push(url);
  }
  return found;
}

/**
 * What the entry does with `target`: a like or repost of it, a reply to it, or (naming it in none
 * of those, or with no entry at all) a mention. A like wins over a repost, a repost over a reply.
 */
export function mentionKind(entry: MentionEntry | null, target: string): MentionKind {
  const wanted = httpUrl(target);
  if (!entry || !wanted) return "mention";
  for (const kind of ["like", "repost", "reply"] as const) {
    if (entry.responds[kind].includes(wanted)) return kind;
  }
  return "mention";
}

/** The source page's h-entry, or null when it has none. `baseUrl` resolves its addresses. */
export function readEntry(html: string, baseUrl: string): MentionEntry | null {
  let parsed: ReturnType<typeof mf2>;
  try {
    parsed = mf2(html, { baseUrl });
  } catch {
    return null;
  }
  const entry = findEntry(parsed.items);
  if (!entry) return null;
  const author = first(entry, "author");
  const card = isRoot(author) ? author : null;
  const content = first(entry, "content");
  const contentHtml =
    typeof content === "object" && content !== null && "html" in content ? content.html : null;
  const url = (value: string | null) => (value ? httpUrl(value, baseUrl) : null);
  const authorText = card ? text(first(card, "name")) : text(author);
  return {
    // An author given as a bare address is a URL, not a name.
    authorName: authorText && !/^https?:\/\//i.test(authorText) ? authorText : null,
    authorUrl: url(
      card ? text(first(card, "url")) : /^https?:/i.test(authorText ?? "") ? authorText : null,
    ),
    authorPhoto: card ? url(text(first(card, "photo"))) : null,
    text: text(content) ?? text(first(entry, "summary")) ?? text(first(entry, "name")) ?? "",
    html: contentHtml ? sanitizeMentionHtml(contentHtml) || null : null,
    published: text(first(entry, "published")),
    url: url(text(first(entry, "url"))),
    responds: {
      like: addresses(entry, RESPONSE_PROPERTIES.like, baseUrl),
      repost: addresses(entry, RESPONSE_PROPERTIES.repost, baseUrl),
      reply: addresses(entry, RESPONSE_PROPERTIES.reply, baseUrl),
    },
  };
}
