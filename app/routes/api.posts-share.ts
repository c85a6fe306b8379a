/** `POST /posts/share/:id` (docs/api.md): +1 share, no body (sent as a beacon on a share click). */

import { sharePost } from "~/domain/posts/engagement.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader } from "~/web/api.server";
import type { Route } from "./+types/api.posts-share";

export const loader = postOnlyLoader;

export const action = apiHandler(({ params }: Route.ActionArgs) => ({
  type: "success",
  message: "Shared",
  ...sharePost(getDb(), params.id),
}));
