/** `/sitemap.xml`: every public page. */
import { sitemap } from "~/domain/posts/feeds.server";

export const loader = () => sitemap();
