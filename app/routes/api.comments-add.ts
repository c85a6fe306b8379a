/**
 * `POST /comments/add/:postId` (docs/api.md): a reader's comment, JSON or a
 * form, with the same validation, spam rules and moderation as the form under
 * the post. The answer says whether it is published or awaiting moderation
 * (a comment caught as spam is reported as awaiting moderation). While
 * CAPTCHA is on, `altcha` (the widget's answer) is required.
 */
import { submitReaderComment } from "~/domain/comments/submit.server";
import { notFound } from "~/domain/errors.server";
import { parsePostId } from "~/domain/posts/ids";
import { clientAddressContext } from "~/nonce";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readAnyBody } from "~/web/api.server";
import { commentMessage } from "~/web/comments.server";
import type { Route } from "./+types/api.comments-add";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ params, request, context }: Route.ActionArgs) => {
  const id = parsePostId(params.postId);
  if (id === undefined) throw notFound("Post not found");
  const body = await readAnyBody(request);
  const comment = await submitReaderComment(getDb(), id, body, {
    address: context.get(clientAddressContext),
    channel: "json",
  });
  const status = comment.status === "approved" ? "approved" : "pending";
  return {
    type: "success",
    message: commentMessage(comment.status),
    comment: {
      id: comment.id,
      parentId: comment.parentId,
      name: comment.name,
      body: comment.body,
      status,
      createdAt: comment.createdAt.getTime(),
    },
  };
});
