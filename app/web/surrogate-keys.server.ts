/**
 * The surrogate-key header of reader pages (docs/decisions/260-surrogate-keys.md): every answer
 * the page cache may keep (`cacheablePage`) names what it shows, in the header
 * SURROGATE_KEY_HEADER (default `xkey`), so a shared cache in front purges exactly what a write
 * changed (app/platform/cache-purge.server.ts sends the purges).
 *
 * Two steps, like the embed policy: entry.server.tsx adds the keys only the loaders know (a
 * post's category, tags and author) with `setLoaderSurrogateKeys`; server.js's render callback
 * then adds those the address gives with `withSurrogateKeys`, before the page cache keeps the
 * headers, so its hits carry them too.
 */
import type { EntryContext } from "react-router";
import {
  authorKey,
  categoryKey,
  FEEDS_KEY,
  HOME_KEY,
  LIST_KEY,
  normaliseKeys,
  pageKey,
  postKey,
  SETTINGS_KEY,
  SITEMAP_KEY,
  surrogateKeyHeader,
  tagKey,
} from "~/platform/surrogate-keys.server";
import { cacheablePage } from "~/web/page-cache.server";

const CATEGORY_PATH = /^\/category\/([^/]+)(?:\/(?:rss\.xml|atom\.xml|feed\.json))?$/;
const TAG_PATH = /^\/tag\/([^/]+)(?:\/(?:rss\.xml|atom\.xml|feed\.json))?$/;
/** A feed in any format (docs/integrations.md "Feeds"). */
const FEED_FILE = /(?:^|\/)(?:rss\.xml|atom\.xml|feed\.json)$/;

function decoded(segment: string): string | null {
  try {
    return decodeURIComponent(segment).toLowerCase();
  } catch {
    return null;
  }
}

/** The keys `pathname` gives, or null when the page cache would not keep it. */
export function pathSurrogateKeys(pathname: string): string[] | null {
  const page = cacheablePage(pathname);
  if (!page) return null;
  const keys = [SETTINGS_KEY];
  if (page.postId !== null) keys.push(postKey(page.postId));
  if (page.kind === "list") keys.push(LIST_KEY);
  if (page.kind === "sitemap") keys.push(SITEMAP_KEY);
  if (page.kind === "page" && page.slug !== null) keys.push(pageKey(page.slug));
  if (pathname === "/") keys.push(HOME_KEY);
  if (FEED_FILE.test(pathname)) keys.push(FEEDS_KEY);
  const category = CATEGORY_PATH.exec(pathname)?.[1];
  const tag = TAG_PATH.exec(pathname)?.[1];
  const slug = decoded(category ?? tag ?? "");
  if (slug) keys.push(category ? categoryKey(slug) : tagKey(slug));
  return keys;
}

type Loose = Record<string, unknown> | undefined;
const field = (value: unknown, name: string): unknown =>
  value && typeof value === "object" ? (value as Record<string, unknown>)[name] : undefined;
const text = (value: unknown) => (typeof value === "string" && value ? value : null);

/** What a post page's loader data shows: the post's category, tags and author. */
function postKeys(post: unknown): string[] {
  const keys: string[] = [];
  const category = text(field(field(post, "category"), "slug"));
  if (category) keys.push(categoryKey(category));
  const tags = field(post, "tags");
  if (Array.isArray(tags)) {
    for (const tag of tags) {
      const slug = text(field(tag, "slug"));
      if (slug) keys.push(tagKey(slug));
    }
  }
  const author = text(field(field(post, "user"), "slug"));
  if (author) keys.push(authorKey(author));
  return keys;
}

/** The keys the matched routes' loader data gives (public slugs only). */
export function loaderSurrogateKeys(loaderData: Record<string, unknown>): string[] {
  const keys: string[] = [];
  const post = field(loaderData["routes/post"] as Loose, "post");
  if (post) keys.push(...postKeys(post));
  const page = text(field(loaderData["routes/page"], "slug"));
  if (page) keys.push(pageKey(page));
  return keys;
}

/** entry.server.tsx: the loaders' keys, in the header `withSurrogateKeys` completes. */
export function setLoaderSurrogateKeys(headers: Headers, context: EntryContext) {
  const data = context.staticHandlerContext.loaderData as Record<string, unknown> | undefined;
  if (!data || context.staticHandlerContext.statusCode !== 200) return;
  const keys = loaderSurrogateKeys(data);
  if (keys.length > 0) headers.set(surrogateKeyHeader(), keys.join(" "));
}

/**
 * server.js, around each reader-page render: a 200 answer at an address the page cache may keep
 * carries its keys (those of the loaders, the address's and `all`); any other answer none.
 */
export function withSurrogateKeys(response: Response, pathname: string): Response {
  const name = surrogateKeyHeader();
  const fromLoaders = response.headers.get(name);
  const keys = response.status === 200 ? pathSurrogateKeys(pathname) : null;
  if (!keys && fromLoaders === null) return response;
  const headers = new Headers(response.headers);
  if (keys) {
    headers.set(name, normaliseKeys([...keys, ...(fromLoaders?.split(" ") ?? [])]).join(" "));
  } else {
    headers.delete(name);
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
