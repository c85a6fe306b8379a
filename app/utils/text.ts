/** List-card summary (docs/behaviour.md §reading): over 120 characters → the first 117 plus "...". */
export function truncateSummary(summary: string): string {
  return cutAt(summary, 120, 117);
}

/**
 * Over `limit` characters → the first `keep` plus "...". Counted in code
 * points, so an emoji or other astral character is never cut in half.
 */
function cutAt(text: string, limit: number, keep: number): string {
  if (text.length <= limit) return text;
  const chars = Array.from(text);
  return chars.length > limit ? `${chars.slice(0, keep).join("")}...` : text;
}

/** Social card name (docs/behaviour.md §posts): over 50 characters → the first 50 plus "...". */
export function truncateCardName(name: string): string {
  return cutAt(name, 50, 50);
}

/** Plain text of an HTML fragment, for descriptions and e-mail text parts. */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style)[\s\S]*?<\/\1>/gi, "")
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|h[1-6]|li|blockquote|pre)>/gi, "\n")
    .replace(/<[^>]+>/g, "")
    .replace(/&nbsp;/g, " ")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&apos;/g, "'")
    .replace(/&#(?:x([0-9a-f]{1,6})|([0-9]{1,7}));/gi, decodeNumericEntity)
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n\n")
    .trim();
}

/**
 * The running text of a post, for a summary made from it: image and gallery captions and credits
 * (docs/behaviour.md §galleries) are left out, so a summary never starts "Photo: …".
 */
export function proseText(html: string): string {
  return htmlToText(html.replace(/<figcaption\b[\s\S]*?<\/figcaption>/gi, ""));
}

/** `&#233;` / `&#xE9;` → `é`; a code point that is not a character stays as written. */
function decodeNumericEntity(entity: string, hex: string | undefined, dec: string | undefined) {
  const code = hex ? Number.parseInt(hex, 16) : Number(dec);
  return code > 0 && code <= 0x10ffff && (code < 0xd800 || code > 0xdfff)
    ? String.fromCodePoint(code)
    : entity;
}
