/** `/robots.txt`. */
import { robotsTxt } from "~/domain/posts/feeds.server";

export const loader = () => robotsTxt();
