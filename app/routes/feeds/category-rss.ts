/** `/category/:category/rss.xml`: one category's newest posts, RSS 2.0. */

import type { Route } from "./+types/category-rss";
import { loader as feedLoader } from "./feed";

export const loader = ({ request, params }: Route.LoaderArgs) => feedLoader({ request, params });
