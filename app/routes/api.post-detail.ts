/**
 * `GET /get/post/{id}/{category_key}/{url}` (docs/api.md) → the published post
 * with readAlso{url, title}, tag names and avgTime "Xm Ys"; 404 otherwise.
 */

import { getDb } from "~/platform/db.server";
import { apiHandler, READS_CONTENT } from "~/web/api.server";
import { publishedPostDetail } from "~/web/public-api.server";
import type { Route } from "./+types/api.post-detail";

export const loader = apiHandler(
  ({ params }: Route.LoaderArgs) => publishedPostDetail(getDb(), params.id),
  READS_CONTENT,
);
