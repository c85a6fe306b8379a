/** `/rss.xml`: the newest published posts, RSS 2.0. */
import { rssFeed } from "~/domain/posts/feeds.server";

export const loader = () => rssFeed({});
