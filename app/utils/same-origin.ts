const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request comes from another site (docs/behaviour.md §access:
 * state changes are POST only and checked for a same-origin request).
 * Browsers send `Origin` on every POST; `Sec-Fetch-Site` backs it up. A request
 * with neither is a non-browser client (curl, an API client), which the JSON
 * API authenticates by key instead.
 */
export function isCrossSiteRequest(request: Request, allowedOrigins: readonly string[] = []) {
  if (SAFE_METHODS.has(request.method.toUpperCase())) return false;
  const ownOrigin = new URL(request.url).origin;
  const origin = request.headers.get("Origin");
  if (origin !== null) {
    if (origin === "null") return true;
    return origin !== ownOrigin && !allowedOrigins.includes(origin);
  }
  return request.headers.get("Sec-Fetch-Site") === "cross-site";
}

/**
 * The newsletters' one-click unsubscribe addresses (`List-Unsubscribe`, RFC
 * 8058). Mail providers POST to them from their own servers and may send
 * their own `Origin`: they are the only paths that take a cross-site POST.
 * `/unsubscribe?token=` changes nothing without a valid signed token (which
 * only the reader's own message carries); `/newsletter/unsubscribe` only ever
 * unsubscribes the address it names, which anyone can do without a browser.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** The page a newsletter's signed unsubscribe link opens (`?token=`). */
export const TOKEN_UNSUBSCRIBE_PATH = "/unsubscribe";

/** True for a POST to exactly a one-click unsubscribe path (the page only with a token). */
export function isOneClickUnsubscribe(request: Request) {
  if (request.method.toUpperCase() !== "POST") return false;
  const url = new URL(request.url);
  return (
    url.pathname === ONE_CLICK_UNSUBSCRIBE_PATH ||
    (url.pathname === TOKEN_UNSUBSCRIBE_PATH && url.searchParams.has("token"))
  );
}
