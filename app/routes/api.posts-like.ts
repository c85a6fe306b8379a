/** `POST /posts/like/:id` (docs/api.md): +1 like, no body; a signed-in member's is noted as theirs. */

import { likeAsReader } from "~/domain/members/data.server";
import { getMember } from "~/domain/members/session.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader } from "~/web/api.server";
import type { Route } from "./+types/api.posts-like";

export const loader = postOnlyLoader;

export const action = apiHandler(({ params, request }: Route.ActionArgs) => {
  const db = getDb();
  return {
    type: "success",
    message: "Liked",
    ...likeAsReader(db, params.id, getMember(request, db)),
  };
});
