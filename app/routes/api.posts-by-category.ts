/**
 * `GET /get/posts/{category_key}` (docs/api.md; key `freshly_pressed`) → the
 * category's published posts, newest first. `?limit=` (1–50, default 10) and
 * `?offset=`; the total is in `X-Total-Count`.
 */

import { getDb } from "~/platform/db.server";
import { apiHandler, READS_CONTENT } from "~/web/api.server";
import { postsByCategoryKey, readPaging } from "~/web/public-api.server";
import type { Route } from "./+types/api.posts-by-category";

export const loader = apiHandler(({ request, params }: Route.LoaderArgs) => {
  const { items, total } = postsByCategoryKey(getDb(), params.categoryKey, readPaging(request));
  return Response.json(items, { headers: { "X-Total-Count": String(total) } });
}, READS_CONTENT);
