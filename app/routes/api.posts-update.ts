/**
 * `POST /posts/update/:id` (SPEC §7), sent with `navigator.sendBeacon` on
 * page unload. Body `{avgTime}`: this visit's time on page (see `visitSchema`).
 */
import { getDb } from "~/db.server";
import { recordVisit } from "~/engagement.server";
import { jsonResult, methodNotAllowed, readBody } from "~/json.server";
import type { Route } from "./+types/api.posts-update";

export const loader = methodNotAllowed;

export function action({ params, request }: Route.ActionArgs) {
  return jsonResult(async () => ({
    message: "Visit recorded",
    ...recordVisit(getDb(), params.id, await readBody(request)),
  }));
}
