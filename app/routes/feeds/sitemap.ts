/** `/sitemap.xml`: the index of the sitemaps (app/domain/posts/feeds.server.ts). */
import { sitemapIndex } from "~/domain/posts/feeds.server";
import { sitemapResponse } from "~/web/feed-responses.server";

export const loader = () => sitemapResponse(sitemapIndex());
