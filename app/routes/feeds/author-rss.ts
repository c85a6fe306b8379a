/** `/author/:slug/rss.xml`: the newest published posts one contributor is in the byline of, RSS 2.0. */

import type { Route } from "./+types/author-rss";
import { loader as feedLoader } from "./feed";

export const loader = ({ request, params }: Route.LoaderArgs) => feedLoader({ request, params });
