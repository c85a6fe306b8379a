/** Pages' words (docs/behaviour.md §pages); browser-safe, shared by the schema and screens. */
export const PAGE_STATUSES = ["draft", "published", "trash"] as const;
export type PageStatus = (typeof PAGE_STATUSES)[number];
export const PAGE_NAVS = ["none", "header", "footer"] as const;
export type PageNav = (typeof PAGE_NAVS)[number];

/**
 * First path segments the site already answers: a page may not take them.
 * Keep in step with app/routes.ts.
 */
export const RESERVED_SLUGS: ReadonlySet<string> = new Set([
  "admin",
  "action",
  "api",
  "category",
  "comments",
  "crud",
  "explore",
  "get",
  "media-policy",
  "newsletter",
  "posts",
  "privacy-policy",
  "reach-out",
  "robots.txt",
  "rss.xml",
  "atom.xml",
  "feed.json",
  "websub",
  "oembed",
  "embed",
  "search",
  "share",
  "sitemap",
  "sitemap.xml",
  "tag",
  "unauthorised-access",
  "unsubscribe",
  "upload",
  "uploads",
  "user",
  "webmention",
  "assets",
  "demo",
  // Members (docs/members.md): the account pages.
  "account",
]);

/** A slug a page may not take: one of the site's own first segments, or all digits (a post id). */
export function isSiteAddress(slug: string): boolean {
  return RESERVED_SLUGS.has(slug) || /^\d+$/.test(slug);
}

/**
 * The site's own pages (docs/decisions/133-site-pages.md): rows of `pages`
 * seeded with the site's text (migration 0028), edited like any page, but
 * their address is fixed, they stay published and the header or footer
 * already links them. What the site adds after their content:
 */
export const SITE_PAGES = {
  "reach-out": "the contact addresses of Settings › Site identity and the newsletter form",
  "privacy-policy": "the line naming the editorial address of Settings › Site identity",
  "media-policy": "the media contact of Settings › Site identity",
} as const;
export type SitePageSlug = keyof typeof SITE_PAGES;

export function isSitePage(slug: string): slug is SitePageSlug {
  return Object.hasOwn(SITE_PAGES, slug);
}
