/**
 * A signed-in member's comment forms on the post page (docs/members.md "Comments as a member"),
 * without JavaScript as with it: post, edit (10 minutes) and delete, each answered with a 303
 * back to the post and a message, or the page again with the refusal (4xx).
 */
import { data } from "react-router";
import {
  deleteMemberComment,
  editMemberComment,
  submitMemberComment,
} from "~/domain/comments/member-comments.server";
import { isDomainError } from "~/domain/errors.server";
import type { Member } from "~/domain/members/session.server";
import { getDb } from "~/platform/db.server";
import { type CommentFormResult, commentMessage } from "~/web/comments.server";
import { redirectWithFlash } from "~/web/flash.server";

export async function postMemberCommentForm(
  post: { id: number; url: string },
  member: Member,
  address: string,
  fields: Record<string, string>,
) {
  const db = getDb();
  try {
    if (fields.intent === "comment-edit") {
      const row = editMemberComment(db, member, fields.commentId, fields);
      return await redirectWithFlash(`${post.url}#comment-${row.id}`, {
        scope: "comment",
        type: "success",
        message: "Your comment is updated.",
      });
    }
    if (fields.intent === "comment-delete") {
      deleteMemberComment(db, member, fields.commentId);
      return await redirectWithFlash(`${post.url}#comments-heading`, {
        scope: "comment",
        type: "success",
        message: "Your comment is deleted.",
      });
    }
    const row = submitMemberComment(db, post.id, member, fields, { address });
    return await redirectWithFlash(`${post.url}#comment-${row.id}`, {
      scope: "comment",
      type: "success",
      message: commentMessage(row.status),
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data(
      {
        type: "error" as const,
        message: error.message,
        values: { name: "", email: "", body: fields.body ?? "", parentId: fields.parentId ?? "" },
      } satisfies CommentFormResult,
      { status: error.status },
    );
  }
}
