/** `/robots.txt`. */
import { robotsTxt } from "~/domain/posts/feeds.server";
import { robotsResponse } from "~/web/feed-responses.server";

export const loader = () => robotsResponse(robotsTxt());
