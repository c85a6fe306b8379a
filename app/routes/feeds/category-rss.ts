/** `/category/:category/rss.xml`: one category's newest posts, RSS 2.0. */
import { getDb } from "~/db.server";
import { rssFeed } from "~/feeds.server";
import { getCategoryBySlug } from "~/taxonomy.server";
import type { Route } from "./+types/category-rss";

export function loader({ params }: Route.LoaderArgs) {
  const category = getCategoryBySlug(getDb(), params.category.toLowerCase());
  if (!category) throw new Response("Not found", { status: 404 });
  return rssFeed({ category });
}
