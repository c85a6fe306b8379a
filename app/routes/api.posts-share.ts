/** `POST /posts/share/:id` (SPEC §7): +1 share, no body (sent as a beacon on a share click). */
import { getDb } from "~/db.server";
import { sharePost } from "~/engagement.server";
import { jsonResult, methodNotAllowed } from "~/json.server";
import type { Route } from "./+types/api.posts-share";

export const loader = methodNotAllowed;

export function action({ params }: Route.ActionArgs) {
  return jsonResult(() => ({ message: "Shared", ...sharePost(getDb(), params.id) }));
}
