/**
 * `GET /get/post/{id}/{category_key}/{url}` (docs/api.md) → the published post
 * with readAlso{url, title}, tag names and avgTime "Xm Ys"; 404 otherwise.
 */

import { getDb } from "~/platform/db.server";
import { apiHandler, READS_CONTENT } from "~/web/api.server";
import { publishedPostDetail } from "~/web/public-api.server";
import { viewerOf } from "~/web/viewer.server";
import type { Route } from "./+types/api.post-detail";

export const loader = apiHandler(async ({ params, request }: Route.LoaderArgs) => {
  const db = getDb();
  return publishedPostDetail(db, params.id, await viewerOf(request, db));
}, READS_CONTENT);
