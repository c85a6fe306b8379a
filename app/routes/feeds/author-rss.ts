/** `/author/:slug/rss.xml`: one author's newest published posts, RSS 2.0. */

import { rssFeed } from "~/domain/posts/feeds.server";
import { getAuthorBySlug } from "~/domain/users/authors.server";
import { getDb } from "~/platform/db.server";
import { rssResponse } from "~/web/feed-responses.server";
import type { Route } from "./+types/author-rss";

export function loader({ params }: Route.LoaderArgs) {
  const author = getAuthorBySlug(getDb(), params.slug.toLowerCase());
  if (!author) throw new Response("Not found", { status: 404 });
  return rssResponse(rssFeed({ author }));
}
