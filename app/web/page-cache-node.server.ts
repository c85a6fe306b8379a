/**
 * The page cache on Node's own request and response objects, for server.js:
 * a hit is answered before Express runs at all (no router, no middleware, no
 * React), and a miss is rendered through React Router and kept.
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { pageCacheHits } from "~/platform/metrics.server";
import { compressOnce, getPage, pageCacheDb, pageCacheEnabled } from "~/platform/page-cache.server";
import {
  answerFromPageCache,
  cacheablePage,
  cookieValue,
  countHit,
  knownTheme,
  likedVariant,
  mayCarryPersonalState,
  PRIVATE_CACHE_CONTROL,
  type Presented,
  pickEncoding,
  present,
  type RenderForCache,
  variantKey,
} from "~/web/page-cache.server";

function headerOf(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name.toLowerCase()];
  return Array.isArray(value) ? value.join(", ") : value;
}

function send(res: ServerResponse, answer: Presented) {
  res.writeHead(answer.status, answer.headers);
  res.end(answer.body ?? undefined);
}

/**
 * Answers `req` from the cache when it can do so without any verification:
 * no session or flash cookie, a theme cookie seen before. Returns false
 * otherwise (Express then handles the request, the miss path included).
 */
export function servePageCacheHit(req: IncomingMessage, res: ServerResponse): boolean {
  const method = req.method ?? "GET";
  if ((method !== "GET" && method !== "HEAD") || !pageCacheEnabled()) return false;
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const pathname = q === -1 ? url : url.slice(0, q);
  const page = cacheablePage(pathname);
  if (!page) return false;
  const cookie = req.headers.cookie;
  if (mayCarryPersonalState(cookie)) return false;
  const theme = knownTheme(cookieValue(cookie, "__theme"));
  if (theme === undefined) return false;
  const liked = likedVariant(page, cookie);
  const db = pageCacheDb();
  if (!db) return false; // nothing rendered yet
  const entry = getPage(db, variantKey(theme, liked, url), true);
  if (!entry) return false;
  pageCacheHits.inc();
  countHit(entry, method, (name) => headerOf(req, name));
  send(res, present(entry, method, req.headers["accept-encoding"], req.headers["if-none-match"]));
  return true;
}

/**
 * For every response the cache did not answer (server.js): `private, no-store`
 * unless its handler chose a Cache-Control. (Its writes, like any other, move
 * the write mark the next hit checks: app/platform/page-cache.server.ts.)
 */
export function prepareUncachedResponse(res: ServerResponse) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    const given = args.find((a) => a && typeof a === "object" && !Array.isArray(a)) as
      | Record<string, unknown>
      | undefined;
    const chosen =
      this.hasHeader("Cache-Control") ||
      Object.keys(given ?? {}).some((k) => k.toLowerCase() === "cache-control");
    if (!chosen) this.setHeader("Cache-Control", PRIVATE_CACHE_CONTROL);
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

type ExpressLike = IncomingMessage & {
  path: string;
  protocol: string;
  originalUrl: string;
  get(name: string): string | undefined;
};

function toRequest(req: ExpressLike): Request {
  const headers = new Headers();
  for (let i = 0; i < req.rawHeaders.length; i += 2) {
    headers.append(req.rawHeaders[i], req.rawHeaders[i + 1]);
  }
  const host = req.get("host") ?? "localhost";
  return new Request(`${req.protocol}://${host}${req.originalUrl}`, {
    method: req.method,
    headers,
  });
}

function headersSoFar(res: ServerResponse): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(res.getHeaders())) {
    if (value !== undefined) out[name] = Array.isArray(value) ? value.join(", ") : String(value);
  }
  return out;
}

/**
 * Express middleware for the pages the cache may hold (after the security
 * headers are set): renders a miss through `render`, keeps it, and answers.
 * The same pages when the cache may not answer (switched off, a signed-in
 * reader, a flash message, a HEAD miss) are rendered through `render` too and
 * answered from one buffer, a lighter path than React Router's Express adapter
 * (no web stream per response). Every other request goes on to that adapter.
 */
export function pageCacheMiddleware(
  render: (
    request: Request,
    req: ExpressLike,
    res: ServerResponse,
    options: Parameters<RenderForCache>[1],
  ) => Promise<Response>,
) {
  return async (req: ExpressLike, res: ServerResponse, next: (error?: unknown) => void) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    if (!cacheablePage(req.path)) return next(); // before building a Request for nothing
    try {
      const request = toRequest(req);
      const answer =
        (pageCacheEnabled() &&
          (await answerFromPageCache(request, headersSoFar(res), (r, options) =>
            render(r, req, res, options),
          ))) ||
        (await render(request, req, res, { countSlots: false }));
      if (!(answer instanceof Response)) return send(res, answer);
      res.statusCode = answer.status;
      for (const [name, value] of answer.headers) res.appendHeader(name, value);
      let body: Buffer = Buffer.from(await answer.arrayBuffer());
      // React Router answers a HEAD without the body: no length, no encoding for it.
      if (req.method === "GET") {
        // Compressed here in one call, whole, rather than by the compression middleware's stream.
        const encoding = pickEncoding(req.headers["accept-encoding"]);
        const compressed = compressOnce(body, encoding);
        res.appendHeader("Vary", "Accept-Encoding");
        if (compressed) {
          res.setHeader("Content-Encoding", encoding);
          body = compressed;
        }
        // Its length is known: the page goes out whole, not in chunks.
        res.setHeader("Content-Length", body.length);
      }
      res.end(body);
    } catch (error) {
      next(error);
    }
  };
}
