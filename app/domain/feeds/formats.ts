/**
 * The three feed formats every feed of the site comes in (docs/integrations.md "Feeds"): the
 * file name each has under a feed's base path (`""` the site, `/category/{slug}`, `/tag/{slug}`,
 * `/author/{slug}`) and its media type. Browser-safe: page heads name them too.
 */

export type FeedFormat = "rss" | "atom" | "json";

export const FEED_FORMATS: readonly FeedFormat[] = ["rss", "atom", "json"];

export const FEED_FILES: Record<FeedFormat, string> = {
  rss: "rss.xml",
  atom: "atom.xml",
  json: "feed.json",
};

/** The media types autodiscovery links and WebSub distribution name. */
export const FEED_MEDIA_TYPES: Record<FeedFormat, string> = {
  rss: "application/rss+xml",
  atom: "application/atom+xml",
  json: "application/feed+json",
};

/** The path of one feed: its base path (no trailing slash, "" for the site's) and format. */
export const feedPath = (base: string, format: FeedFormat) => `${base}/${FEED_FILES[format]}`;

/** The format a feed file name stands for, if any. */
export function formatOfFile(file: string): FeedFormat | undefined {
  return FEED_FORMATS.find((f) => FEED_FILES[f] === file);
}
