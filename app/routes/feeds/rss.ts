/** `/rss.xml`: the newest published posts, RSS 2.0. */
import { rssFeed } from "~/domain/posts/feeds.server";
import { rssResponse } from "~/web/feed-responses.server";

export const loader = () => rssResponse(rssFeed({}));
