/** `/robots.txt`. */
import { robotsTxt } from "~/feeds.server";

export const loader = () => robotsTxt();
