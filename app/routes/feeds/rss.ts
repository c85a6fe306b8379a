/** `/rss.xml`: the newest published posts, RSS 2.0 (the other feeds: ./feed.ts). */
import { renderFeed } from "~/domain/feeds/render.server";
import { getDb } from "~/platform/db.server";
import { feedResponse } from "~/web/feed-responses.server";

export const loader = () => feedResponse(renderFeed(getDb(), { kind: "site" }, "rss"));
