/** `POST /posts/like/:id` (SPEC §7): +1 like, no body. */
import { getDb } from "~/db.server";
import { likePost } from "~/engagement.server";
import { jsonResult, methodNotAllowed } from "~/json.server";
import type { Route } from "./+types/api.posts-like";

export const loader = methodNotAllowed;

export function action({ params }: Route.ActionArgs) {
  return jsonResult(() => ({ message: "Liked", ...likePost(getDb(), params.id) }));
}
