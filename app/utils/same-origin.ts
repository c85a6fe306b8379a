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
 * The newsletters' one-click unsubscribe address (`List-Unsubscribe`, RFC
 * 8058). Mail providers POST to it from their own servers and may send their
 * own `Origin`: it is the one path that takes a cross-site POST. It only ever
 * unsubscribes the address it names, which anyone can do without a browser.
 */
export const ONE_CLICK_UNSUBSCRIBE_PATH = "/newsletter/unsubscribe";

/** True for a POST to exactly the one-click unsubscribe path (any query). */
export function isOneClickUnsubscribe(request: Request) {
  return (
    request.method.toUpperCase() === "POST" &&
    new URL(request.url).pathname === ONE_CLICK_UNSUBSCRIBE_PATH
  );
}
