/** `POST /posts/like/:id` (docs/api.md): +1 like, no body; a signed-in member's is noted as theirs. */

import { recordMemberLike } from "~/domain/members/data.server";
import { getMember } from "~/domain/members/session.server";
import { likePost } from "~/domain/posts/engagement.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader } from "~/web/api.server";
import type { Route } from "./+types/api.posts-like";

export const loader = postOnlyLoader;

export const action = apiHandler(({ params, request }: Route.ActionArgs) => {
  const db = getDb();
  const liked = likePost(db, params.id);
  const member = getMember(request, db);
  if (member) recordMemberLike(db, member.id, liked.id);
  return { type: "success", message: "Liked", ...liked };
});
