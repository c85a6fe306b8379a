/**
 * `POST /posts/update/:id` (docs/api.md), sent with `navigator.sendBeacon` on
 * page unload. Body `{avgTime}`: this visit's time on page (see `visitSchema`).
 * `readAnyBody` also takes the beacon's text/plain JSON.
 */

import { recordVisit } from "~/domain/posts/engagement.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readAnyBody } from "~/web/api.server";
import type { Route } from "./+types/api.posts-update";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ params, request }: Route.ActionArgs) => ({
  type: "success",
  message: "Visit recorded",
  ...recordVisit(getDb(), params.id, await readAnyBody(request)),
}));
