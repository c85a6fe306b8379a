/**
 * Other representations of readers' URLs (docs/integrations.md "One URL, several formats"): before
 * the page cache looks, a request for a post, an author page or the home page that prefers
 * ActivityPub JSON, and a post asked for as Markdown (`….md` or `Accept: text/markdown`), is
 * pointed at the internal path that serves that format. The page cache keys on the path, so each
 * representation is kept apart from the HTML and purged with it.
 */
import type { IncomingMessage } from "node:http";

const POST_PATH = /^\/(\d+)\/[^/]+\/([^/]+?)(\.md)?$/;
const AUTHOR_PATH = /^\/author\/([^/]+)\/?$/;

const HTML = new Set(["text/html", "application/xhtml+xml"]);
const ACTIVITY = new Set(["application/activity+json", "application/ld+json"]);
const MARKDOWN = new Set(["text/markdown", "text/x-markdown"]);

/** The highest quality the Accept header gives any of `types` (0 when none is listed). */
function quality(accept: string, types: ReadonlySet<string>): number {
  let best = 0;
  for (const part of accept.split(",")) {
    const [type = "", ...params] = part.split(";");
    if (!types.has(type.trim().toLowerCase())) continue;
    let q = 1;
    for (const param of params) {
      const [name, value] = param.split("=");
      if (name?.trim() === "q") q = Number(value) || 0;
    }
    best = Math.max(best, q);
  }
  return best;
}

/** Whether the client prefers `types` to HTML (a browser's `*\/*` counts as HTML). */
export function prefers(accept: string | undefined, types: ReadonlySet<string>): boolean {
  if (!accept) return false;
  const wanted = quality(accept, types);
  return wanted > 0 && wanted > quality(accept, HTML);
}

/** The internal path for another representation of `path`, or null for the page itself. */
export function representationPath(path: string, accept: string | undefined): string | null {
  const post = POST_PATH.exec(path);
  if (post) {
    if (post[3]) return `/md/posts/${post[1]}`;
    if (prefers(accept, ACTIVITY)) return `/ap/posts/${post[1]}`;
    if (prefers(accept, MARKDOWN)) return `/md/posts/${post[1]}`;
    return null;
  }
  if (!prefers(accept, ACTIVITY)) return null;
  if (path === "/") return "/ap/site";
  const author = AUTHOR_PATH.exec(path);
  return author ? `/ap/authors/${author[1]}` : null;
}

/** Points a GET or HEAD request at its representation's internal path, when it asks for one. */
export function negotiate(req: IncomingMessage): void {
  if (req.method !== "GET" && req.method !== "HEAD") return;
  const url = req.url ?? "/";
  const q = url.indexOf("?");
  const path = q === -1 ? url : url.slice(0, q);
  const target = representationPath(path, req.headers.accept);
  if (target) req.url = q === -1 ? target : target + url.slice(q);
}
