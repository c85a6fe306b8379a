/** `/category/:category/rss.xml`: one category's newest posts, RSS 2.0. */

import { rssFeed } from "~/domain/posts/feeds.server";
import { getCategoryBySlug } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { rssResponse } from "~/web/feed-responses.server";
import type { Route } from "./+types/category-rss";

export function loader({ params }: Route.LoaderArgs) {
  const category = getCategoryBySlug(getDb(), params.category.toLowerCase());
  if (!category) throw new Response("Not found", { status: 404 });
  return rssResponse(rssFeed({ category }));
}
