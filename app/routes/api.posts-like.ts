/** `POST /posts/like/:id` (docs/api.md): +1 like, no body. */

import { likePost } from "~/domain/posts/engagement.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader } from "~/web/api.server";
import type { Route } from "./+types/api.posts-like";

export const loader = postOnlyLoader;

export const action = apiHandler(({ params }: Route.ActionArgs) => ({
  type: "success",
  message: "Liked",
  ...likePost(getDb(), params.id),
}));
