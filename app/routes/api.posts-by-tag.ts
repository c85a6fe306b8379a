/**
 * `GET /get/posts/by-tag/{tag}` (docs/api.md; tag `interest_rates`) → the tag's
 * published posts, newest first. `?limit=`, `?offset=`; total in `X-Total-Count`.
 */

import { getDb } from "~/platform/db.server";
import { apiHandler, READS_CONTENT } from "~/web/api.server";
import { postsByTag, readPaging } from "~/web/public-api.server";
import type { Route } from "./+types/api.posts-by-tag";

export const loader = apiHandler(({ request, params }: Route.LoaderArgs) => {
  const { items, total } = postsByTag(getDb(), params.tag, readPaging(request));
  return Response.json(items, { headers: { "X-Total-Count": String(total) } });
}, READS_CONTENT);
