/**
 * The answers of the feed routes: the domain builds the feeds
 * (app/domain/feeds/), the sitemap and robots.txt text (app/domain/posts/feeds.server.ts);
 * these set its type and let browsers and proxies keep a feed for a few minutes.
 */
import { feedLinkHeader, type RenderedFeed } from "~/domain/feeds/render.server";

const FEED_CACHE = "public, max-age=300, stale-while-revalidate=3600";

/** A feed in any format, with the `Link` header naming its WebSub hub and itself. */
export const feedResponse = (feed: RenderedFeed) =>
  new Response(feed.body, {
    headers: {
      "Content-Type": feed.contentType,
      "Cache-Control": FEED_CACHE,
      Link: feedLinkHeader(feed),
    },
  });

/** A sitemap or the sitemap index. */
export const sitemapResponse = (xml: string) =>
  new Response(xml, {
    headers: { "Content-Type": "application/xml; charset=utf-8", "Cache-Control": FEED_CACHE },
  });

/** robots.txt. */
export const robotsResponse = (text: string) =>
  new Response(text, { headers: { "Content-Type": "text/plain; charset=utf-8" } });
