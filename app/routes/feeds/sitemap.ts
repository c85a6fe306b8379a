/** `/sitemap.xml`: every public page. */
import { sitemap } from "~/feeds.server";

export const loader = () => sitemap();
