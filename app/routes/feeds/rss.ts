/** `/rss.xml`: the newest published posts, RSS 2.0. */
import { rssFeed } from "~/feeds.server";

export const loader = () => rssFeed({});
