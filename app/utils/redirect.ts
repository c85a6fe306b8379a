/**
 * A redirect target from user input, kept on this site: only absolute paths
 * ("/explore?x=1"), never "//evil.example" or "/\evil.example" (no open redirect).
 */
export function safeRedirectPath(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) {
    return fallback;
  }
  if (value.includes("\\") || [...value].some((c) => c.charCodeAt(0) < 0x20)) return fallback;
  return value;
}
