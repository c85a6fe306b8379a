/** List-card summary (SPEC §5, §9): over 120 characters → the first 117 plus "...". */
export function truncateSummary(summary: string): string {
  return summary.length > 120 ? `${summary.slice(0, 117)}...` : summary;
}

/** Social card name (SPEC §5): over 50 characters → the first 50 plus "...". */
export function truncateCardName(name: string): string {
  return name.length > 50 ? `${name.slice(0, 50)}...` : name;
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
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, "&")
    .replace(/[ \t]+/g, " ")
    .replace(/\n\s*\n+/g, "\n\n")
    .trim();
}
