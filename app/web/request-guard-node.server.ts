/**
 * What every request meets before Express and React Router (server.js): the
 * methods the product serves, a body limit and a time to send the body in,
 * both by kind of route (docs/operations.md "Limits and timeouts").
 *
 * - A method other than GET, HEAD, POST or OPTIONS is answered 405 with
 *   `Allow` (`{type: "error", message}` on API paths), TRACE included.
 * - A declared body larger than the route's limit is answered 413 before a
 *   byte of it is read; a body without a declared length is counted where it
 *   is read (app/web/api.server.ts, forms.server.ts, uploads.server.ts).
 * - A body still arriving when the route's time is up is answered 408 and
 *   the connection closed (a client trickling bytes holds nothing for long).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isApiPath } from "~/web/api.server";

export const SERVED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
export const ALLOW_HEADER = SERVED_METHODS.join(", ");

const KB = 1024;
const MB = 1024 * KB;

export type RouteKind = "upload" | "staff" | "public";

/** Body limit and the time allowed to send it, per kind of route. */
export const ROUTE_LIMITS: Record<RouteKind, { maxBodyBytes: number; bodyTimeoutMs: number }> = {
  // Add Media takes files up to 1 GB; half an hour covers 1 GB at about 0.6 MB/s.
  upload: { maxBodyBytes: 1024 * MB + MB, bodyTimeoutMs: 30 * 60_000 },
  // Back-office forms and the staff JSON calls (post content is the largest: 2 MB).
  staff: { maxBodyBytes: 4 * MB, bodyTimeoutMs: 2 * 60_000 },
  // Reader forms and calls (likes, newsletter forms, login, theme).
  public: { maxBodyBytes: 64 * KB, bodyTimeoutMs: 30_000 },
};

/** The server's own timeouts (server.js). */
export const SERVER_TIMEOUTS = {
  /** All headers of a request. */
  headersMs: 20_000,
  /** Any request, whole: the longest route time (uploads) and a margin. */
  requestMs: 31 * 60_000,
  /** An idle keep-alive connection. */
  keepAliveMs: 5_000,
  /** SIGTERM: requests in flight and the newsletter message in flight get this long. */
  shutdownMs: 10_000,
};

/** Paths whose body may carry files: Add Media, the editor's image upload, and any back-office multipart form. */
export function routeKind(method: string, pathname: string, contentType = ""): RouteKind {
  if (method !== "POST") return "public";
  const multipart = contentType.toLowerCase().startsWith("multipart/");
  if (pathname === "/upload/image" || (pathname.startsWith("/admin/") && multipart)) {
    return "upload";
  }
  const [, first = ""] = pathname.split("/");
  if (pathname.startsWith("/admin") && pathname !== "/admin/login") return "staff";
  if (first === "crud" || pathname === "/posts/add" || pathname === "/newsletter/send") {
    return "staff";
  }
  if (first === "user" && pathname !== "/user/admin/authenticate" && pathname !== "/user/data") {
    return "staff";
  }
  return "public";
}

export type Refusal = { status: number; headers: Record<string, string>; body: string };

function refusal(pathname: string, status: number, message: string, extra = {}): Refusal {
  const api = isApiPath(pathname);
  return {
    status,
    headers: {
      "Content-Type": api ? "application/json" : "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      ...extra,
    },
    body: api ? JSON.stringify({ type: "error", message }) : message,
  };
}

function pathOf(url: string): string {
  const q = url.indexOf("?");
  return q === -1 ? url : url.slice(0, q);
}

/** The answer for a request refused by its method or declared size; null when it may go on. */
export function refuseRequest(
  method: string,
  url: string,
  headers: { "content-length"?: string; "content-type"?: string },
): Refusal | null {
  const pathname = pathOf(url);
  const upper = method.toUpperCase();
  if (!(SERVED_METHODS as readonly string[]).includes(upper)) {
    return refusal(pathname, 405, `The method ${upper} is not allowed here`, {
      Allow: ALLOW_HEADER,
    });
  }
  const limit = ROUTE_LIMITS[routeKind(upper, pathname, headers["content-type"])].maxBodyBytes;
  const declared = Number(headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > limit) {
    return refusal(
      pathname,
      413,
      `The body is too large: the limit here is ${Math.round(limit / KB)} KB`,
      { Connection: "close" },
    );
  }
  return null;
}

function answer(res: ServerResponse, r: Refusal) {
  if (res.headersSent) return;
  res.writeHead(r.status, r.headers);
  res.end(r.body);
}

/**
 * A browser form post from another site to a page (not the JSON API, whose
 * cross-site and CORS rules the root middleware applies): 403, as
 * docs/api.md says, before React Router's own check turns it into a 400
 * with a stack trace in the log.
 */
export function crossSitePagePost(
  method: string,
  url: string,
  headers: { origin?: string; host?: string },
): Refusal | null {
  if (method.toUpperCase() !== "POST" || headers.origin === undefined) return null;
  const pathname = pathOf(url);
  if (isApiPath(pathname)) return null;
  let sameSite = false;
  try {
    sameSite = headers.origin !== "null" && new URL(headers.origin).host === headers.host;
  } catch {
    sameSite = false;
  }
  return sameSite ? null : refusal(pathname, 403, "Cross-site request refused");
}

/**
 * Runs the checks for one request. Returns true when it was answered here
 * (the caller does nothing more); otherwise arms the body deadline.
 */
export function guardRequest(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? "GET";
  const url = req.url ?? "/";
  const crossSite = crossSitePagePost(method, url, req.headers);
  if (crossSite) {
    console.warn(
      `${method} ${pathOf(url)} refused: 403 cross-site post (Origin ${req.headers.origin})`,
    );
    res.shouldKeepAlive = false;
  }
  const refused = refuseRequest(method, url, req.headers) ?? crossSite;
  if (refused) {
    if (refused.status === 413) {
      // Nothing of the body is read: the connection closes after the answer.
      res.shouldKeepAlive = false;
      res.on("finish", () => req.socket.destroy());
    }
    answer(res, refused);
    return true;
  }
  if (req.complete) return false;
  const pathname = pathOf(url);
  const kind = routeKind(method.toUpperCase(), pathname, req.headers["content-type"]);
  const timer = setTimeout(() => {
    if (req.complete) return;
    res.shouldKeepAlive = false;
    answer(res, refusal(pathname, 408, "The request body took too long to arrive"));
    req.socket.destroy();
  }, ROUTE_LIMITS[kind].bodyTimeoutMs);
  timer.unref();
  const clear = () => clearTimeout(timer);
  req.once("end", clear);
  res.once("close", clear);
  return false;
}
