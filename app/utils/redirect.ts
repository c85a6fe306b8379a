/**
 * A redirect target from user input, kept on this site: only site-relative
 * paths ("/explore?x=1"), never "//evil.example", "/\\evil.example" or
 * anything with a control character (no open redirect). The path is returned
 * percent-encoded, so a `Location` header carries only ASCII ("/€" becomes
 * "/%E2%82%AC"); what is already encoded stays as it is.
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) {
    return fallback;
  }
  if (value.includes("\\") || [...value].some((c) => c.charCodeAt(0) < 0x20 || c === "\x7f")) {
    return fallback;
  }
  let parsed: URL;
  try {
    parsed = new URL(value, "http://site.invalid");
  } catch {
    return fallback;
  }
  if (parsed.origin !== "http://site.invalid") return fallback;
  const out = parsed.pathname + parsed.search + parsed.hash;
  return out.startsWith("//") ? fallback : out;
}
