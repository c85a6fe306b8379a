/**
 * The answers of the feed routes: the domain builds the RSS, sitemap and
 * robots.txt text (app/domain/posts/feeds.server.ts); these set its type and
 * let browsers and proxies keep a feed for a few minutes.
 */

const FEED_CACHE = "public, max-age=300, stale-while-revalidate=3600";

/** An RSS 2.0 feed. */
export const rssResponse = (xml: string) =>
  new Response(xml, {
    headers: { "Content-Type": "application/rss+xml; charset=utf-8", "Cache-Control": FEED_CACHE },
  });

/** A sitemap or the sitemap index. */
export const sitemapResponse = (xml: string) =>
  new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE },
  });

/** robots.txt. */
export const robotsResponse = (text: string) =>
  new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
