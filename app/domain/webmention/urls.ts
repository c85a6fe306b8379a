/**
 * URL rules of Webmention (docs/federation.md "Webmention"): which addresses take part, and the one
 * way two addresses are compared (the fragment never counts: it names a place in the same page).
 */

/** Longest source or target accepted; longer ones are refused, never cut. */
export const WEBMENTION_URL_MAX = 2048;

/** `value` as an absolute http(s) URL without its fragment, or null. */
export function httpUrl(value: string, base?: string): string | null {
  let url: URL;
  try {
    url = new URL(value.trim(), base);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  url.hash = "";
  return url.href;
}

/** Whether `url` is on the site at `origin` (PUBLIC_URL): the same scheme, host and port. */
export function isOnSite(url: string, origin: string): boolean {
  try {
    return new URL(url).origin === new URL(origin).origin;
  } catch {
    return false;
  }
}

/** The host a mention is shown with ("Mentioned on example.com"): no `www.`. */
export function mentionHost(url: string): string {
  try {
    return new URL(url).host.replace(/^www\./i, "");
  } catch {
    return url;
  }
}
