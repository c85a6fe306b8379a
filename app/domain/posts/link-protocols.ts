/**
 * The link protocols the editor accepts (docs/behaviour.md §editor, the editor's defaults).
 * Shared by the link dialog (browser) and the server allowlist (sanitize.server.ts).
 */
export const ALLOWED_LINK_PROTOCOLS = [
  "http",
  "https",
  "ftp",
  "ftps",
  "mailto",
  "tel",
  "callto",
  "sms",
  "cid",
  "xmpp",
] as const;

/** rel written on every link the editor makes; the server writes the same value. */
export const LINK_REL = "noopener noreferrer nofollow";

/** Image sources: web addresses only (no data:, no javascript:). Relative paths (/uploads/…) are fine. */
export const ALLOWED_IMAGE_PROTOCOLS = ["http", "https"] as const;

/**
 * The URL as it should be stored, or null when its protocol is not allowed.
 * A URL with no protocol is taken as a web address ("example.com" → "https://example.com");
 * site-relative paths ("/uploads/x.png") stay as they are.
 */
export function normaliseUrl(
  input: string,
  protocols: readonly string[] = ALLOWED_LINK_PROTOCOLS,
): string | null {
  const url = input.trim();
  if (!url) return null;
  // Browsers ignore control characters and whitespace inside a scheme ("java\tscript:").
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping them is the point
  const compact = url.replace(/[\u0000-\u0020\u007f-\u009f]/g, "");
  const scheme = /^([a-z][a-z0-9+.-]*):/i.exec(compact);
  if (scheme) {
    return protocols.includes(scheme[1].toLowerCase()) ? url : null;
  }
  if (url.startsWith("//")) return null;
  if (url.startsWith("/") || url.startsWith("#")) return url;
  if (/^[^\s@/:]+@[^\s@/:]+\.[^\s@/:]+$/.test(url) && protocols.includes("mailto")) {
    return `mailto:${url}`;
  }
  // "example.com/page" or "www.example.com": a web address without its protocol.
  if (/^[^\s/:?#]+\.[^\s/:?#]+/.test(url)) return `https://${url}`;
  return null;
}
