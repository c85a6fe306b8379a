/**
 * Every feed (docs/integrations.md "Feeds"): `/rss.xml`, `/atom.xml`, `/feed.json`, and the same
 * under `/category/{slug}/`, `/tag/{slug}/` and `/author/{slug}/`. The route's parameter names
 * the scope, the file name the format.
 */
import { formatOfFile } from "~/domain/feeds/formats";
import { renderFeed } from "~/domain/feeds/render.server";
import { type FeedScope, findScope } from "~/domain/feeds/scope.server";
import { getDb } from "~/platform/db.server";
import { feedResponse } from "~/web/feed-responses.server";

type Args = { request: Request; params: Record<string, string | undefined> };

export function loader({ request, params }: Args) {
  const db = getDb();
  const file = new URL(request.url).pathname.split("/").pop() ?? "";
  const format = formatOfFile(file);
  const scope: FeedScope | undefined = params.category
    ? findScope(db, "category", params.category)
    : params.tag
      ? findScope(db, "tag", params.tag)
      : params.slug
        ? findScope(db, "author", params.slug)
        : { kind: "site" };
  if (!scope || !format) throw new Response("Not found", { status: 404 });
  return feedResponse(renderFeed(db, scope, format));
}
