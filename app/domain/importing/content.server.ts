/**
 * WordPress post content to HTML the sanitiser then cleans: block-editor
 * comments removed, the common shortcodes turned into HTML (`[caption]`,
 * `[gallery]`, `[embed]`, `[audio]`, `[video]`, bare or with a positional
 * address as well as with attributes), one with nothing to show dropped with
 * a remark on the post's report line, any other shortcode's tags dropped (its
 * inner text kept) with a note in the report, and classic-editor text (blank
 * lines between paragraphs) given its paragraphs, as WordPress shows it.
 * These are text rules over the post's HTML, not over the XML
 * (docs/behaviour.md §import). Comments become plain text (`commentText`).
 */

import { escapeHtml } from "~/utils/escape";
import { htmlToText } from "~/utils/text";
import { decodeEntities } from "./entities";

const BLOCK_COMMENT = /<!--\s*\/?wp:[\s\S]*?-->/g;
const BLOCK_TAG =
  /^<(p|div|h[1-6]|ul|ol|li|blockquote|pre|figure|table|thead|tbody|tr|td|th|hr|dl|dt|dd|section|article|aside|header|footer|address|iframe|video|audio|form|details|hr)[\s>/]/i;

/** The export's attachments, for featured images and galleries. */
export type WpAttachments = {
  /** Attachment id → file address. */
  byId: Map<string, string>;
  /** Post id → its attached images (id and address), in WordPress's gallery order. */
  imagesOf: Map<string, { id: string; url: string }[]>;
};

/** What one post's content is read with, and where remarks about it go. */
export type WpContent = {
  attachments: WpAttachments;
  /** The post's own id: a gallery without ids shows its attached images. */
  postId: string;
  /** File-wide notes (a shortcode this importer does not know). */
  notes: Set<string>;
  /** Remarks on this post (a shortcode dropped), for its report line. */
  remarks: string[];
};

const ATTR = /([a-zA-Z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+))/g;

function attrsOf(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  for (const m of source.matchAll(ATTR)) attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  // A positional address (`[audio https://…/a.mp3]`) is the source.
  const positional = /(?:^|\s)(https?:\/\/[^\s"'\]]+)/.exec(source.replace(ATTR, " "));
  if (positional) attrs[""] = positional[1];
  return attrs;
}

function caption(attrs: Record<string, string>, inner: string): string {
  // [caption]<a><img></a> Caption text[/caption]: the caption is the text after the image.
  const match = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
  const media = match ? match[1] : "";
  const text = (match ? match[2] : inner).trim() || attrs.caption || "";
  return `<figure>${media}${text ? `<figcaption>${text}</figcaption>` : ""}</figure>`;
}

const idList = (value: string | undefined) =>
  (value ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);

/**
 * `[gallery ids="…"]` shows those attachments; without ids, as in WordPress,
 * the images attached to the post (or to the post `id` names), less `exclude`.
 */
function gallery(attrs: Record<string, string>, c: WpContent): string {
  const ids = idList(attrs.ids ?? attrs.include);
  const excluded = new Set(idList(attrs.exclude));
  const urls =
    ids.length > 0
      ? ids.map((id) => c.attachments.byId.get(id))
      : (c.attachments.imagesOf.get(attrs.id || c.postId) ?? [])
          .filter((image) => !excluded.has(image.id))
          .map((image) => image.url);
  const images = urls
    .filter((url): url is string => Boolean(url))
    .map((url) => `<img src="${escapeHtml(url)}" alt="">`);
  if (images.length === 0) return dropped(c, "gallery", "no images in the export");
  return `<figure class="gallery">${images.join("")}</figure>`;
}

function mediaLink(c: WpContent, name: string, url: string, label: string): string {
  const address = url.trim();
  if (!address) return dropped(c, name, "no file address");
  return `<p><a href="${escapeHtml(address)}">${label}: ${escapeHtml(address)}</a></p>`;
}

function dropped(c: WpContent, name: string, why: string): string {
  c.remarks.push(`a [${name}] with ${why} was dropped`);
  return "";
}

/** Shortcodes taken bare or with a positional address (`[gallery]`, `[audio https://…]`). */
const KNOWN = "gallery|audio|video|embed";

/**
 * Shortcodes: `[name attrs]inner[/name]` or `[name attrs]`. Only a pair, a
 * tag with attributes, or a shortcode this importer knows counts as a
 * shortcode: "[1]" or "[sic]" stay text.
 */
export function replaceShortcodes(html: string, c: WpContent): string {
  const paired = /\[([a-z][a-z0-9_-]*)((?:\s[^\]]*)?)\]([\s\S]*?)\[\/\1\]/gi;
  const single = new RegExp(
    `\\[(?:(${KNOWN})((?:\\s[^\\]]*)?)|([a-z][a-z0-9_-]*)(\\s[^\\]]*=[^\\]]*))\\]`,
    "gi",
  );
  const render = (name: string, rawAttrs: string, inner: string | null): string => {
    const attrs = attrsOf(rawAttrs);
    const source = (...keys: string[]) =>
      keys.map((k) => attrs[k]).find(Boolean) ?? attrs[""] ?? inner ?? "";
    switch (name.toLowerCase()) {
      case "caption":
      case "wp_caption":
        return caption(attrs, inner ?? "");
      case "gallery":
        return gallery(attrs, c);
      case "embed":
        return mediaLink(c, "embed", inner ?? source("src"), "Embedded");
      case "audio":
        return mediaLink(c, "audio", source("src", "mp3", "m4a", "ogg", "wav"), "Audio");
      case "video":
        return mediaLink(c, "video", source("src", "mp4", "webm", "ogv", "m4v"), "Video");
      default:
        c.notes.add(`Shortcode [${name}] is not supported: its tags were dropped, its text kept`);
        return inner ?? "";
    }
  };
  let out = html;
  // Inner pairs first ([caption] inside a column shortcode…), a few rounds at most.
  for (let round = 0; round < 4; round++) {
    const next = out.replace(paired, (_m, name, attrs, inner) => render(name, attrs, inner));
    if (next === out) break;
    out = next;
  }
  return out.replace(single, (_m, known, knownAttrs, name, attrs) =>
    render(known ?? name, known ? knownAttrs : attrs, null),
  );
}

/**
 * Classic-editor text to paragraphs (what WordPress's `wpautop` does when it
 * shows a post): text separated by blank lines becomes `<p>`s, single line
 * breaks `<br>`, and blocks already in HTML stay as they are.
 */
export function autoParagraphs(html: string): string {
  if (!/\n\s*\n/.test(html) && /^\s*</.test(html)) return html;
  const chunks = html.replace(/\r\n?/g, "\n").split(/\n\s*\n/);
  return chunks
    .map((chunk) => chunk.trim())
    .filter(Boolean)
    .map((chunk) => {
      if (BLOCK_TAG.test(chunk) || /<pre[\s>]/i.test(chunk)) return chunk;
      return `<p>${chunk.replace(/\n/g, "<br>\n")}</p>`;
    })
    .join("\n");
}

export function cleanWordPressHtml(html: string, c: WpContent): string {
  const withoutBlocks = html.replace(BLOCK_COMMENT, "");
  return autoParagraphs(replaceShortcodes(withoutBlocks, c));
}

/** Where a block begins or ends, a comment's text breaks the line (one break for a run of them). */
const BLOCK_EDGE =
  /<\/?(?:address|article|aside|blockquote|caption|dd|div|dl|dt|figcaption|figure|footer|h[1-6]|header|hr|li|ol|pre|section|table|tbody|tfoot|thead|tr|ul)\b[^>]*>/gi;
const EDGE = "\u0001";

/**
 * A comment's text as plain text: line breaks and paragraphs kept, a line
 * break where a block begins or ends and a space between table cells, a
 * link's address written after its words (the comment renderer links
 * addresses) and parted from the text that follows, entities decoded. Markup
 * is dropped, never kept.
 */
export function commentText(html: string): string {
  const linked = html.replace(
    /<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>(?=(<[^>]*>)*([^<\s]?))/gi,
    (_m, href: string, words: string, _tag, next: string) => {
      const label = htmlToText(words).trim();
      const text =
        /^https?:\/\//i.test(href) && label !== href ? `${label} (${href})` : label || href;
      return next && /[\p{L}\p{N}]/u.test(next) ? `${text} ` : text;
    },
  );
  const broken = linked
    .replace(/<\/p>/gi, "\n\n")
    .replace(/<\/t[dh]>/gi, " ")
    .replace(BLOCK_EDGE, EDGE)
    .replace(new RegExp(`${EDGE}(?:\\s*${EDGE})*`, "g"), "\n");
  return htmlToText(decodeEntities(broken, true));
}
