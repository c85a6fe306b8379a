const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * True when a state-changing request comes from another site (ARCHITECTURE §4:
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
