/**
 * `GET /get/comments/:postId` (docs/api.md): a published post's approved
 * comments, oldest first, replies under their comment; never an e-mail.
 */
import { approvedCount, publicComments } from "~/domain/comments/comments.server";
import { notFound } from "~/domain/errors.server";
import { parsePostId } from "~/domain/posts/ids";
import { getPublishedPost } from "~/domain/posts/reading.server";
import { getDb } from "~/platform/db.server";
import { apiHandler } from "~/web/api.server";
import type { Route } from "./+types/api.comments-get";

export const loader = apiHandler(({ params }: Route.LoaderArgs) => {
  const id = parsePostId(params.postId);
  const db = getDb();
  if (id === undefined || !getPublishedPost(db, id)) throw notFound("Post not found");
  return {
    postId: id,
    count: approvedCount(db, id),
    comments: publicComments(db, id).map(({ approved: _approved, ...c }) => ({
      ...c,
      replies: c.replies.map(({ approved: _a, replies: _r, ...r }) => r),
    })),
  };
});
