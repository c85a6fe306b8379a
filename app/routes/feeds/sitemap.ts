/** `/sitemap.xml`: the index of the sitemaps (app/domain/posts/feeds.server.ts). */
import { sitemapIndex } from "~/domain/posts/feeds.server";

export const loader = () => sitemapIndex();
