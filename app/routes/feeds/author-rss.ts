/** `/author/:slug/rss.xml`: the newest published posts one contributor is in the byline of, RSS 2.0. */

import { getContributorBySlug } from "~/domain/bylines/contributor-pages.server";
import { rssFeed } from "~/domain/posts/feeds.server";
import { getDb } from "~/platform/db.server";
import { rssResponse } from "~/web/feed-responses.server";
import type { Route } from "./+types/author-rss";

export function loader({ params }: Route.LoaderArgs) {
  const author = getContributorBySlug(getDb(), params.slug.toLowerCase());
  if (!author) throw new Response("Not found", { status: 404 });
  return rssResponse(rssFeed({ author }));
}
