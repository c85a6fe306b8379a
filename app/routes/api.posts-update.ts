/**
 * `POST /posts/update/:id` (SPEC §7), sent with `navigator.sendBeacon` on
 * page unload. Body `{avgTime}`: this visit's time on page (see `visitSchema`).
 * `readBody` also takes the beacon's text/plain JSON.
 */
import { apiHandler, postOnlyLoader } from "~/api.server";
import { getDb } from "~/db.server";
import { recordVisit } from "~/engagement.server";
import { readBody } from "~/json.server";
import type { Route } from "./+types/api.posts-update";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ params, request }: Route.ActionArgs) => ({
  type: "success",
  message: "Visit recorded",
  ...recordVisit(getDb(), params.id, await readBody(request)),
}));
