/**
 * WordPress post content to HTML the sanitiser then cleans: block-editor
 * comments removed, the common shortcodes turned into HTML (`[caption]`,
 * `[gallery]`, `[embed]`, `[audio]`, `[video]`), any other shortcode's tags
 * dropped (its inner text kept) with a note in the report, and classic-editor
 * text (blank lines between paragraphs) given its paragraphs, as WordPress
 * shows it. These are text rules over the post's HTML, not over the XML.
 * Comments become plain text (`commentText`).
 */
import { htmlToText } from "~/utils/text";

const BLOCK_COMMENT = /<!--\s*\/?wp:[\s\S]*?-->/g;
const BLOCK_TAG =
  /^<(p|div|h[1-6]|ul|ol|li|blockquote|pre|figure|table|thead|tbody|tr|td|th|hr|dl|dt|dd|section|article|aside|header|footer|address|iframe|video|audio|form|details|hr)[\s>/]/i;

function escapeAttr(value: string): string {
  return value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
}

function attrsOf(source: string): Record<string, string> {
  const attrs: Record<string, string> = {};
  const pattern = /([a-zA-Z_][\w-]*)\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s\]]+))/g;
  for (let m = pattern.exec(source); m; m = pattern.exec(source)) {
    attrs[m[1].toLowerCase()] = m[2] ?? m[3] ?? m[4] ?? "";
  }
  return attrs;
}

function caption(attrs: Record<string, string>, inner: string): string {
  // [caption]<a><img></a> Caption text[/caption]: the caption is the text after the image.
  const match = /^\s*((?:<a\b[^>]*>\s*)?<img\b[^>]*>(?:\s*<\/a>)?)([\s\S]*)$/i.exec(inner);
  const media = match ? match[1] : "";
  const text = (match ? match[2] : inner).trim() || attrs.caption || "";
  return `<figure>${media}${text ? `<figcaption>${text}</figcaption>` : ""}</figure>`;
}

function gallery(attrs: Record<string, string>, attachments: Map<string, string>): string {
  const ids = (attrs.ids ?? attrs.include ?? "")
    .split(",")
    .map((s) => s.trim())
    .filter(Boolean);
  const images = ids
    .map((id) => attachments.get(id))
    .filter((url): url is string => Boolean(url))
    .map((url) => `<img src="${escapeAttr(url)}" alt="">`);
  return images.length > 0 ? `<figure class="gallery">${images.join("")}</figure>` : "";
}

function mediaLink(url: string, label: string): string {
  return url ? `<p><a href="${escapeAttr(url)}">${label}: ${escapeAttr(url)}</a></p>` : "";
}

/**
 * Shortcodes: `[name attrs]inner[/name]` or `[name attrs]`. Only a pair, or a
 * tag with attributes, counts as a shortcode: "[1]" or "[sic]" stay text.
 */
export function replaceShortcodes(
  html: string,
  attachments: Map<string, string>,
  notes: Set<string>,
): string {
  const paired = /\[([a-z][a-z0-9_-]*)((?:\s[^\]]*)?)\]([\s\S]*?)\[\/\1\]/gi;
  const single = /\[([a-z][a-z0-9_-]*)(\s[^\]]*=[^\]]*)\]/gi;
  const render = (name: string, rawAttrs: string, inner: string | null): string => {
    const attrs = attrsOf(rawAttrs);
    switch (name.toLowerCase()) {
      case "caption":
      case "wp_caption":
        return caption(attrs, inner ?? "");
      case "gallery":
        return gallery(attrs, attachments);
      case "embed":
        return mediaLink((inner ?? attrs.src ?? "").trim(), "Embedded");
      case "audio":
        return mediaLink(attrs.src ?? attrs.mp3 ?? attrs.m4a ?? attrs.ogg ?? inner ?? "", "Audio");
      case "video":
        return mediaLink(attrs.src ?? attrs.mp4 ?? attrs.webm ?? inner ?? "", "Video");
      default:
        notes.add(`Shortcode [${name}] is not supported: its tags were dropped, its text kept`);
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
  return out.replace(single, (_m, name, attrs) => render(name, attrs, null));
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

export function cleanWordPressHtml(
  html: string,
  attachments: Map<string, string>,
  notes: Set<string>,
): string {
  const withoutBlocks = html.replace(BLOCK_COMMENT, "");
  return autoParagraphs(replaceShortcodes(withoutBlocks, attachments, notes));
}

/**
 * A comment's text as plain text: line breaks and paragraphs kept, a link's
 * address written after its words (the comment renderer links addresses),
 * entities decoded. Markup is dropped, never kept.
 */
export function commentText(html: string): string {
  const linked = html.replace(
    /<a\s[^>]*href\s*=\s*["']([^"']+)["'][^>]*>([\s\S]*?)<\/a>/gi,
    (_m, href: string, words: string) => {
      const label = htmlToText(words).trim();
      return /^https?:\/\//i.test(href) && label !== href ? `${label} (${href})` : label || href;
    },
  );
  return htmlToText(linked.replace(/<\/p>/gi, "\n\n"));
}
