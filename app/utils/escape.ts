/**
 * Escaping text for markup, in one place: every module that writes HTML or XML by hand uses these,
 * so a value can never become markup.
 */

const HTML_ENTITIES: Record<string, string> = {
  "&": "&amp;",
  "<": "&lt;",
  ">": "&gt;",
  '"': "&quot;",
  "'": "&#39;",
};

/** Text or a (quoted) attribute value for HTML: `& < > " '` as entities. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

/**
 * Text between tags, escaped as a browser serialises it (`& < >` only): markup that must read back
 * byte for byte through the editor, which writes quotes as they are.
 */
export function escapeText(value: string): string {
  return value.replace(/[&<>]/g, (c) => HTML_ENTITIES[c] ?? c);
}

/** Text or an attribute value for XML: escaped, characters XML 1.0 forbids dropped. */
export function escapeXml(value: string): string {
  return value
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;")
    .replace(/'/g, "&apos;")
    .replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD]/gu, "");
}
