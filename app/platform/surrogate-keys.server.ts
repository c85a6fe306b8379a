/**
 * Surrogate keys: the names a shared cache in front (Varnish with vmod xkey, a CDN) files each
 * reader page under, so a write purges exactly the pages that show it
 * (docs/decisions/260-surrogate-keys.md, docs/operations.md "A shared cache in front (Varnish)").
 *
 * A key names public things only: a post's id, a slug that is part of a public address, or a
 * fixed word. Slugs are percent-encoded (UTF-8), so every key is ASCII without spaces or commas
 * (xkey's separators) and the same slug always makes the same key.
 */

/** Every cacheable answer carries it: purged when anything public may have changed. */
export const ALL_KEY = "all";
/** Listings of post cards (home, explore, category and tag pages): their cards count comments. */
export const LIST_KEY = "list";
export const HOME_KEY = "home";
export const SITEMAP_KEY = "sitemap";
export const FEEDS_KEY = "feeds";
/** Pages that show the site's settings (name, description, header and footer links): all of them. */
export const SETTINGS_KEY = "settings";

/** The most keys one answer carries, and the longest slug part of a key (longer ones are cut). */
export const MAX_KEYS = 64;
const MAX_SLUG_CHARS = 96;

function slugPart(slug: string): string {
  return encodeURIComponent(slug.normalize("NFC")).toLowerCase().slice(0, MAX_SLUG_CHARS);
}

export const postKey = (id: number) => `post-${id}`;
export const pageKey = (slug: string) => `page-${slugPart(slug)}`;
export const categoryKey = (slug: string) => `category-${slugPart(slug)}`;
export const tagKey = (slug: string) => `tag-${slugPart(slug)}`;
export const authorKey = (slug: string) => `author-${slugPart(slug)}`;

/** A key is one token of these characters (what the helpers above make). */
const KEY = /^[a-z0-9%._~!*'()-]+$/;

/** `keys` deduplicated, in order, without malformed ones, `all` first, at most MAX_KEYS. */
export function normaliseKeys(keys: Iterable<string>): string[] {
  const out = new Set<string>([ALL_KEY]);
  for (const key of keys) {
    if (out.size >= MAX_KEYS) break;
    if (KEY.test(key)) out.add(key);
  }
  return [...out];
}

/** One row of the page cache's change log (db/migrations/0028_site_pages_comment_notices.sql). */
export type PageChange = { postId: number | null; scope: string | null; slug: string | null };

/**
 * The keys a batch of changes purges: a page edit its address and the sitemaps; a post's likes
 * or shares its page; an approved comment its post's page and the listings; anything else
 * (a NULL post with no page scope) everything. `all` alone when it is among them.
 */
export function keysForChanges(changes: Iterable<PageChange>): string[] {
  const keys = new Set<string>();
  for (const c of changes) {
    if (c.scope === "page" && c.slug !== null) {
      keys.add(pageKey(c.slug));
      keys.add(SITEMAP_KEY);
    } else if (c.postId === null) {
      return [ALL_KEY];
    } else {
      keys.add(postKey(c.postId));
      if (c.scope === "comments") keys.add(LIST_KEY);
    }
  }
  return [...keys];
}

/** The keys of several batches together: `all` stands for any others. */
export function mergeKeys(lists: Iterable<string[]>): string[] {
  const keys = new Set<string>();
  for (const list of lists) {
    for (const key of list) {
      if (key === ALL_KEY) return [ALL_KEY];
      keys.add(key);
    }
  }
  return [...keys];
}

/** The response header the keys go out in: SURROGATE_KEY_HEADER, default `xkey`. */
export function surrogateKeyHeader(): string {
  const name = process.env.SURROGATE_KEY_HEADER?.trim();
  return name && /^[A-Za-z0-9-]{1,64}$/.test(name) ? name : "xkey";
}
