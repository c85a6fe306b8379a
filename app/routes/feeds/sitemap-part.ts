/**
 * The sitemaps `/sitemap.xml` lists: `/sitemap/pages.xml` (static pages,
 * categories, tags) and `/sitemap/posts-N.xml` (part N of the published
 * posts, at most 10,000 a part). Anything else under /sitemap/ is a 404.
 */
import { data } from "react-router";
import { pagesSitemap, postsSitemap } from "~/domain/posts/feeds.server";
import { sitemapResponse } from "~/web/feed-responses.server";
import type { Route } from "./+types/sitemap-part";

export function loader({ params }: Route.LoaderArgs) {
  if (params.file === "pages.xml") return sitemapResponse(pagesSitemap());
  const part = /^posts-(\d{1,6})\.xml$/.exec(params.file);
  const xml = part ? postsSitemap(Number(part[1])) : null;
  if (xml === null) throw data(null, { status: 404 });
  return sitemapResponse(xml);
}
