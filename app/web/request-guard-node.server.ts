/**
 * What every request meets before Express and React Router (server.js): the
 * methods the product serves, a body limit and a time to send the body in,
 * both by kind of route and by whether the client is signed in
 * (docs/operations.md "Limits and timeouts", docs/decisions/170-request-bodies.md).
 *
 * - A method other than GET, HEAD, POST or OPTIONS is answered 405 with
 *   `Allow` (`{type: "error", message}` on API paths), TRACE included;
 *   `OPTIONS` is answered here: 204 with the page's `Allow` on a page, the
 *   CORS preflight on an API path (docs/decisions/171-options.md).
 * - Every body is counted as it arrives, whatever its encoding
 *   (app/web/body-gate-node.server.ts): a declared or counted size over the
 *   route's limit is answered 413, and the rest of the body is read and thrown
 *   away for a while (`linger`) so the client receives the answer.
 * - The body of a client not signed in is held here until it is whole (at most
 *   64 KB) and only then given to its route.
 * - A body still arriving when the route's time is up is answered 408 and
 *   the connection closed (a client trickling bytes holds nothing for long).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { isApiPath, preflight } from "~/web/api.server";
import { currentSession } from "~/web/auth.server";
import { BodyGate, isLingering, linger } from "~/web/body-gate-node.server";

export const SERVED_METHODS = ["GET", "HEAD", "POST", "OPTIONS"] as const;
export const ALLOW_HEADER = SERVED_METHODS.join(", ");

const KB = 1024;
const MB = 1024 * KB;

export type RouteKind = "upload" | "staff" | "public" | "inbox";

/** Body limit and the time allowed to send it, per kind of route. */
export const ROUTE_LIMITS: Record<RouteKind, { maxBodyBytes: number; bodyTimeoutMs: number }> = {
  // Add Media takes files up to 1 GB; half an hour covers 1 GB at about 0.6 MB/s.
  upload: { maxBodyBytes: 1024 * MB + MB, bodyTimeoutMs: 30 * 60_000 },
  // Back-office forms and the staff JSON calls (post content is the largest: 2 MB).
  staff: { maxBodyBytes: 4 * MB, bodyTimeoutMs: 2 * 60_000 },
  // Reader forms and calls (likes, newsletter forms, login, theme), and every
  // back-office form of a client not signed in.
  public: { maxBodyBytes: 64 * KB, bodyTimeoutMs: 20_000 },
  // ActivityPub inboxes (docs/federation.md "Inbox security"): activities up to 1 MB.
  inbox: { maxBodyBytes: MB, bodyTimeoutMs: 20_000 },
};

const INBOX_PATH = /^\/ap\/(?:inbox|site\/inbox|(?:users|guests)\/\d{1,15}\/inbox)$/;

/** The server's own timeouts (server.js). */
export const SERVER_TIMEOUTS = {
  /** All headers of a request. */
  headersMs: 20_000,
  /** How often Node checks the header and request times (its default, 30 s, let 20 s become 50). */
  checkEveryMs: 1_000,
  /** Any request, whole: the longest route time (uploads) and a margin. */
  requestMs: 31 * 60_000,
  /** An idle keep-alive connection. */
  keepAliveMs: 5_000,
  /** SIGTERM: requests in flight, the newsletter message in flight and closing, all within this. */
  shutdownMs: 10_000,
};

/**
 * The kind of a request's route. Under `/admin` only a signed-in staff member's
 * form is a staff form (multipart: an upload); anybody else's is a public one
 * (sign-in, forgotten password, or a form that will be refused). The JSON calls
 * that take an apiKey in their body are judged by their path alone.
 */
export function routeKind(
  method: string,
  pathname: string,
  contentType = "",
  signedIn = false,
): RouteKind {
  if (method !== "POST") return "public";
  if (pathname === "/upload/image") return "upload";
  if (INBOX_PATH.test(pathname)) return "inbox";
  if (pathname.startsWith("/admin")) {
    if (!signedIn) return "public";
    return contentType.toLowerCase().startsWith("multipart/") ? "upload" : "staff";
  }
  const [, first = ""] = pathname.split("/");
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
  signedIn = false,
): Refusal | null {
  const pathname = pathOf(url);
  const upper = method.toUpperCase();
  if (!(SERVED_METHODS as readonly string[]).includes(upper)) {
    return refusal(pathname, 405, `The method ${upper} is not allowed here`, {
      Allow: ALLOW_HEADER,
    });
  }
  const kind = routeKind(upper, pathname, headers["content-type"], signedIn);
  const declared = Number(headers["content-length"] ?? "0");
  if (Number.isFinite(declared) && declared > ROUTE_LIMITS[kind].maxBodyBytes) {
    return tooLarge(pathname, ROUTE_LIMITS[kind].maxBodyBytes);
  }
  return null;
}

function tooLarge(pathname: string, limit: number): Refusal {
  return refusal(
    pathname,
    413,
    `The body is too large: the limit here is ${Math.round(limit / KB)} KB`,
    { Connection: "close" },
  );
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
  if (isApiPath(pathname) || SERVER_RECEIVERS.test(pathname)) return null;
  let sameSite = false;
  try {
    sameSite = headers.origin !== "null" && new URL(headers.origin).host === headers.host;
  } catch {
    sameSite = false;
  }
  return sameSite ? null : refusal(pathname, 403, "Cross-site request refused");
}

/**
 * Where other servers post (docs/federation.md, docs/integrations.md): Webmention, the WebSub hub
 * and the ActivityPub inboxes. No cookie acts there, so another site's Origin is no forgery.
 */
const SERVER_RECEIVERS =
  /^\/(?:webmention|websub|ap\/(?:inbox|site\/inbox|(?:users|guests)\/\d{1,15}\/inbox))$/;

/** The JSON API's CORS preflight (app/web/api.server.ts), the same for every API path. */
function apiPreflight(url: string, origin: string | undefined): Refusal {
  const answer = preflight(
    new Request(new URL(url, "http://localhost"), {
      method: "OPTIONS",
      headers: origin ? { Origin: origin } : {},
    }),
  );
  return { status: answer.status, headers: Object.fromEntries(answer.headers), body: "" };
}

/** Whether the request carries a body (a declared length, or chunks). */
function hasBody(req: IncomingMessage): boolean {
  if (req.headers["transfer-encoding"] !== undefined) return true;
  const declared = Number(req.headers["content-length"] ?? "0");
  return !Number.isFinite(declared) || declared > 0;
}

/** Whether the request's session cookie names a signed-in staff member (every sign-in step done). */
async function signedIn(req: IncomingMessage): Promise<boolean> {
  const cookie = req.headers.cookie;
  if (!cookie?.includes("__session=")) return false;
  try {
    const active = await currentSession(
      new Request("http://localhost/", { headers: { Cookie: cookie } }),
    );
    return active?.stage === "full";
  } catch {
    return false;
  }
}

/** The methods a path answers (`Allow`); every method the server serves when not told. */
export type MethodsOf = (pathname: string) => string;

/**
 * Runs the checks for one request and calls `proceed` when it may go on to the
 * routes: at once when it has no body or the body streams to a staff route, once
 * the whole body is here for anybody else. Otherwise the request is answered here.
 */
export function guardRequest(
  req: IncomingMessage,
  res: ServerResponse,
  proceed: () => void,
  methodsOf: MethodsOf = () => ALLOW_HEADER,
): void {
  // A further request on a connection closing after a refusal is not served.
  if (isLingering(req.socket)) {
    req.socket.destroy();
    return;
  }
  const method = (req.method ?? "GET").toUpperCase();
  const url = req.url ?? "/";
  const pathname = pathOf(url);
  const body = hasBody(req);
  const gate = body ? new BodyGate(req, ROUTE_LIMITS.public.maxBodyBytes) : null;
  /** Answers here; a body still arriving is thrown away while the client reads the answer. */
  const refuse = (r: Refusal) => {
    if (gate && !gate.complete) {
      gate.drop();
      const close = linger(req, res);
      gate.onDropped = close;
    }
    answer(res, r);
  };

  const crossSite = crossSitePagePost(method, url, req.headers);
  if (crossSite) {
    console.warn(
      `${method} ${pathname} refused: 403 cross-site post (Origin ${req.headers.origin})`,
    );
  }
  const refused = refuseRequest(method, url, {}) ?? crossSite;
  if (refused) {
    refuse(refused);
    return;
  }
  if (method === "OPTIONS") {
    refuse(
      isApiPath(pathname)
        ? apiPreflight(url, req.headers.origin)
        : {
            status: 204,
            headers: { Allow: methodsOf(pathname), "Cache-Control": "no-store" },
            body: "",
          },
    );
    return;
  }
  if (!gate) {
    proceed();
    return;
  }

  const decide = (isSignedIn: boolean) => {
    if (res.writableEnded || req.destroyed) return;
    const kind = routeKind(method, pathname, req.headers["content-type"], isSignedIn);
    const declaredTooLarge = refuseRequest(method, url, req.headers, isSignedIn);
    if (declaredTooLarge) {
      refuse(declaredTooLarge);
      return;
    }
    const { maxBodyBytes, bodyTimeoutMs } = ROUTE_LIMITS[kind];
    const timer = setTimeout(() => {
      if (gate.complete) return;
      res.shouldKeepAlive = false;
      answer(res, refusal(pathname, 408, "The request body took too long to arrive"));
      req.socket.destroy();
    }, bodyTimeoutMs);
    timer.unref();
    res.once("close", () => clearTimeout(timer));
    gate.decide(maxBodyBytes, kind === "public" || kind === "inbox", {
      ready: () => {
        if (!res.writableEnded && !req.destroyed) proceed();
      },
      overflow: () => {
        clearTimeout(timer);
        const passing = !res.headersSent;
        refuse(tooLarge(pathname, maxBodyBytes));
        // A route already reading the body learns it will not get the rest; its answer is
        // dropped (the 413 went first).
        if (kind !== "public" && kind !== "inbox" && passing && req.listenerCount("error") > 0) {
          req.emit("error", new Error("The body is too large"));
        }
      },
    });
  };
  if (method === "POST" && pathname.startsWith("/admin")) {
    signedIn(req).then(decide, () => decide(false));
  } else {
    decide(false);
  }
}
