/** `POST /posts/like/:id` (SPEC §7): +1 like, no body. */
import { apiHandler, postOnlyLoader } from "~/api.server";
import { getDb } from "~/db.server";
import { likePost } from "~/engagement.server";
import type { Route } from "./+types/api.posts-like";

export const loader = postOnlyLoader;

export const action = apiHandler(({ params }: Route.ActionArgs) => ({
  type: "success",
  message: "Liked",
  ...likePost(getDb(), params.id),
}));
