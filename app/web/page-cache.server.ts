/**
 * Which requests the page cache answers, and how (docs/decisions/050-page-cache.md):
 * GET and HEAD of the public pages, feeds, sitemap and robots.txt, for readers
 * who are not signed in and carry no flash message. A page varies only by the
 * theme cookie (none, light, dark) and, on a post page, by whether this
 * browser liked the post without JavaScript: at most six variants.
 *
 * HTTP: a strong ETag per encoding, 304 on If-None-Match, and
 * `Cache-Control: public, max-age=0, s-maxage=…, stale-while-revalidate=…`;
 * everything the cache does not answer is `private, no-store` (server.js).
 */

import { MEMBER_COOKIE } from "~/domain/members/session.server";
import { isSitePage, RESERVED_SLUGS } from "~/domain/pages/vocabulary";
import { isCountableVisit } from "~/domain/posts/engagement-rules";
import { parsePostId } from "~/domain/posts/ids";
import { countTemplate, fillCounts } from "~/platform/count-slots.server";
import { type Db, getDb } from "~/platform/db.server";
import { pageCacheHits, pageCacheMisses, renderDuration } from "~/platform/metrics.server";
import {
  bodyFor,
  contentChangedSince,
  contentMark,
  type Encoding,
  fillCurrentCounts,
  getPage,
  makeEntry,
  type PageEntry,
  type PageKind,
  pageCacheDb,
  pageCacheEnabled,
  postCountsNow,
  putPage,
} from "~/platform/page-cache.server";
import { bufferView } from "~/platform/view-buffer.server";
import { isSlug } from "~/utils/slug";
import { getOptionalUser } from "~/web/auth.server";
import { themeSessionResolver } from "~/web/theme.server";
import { PURPOSE_HEADERS } from "~/web/visits.server";

export const SHARED_CACHE_CONTROL = "public, max-age=0, s-maxage=10, stale-while-revalidate=60";
export const PRIVATE_CACHE_CONTROL = "private, no-store";
export const VARY = "Accept-Encoding, Cookie";

/** `/:id/:category/:url`: three segments; the id is read by the one post-id parser. */
const POST_PATH = /^\/([^/]+)\/[^/]+\/[^/]+$/;
/** Listings of post cards (each card counts the post's approved comments). */
const LIST_PATH = /^\/(?:category|tag)\/[^/]+$/;
const SITEMAP_PATH = /^\/sitemap\/(?:pages|posts-\d{1,6})\.xml$/;
const FEED_PATH = /^\/(?:category|tag)\/[^/]+\/(?:rss\.xml|atom\.xml|feed\.json)$/;
/** `/{slug}`: a page of the `pages` table (Reach Out and the policies among them). */
const PAGE_PATH = /^\/([a-z0-9]+(?:-[a-z0-9]+)*)$/;
const ENCODED_PAGE_PATH = /^\/[^/]*%[^/]*$/;
/** A post as Markdown: where `/{id}/{category}/{slug}.md` and `Accept: text/markdown` lead (docs/integrations.md). */
const MARKDOWN_PATH = /^\/md\/posts\/([^/]+)$/;
const FIXED_PATHS = new Map<string, PageKind>([
  ["/", "list"],
  ["/llms.txt", "list"],
  ["/explore", "list"],
  ["/rss.xml", "other"],
  ["/atom.xml", "other"],
  ["/feed.json", "other"],
  ["/sitemap.xml", "sitemap"],
  ["/robots.txt", "other"],
]);

export type CacheablePage = { postId: number | null; kind: PageKind; slug: string | null };

/**
 * Whether `pathname` is a page the cache may keep, and what it shows: the post
 * (post pages), a listing, a page's slug, a sitemap (docs/decisions/134-page-cache-scopes.md).
 */
export function cacheablePage(pathname: string): CacheablePage | null {
  const fixed = FIXED_PATHS.get(pathname);
  if (fixed) return { postId: null, kind: fixed, slug: null };
  const slug = PAGE_PATH.exec(pathname)?.[1] ?? encodedPageSlug(pathname);
  if (slug !== undefined) {
    // Other routes' first segments (search, newsletter…) are not pages; the site's own pages are.
    return !RESERVED_SLUGS.has(slug) || isSitePage(slug)
      ? { postId: null, kind: "page", slug }
      : null;
  }
  if (!decodablePath(pathname)) return null; // a malformed escape is the router's 400, never cached
  if (pathname.endsWith(".data")) return null; // client navigations: loader data, not pages
  const markdownId = parsePostId(MARKDOWN_PATH.exec(pathname)?.[1]);
  if (markdownId !== undefined) return { postId: markdownId, kind: "markdown", slug: null };
  const postId = parsePostId(POST_PATH.exec(pathname)?.[1]);
  if (postId !== undefined) {
    return pathname.startsWith("/admin/") ? null : { postId, kind: "post", slug: null };
  }
  if (LIST_PATH.test(pathname)) return { postId: null, kind: "list", slug: null };
  if (SITEMAP_PATH.test(pathname)) return { postId: null, kind: "sitemap", slug: null };
  if (FEED_PATH.test(pathname)) return { postId: null, kind: "other", slug: null };
  return null;
}

/** `/{slug}` of a slug in another script, sent percent-encoded: the slug, decoded. */
function encodedPageSlug(pathname: string): string | undefined {
  if (!ENCODED_PAGE_PATH.test(pathname)) return undefined;
  try {
    const slug = decodeURIComponent(pathname.slice(1));
    return isSlug(slug) ? slug : undefined;
  } catch {
    return undefined;
  }
}

function decodablePath(pathname: string): boolean {
  try {
    decodeURIComponent(pathname);
    return true;
  } catch {
    return false;
  }
}

/** One cookie's raw value from a Cookie header. */
export function cookieValue(header: string | null | undefined, name: string): string | undefined {
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

/** The post ids in the (unsigned) `liked_posts` cookie that app/routes/post.tsx sets. */
export function likedFromCookie(raw: string | undefined, postId: number): boolean {
  if (!raw) return false;
  try {
    const ids: unknown = JSON.parse(Buffer.from(decodeURIComponent(raw), "base64").toString());
    return Array.isArray(ids) && ids.includes(postId);
  } catch {
    return false;
  }
}

/** Whether this browser liked the post a post page shows (the variant it gets). */
export function likedVariant(page: CacheablePage, cookie: string | null | undefined): boolean {
  return (
    page.kind === "post" &&
    page.postId !== null &&
    likedFromCookie(cookieValue(cookie, "liked_posts"), page.postId)
  );
}

/** Raw `__theme` cookie values already verified, and the theme each carries. */
const knownThemes = new Map<string, string>();
const MAX_KNOWN_THEMES = 32;

/** The theme of a `__theme` value seen before: "" none, undefined when unknown (verify it). */
export function knownTheme(raw: string | undefined): string | undefined {
  return raw === undefined ? "" : knownThemes.get(raw);
}

export function variantKey(theme: string, liked: boolean, pathAndQuery: string): string {
  return `${theme}|${liked ? 1 : 0}|${pathAndQuery}`;
}

/**
 * Staff sign-in, one-shot messages, a commenter's own comments awaiting
 * moderation (`__comments`) and a member's session: such requests never touch the cache.
 */
export function mayCarryPersonalState(cookieHeader: string | null | undefined): boolean {
  return Boolean(
    cookieHeader &&
      (/(?:^|;\s*)(?:__session|__flash|__comments)=/.test(cookieHeader) ||
        carriesMemberCookie(cookieHeader)),
  );
}

/**
 * A member's cookie (valid or not): the page is neither read from nor written to the cache,
 * so no one is ever served a member's page (docs/decisions/347-members-and-caches.md).
 */
export function carriesMemberCookie(cookieHeader: string | null | undefined): boolean {
  return Boolean(cookieHeader && MEMBER_COOKIE_PATTERN.test(cookieHeader));
}
const MEMBER_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${MEMBER_COOKIE}=`);

/**
 * The encoding an answer gets: brotli, else gzip, else none, among those the
 * client accepts (`*` stands for any; `;q=0` refuses one).
 */
export function pickEncoding(acceptEncoding: string | null | undefined): Encoding {
  if (!acceptEncoding) return "identity";
  const accepted = new Set<string>();
  const refused = new Set<string>();
  for (const part of acceptEncoding.toLowerCase().split(",")) {
    const [name, ...params] = part.split(";").map((p) => p.trim());
    const q = params.find((p) => p.startsWith("q="));
    (q !== undefined && !(Number(q.slice(2)) > 0) ? refused : accepted).add(name);
  }
  const takes = (e: Encoding) => accepted.has(e) || (accepted.has("*") && !refused.has(e));
  if (takes("br")) return "br";
  if (takes("gzip")) return "gzip";
  return "identity";
}

const ETAG_SUFFIX: Record<Encoding, string> = { identity: "", gzip: "-gz", br: "-br" };

export type Presented = { status: number; headers: Record<string, string>; body: Buffer | null };

/** The status, headers and body that answer `method` for a cached entry. */
export function present(
  entry: PageEntry,
  method: string,
  acceptEncoding: string | null | undefined,
  ifNoneMatch: string | null | undefined,
): Presented {
  const encoding = entry.compressible ? pickEncoding(acceptEncoding) : "identity";
  if (ifNoneMatch && matchesEtag(ifNoneMatch, entry.etag)) {
    return { status: 304, headers: headersFor(entry, encoding, true), body: null };
  }
  const headers = headersFor(entry, encoding, false);
  return {
    status: entry.status,
    headers,
    body: method === "HEAD" ? null : bodyFor(entry, encoding),
  };
}

/** The headers of one answer, made once per entry and kind. */
function headersFor(entry: PageEntry, encoding: Encoding, notModified: boolean) {
  const kind = notModified ? `304-${encoding}` : encoding;
  let headers = entry.presented.get(kind);
  if (!headers) {
    const { vary, ...kept } = entry.headers;
    headers = {
      ...kept,
      ETag: `"${entry.etag}${ETAG_SUFFIX[encoding]}"`,
      "Cache-Control": SHARED_CACHE_CONTROL,
      // What the page itself varies by (a post's other representations: `Accept`), then the cache's.
      Vary: vary ? `${vary}, ${VARY}` : VARY,
    };
    if (!notModified) {
      headers["Content-Length"] = String(bodyFor(entry, encoding).length);
      if (encoding !== "identity") headers["Content-Encoding"] = encoding;
    }
    entry.presented.set(kind, headers);
  }
  return headers;
}

/** If-None-Match against any encoding of the same body (they carry the same content). */
function matchesEtag(header: string, etag: string): boolean {
  if (header.trim() === "*") return true;
  return header
    .split(",")
    .map((t) => t.trim().replace(/^W\//, "").replace(/^"|"$/g, ""))
    .some((t) => t === etag || t === `${etag}-gz` || t === `${etag}-br`);
}

/** A cache hit on a post page is still a reader's visit: one view, as the loader would count. */
export function countHit(
  entry: PageEntry,
  method: string,
  header: (name: string) => string | null | undefined,
) {
  if (entry.postId === null || entry.kind !== "post") return;
  if (
    isCountableVisit(
      method,
      PURPOSE_HEADERS.map((name) => header(name)),
    )
  ) {
    bufferView(pageCacheDb() ?? getDb(), entry.postId);
  }
}

/** A rendered page's own `Vary`, less what the cache adds itself (VARY). */
function renderedVary(header: string | null): string {
  const own = new Set(VARY.toLowerCase().split(", "));
  return (header ?? "")
    .split(",")
    .map((name) => name.trim())
    .filter((name) => name !== "" && !own.has(name.toLowerCase()))
    .join(", ");
}

/** Headers that are per response, never part of a cached entry. */
const NOT_CACHED = new Set([
  "cache-control",
  "connection",
  "content-encoding",
  "content-length",
  "date",
  "etag",
  "keep-alive",
  "set-cookie",
  "transfer-encoding",
  "vary",
]);

/** How the page cache asks for a render: `countSlots` for a post page it will keep. */
export type RenderForCache = (
  request: Request,
  options: { countSlots: boolean },
) => Promise<Response>;

/**
 * The renders in flight, by variant key: readers who miss the same page while it renders wait
 * for that one render (single-flight), unless a change was read after it started
 * (docs/decisions/250-counts-in-kept-pages.md).
 */
const rendering = new Map<string, { mark: number; done: Promise<PageEntry | null> }>();

/**
 * Answers `request` from the cache, or renders it with `render` and keeps the
 * result. `baseHeaders` are the headers already decided for this response
 * (security headers and the CSP carrying the nonce the page renders with).
 * Returns null when the cache does not apply: the caller renders as usual.
 */
export async function answerFromPageCache(
  request: Request,
  baseHeaders: Record<string, string>,
  render: RenderForCache,
): Promise<Presented | Response | null> {
  if (!pageCacheEnabled()) return null;
  const method = request.method.toUpperCase();
  if (method !== "GET" && method !== "HEAD") return null;
  const url = new URL(request.url);
  const page = cacheablePage(url.pathname);
  if (!page) return null;
  const cookie = request.headers.get("Cookie");
  if (cookie?.includes("__flash=") || cookie?.includes("__comments=")) return null;
  if (carriesMemberCookie(cookie)) return null;
  if (cookie?.includes("__session=") && (await getOptionalUser(request))) return null;

  const rawTheme = cookieValue(cookie, "__theme");
  const theme = (await themeSessionResolver(request)).getTheme() ?? "";
  if (rawTheme && theme && !knownThemes.has(rawTheme) && knownThemes.size < MAX_KNOWN_THEMES) {
    knownThemes.set(rawTheme, theme);
  }
  const liked = likedVariant(page, cookie);
  const key = variantKey(theme, liked, url.pathname + url.search);
  const header = (name: string) => request.headers.get(name);

  const db = getDb();
  const cached = getPage(db, key);
  if (cached) {
    pageCacheHits.inc();
    countHit(cached, method, header);
    return present(cached, method, header("Accept-Encoding"), header("If-None-Match"));
  }
  if (method === "HEAD") return null;
  pageCacheMisses.inc();

  const mark = contentMark(db);
  const inFlight = rendering.get(key);
  if (inFlight && inFlight.mark === mark) {
    const shared = await inFlight.done;
    if (shared) {
      fillCurrentCounts(db, shared);
      countHit(shared, method, header);
      return present(shared, method, header("Accept-Encoding"), header("If-None-Match"));
    }
  }
  let settle: (entry: PageEntry | null) => void = () => {};
  const done = new Promise<PageEntry | null>((resolve) => {
    settle = resolve;
  });
  const own = { mark, done };
  if (!inFlight) rendering.set(key, own);
  try {
    const answer = await renderToKeep(request, render, baseHeaders, page, db, key, mark);
    settle(answer instanceof Response ? null : answer);
    if (answer instanceof Response) return answer;
    return present(answer, method, header("Accept-Encoding"), header("If-None-Match"));
  } catch (error) {
    settle(null);
    throw error;
  } finally {
    if (rendering.get(key) === own) rendering.delete(key);
  }
}

/** A post page rendered with marked places but not kept: the counts filled in now. */
async function withCountsFilled(response: Response, db: Db, postId: number): Promise<Response> {
  if (!response.body) return response;
  const text = await response.text();
  const template = countTemplate(text);
  const counts = postCountsNow(db, postId) ?? { likes: 0, shares: 0 };
  const headers = new Headers(response.headers);
  headers.delete("Content-Length");
  return new Response(template ? fillCounts(template, counts).toString() : text, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}

/** Renders a miss and keeps it when nothing changed meanwhile; a Response when it cannot be kept. */
async function renderToKeep(
  request: Request,
  render: RenderForCache,
  baseHeaders: Record<string, string>,
  page: CacheablePage,
  db: Db,
  key: string,
  mark: number,
): Promise<PageEntry | Response> {
  const started = performance.now();
  const response = await render(request, { countSlots: page.kind === "post" });
  const type = response.headers.get("Content-Type") ?? "";
  if (
    response.status !== 200 ||
    response.headers.has("Set-Cookie") ||
    !/^(?:text\/|application\/(?:rss\+)?xml)/.test(type)
  ) {
    return page.kind === "post" && page.postId !== null
      ? withCountsFilled(response, db, page.postId)
      : response;
  }
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(baseHeaders)) {
    if (!NOT_CACHED.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  for (const [name, value] of response.headers) {
    if (!NOT_CACHED.has(name.toLowerCase())) headers[name.toLowerCase()] = value;
  }
  const vary = renderedVary(response.headers.get("Vary"));
  if (vary) headers.vary = vary;
  const body = Buffer.from(await response.arrayBuffer());
  renderDuration.observe({ kind: page.kind }, (performance.now() - started) / 1000);
  const entry = makeEntry({ status: 200, headers, body, ...page });
  // A change during the render may not be in it: answer, but do not keep.
  if (!contentChangedSince(db, mark)) putPage(db, key, entry);
  if (entry.key === null) fillCurrentCounts(db, entry);
  return entry;
}
