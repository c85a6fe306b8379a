/**
 * Comments written by a signed-in member (docs/members.md "Comments as a member"): no name,
 * e-mail or CAPTCHA to give (the account's are used), the spam rules as for everyone, and the
 * member may edit their comment for MEMBER_EDIT_WINDOW_MS and delete it, their own only.
 */
import { and, eq, ne } from "drizzle-orm";
import { z } from "zod";
import { type Comment, comments } from "#db/schema";
import { badRequest, forbidden, notFound, parseInput } from "~/domain/errors.server";
import type { Member } from "~/domain/members/session.server";
import { getSettings } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { CommentInput, disallowedWords, type SubmitContext, submitComment } from "./submit.server";
import { linkCount } from "./text";
import { COMMENT_HONEYPOT, COMMENT_MAX_LINKS, COMMENT_NAME_MAX } from "./vocabulary";

/** A member may change their comment for this long after writing it. */
export const MEMBER_EDIT_WINDOW_MS = 10 * 60 * 1000;

/** The name a member's comment shows: the account's, else a neutral word (never the address). */
export function memberDisplayName(member: Pick<Member, "name">): string {
  return member.name.trim().slice(0, COMMENT_NAME_MAX) || "Member";
}

/** Stores a member's comment on `postId`: the body (and reply target) from `raw`, the rest from the account. */
export function submitMemberComment(
  db: Db,
  postId: number,
  member: Member,
  raw: Record<string, unknown>,
  context: Omit<SubmitContext, "member" | "hold">,
): Comment {
  return submitComment(
    db,
    postId,
    {
      body: raw.body,
      parentId: raw.parentId,
      [COMMENT_HONEYPOT]: raw[COMMENT_HONEYPOT],
      name: memberDisplayName(member),
      email: member.email,
    },
    { ...context, member: { id: member.id } },
  );
}

/** The member's own comment, or the refusal: 404 when there is none, 403 when it is another's. */
function ownComment(db: Db, member: Member, commentId: unknown): Comment {
  const id = parseInput(
    z.object({ id: z.coerce.number({ error: "Which comment?" }).int().positive("Which comment?") }),
    { id: commentId },
  ).id;
  const row = db
    .select()
    .from(comments)
    .where(and(eq(comments.id, id), ne(comments.status, "trash")))
    .get();
  if (!row) throw notFound("Comment not found");
  if (row.memberId !== member.id) throw forbidden("You can only change your own comments");
  return row;
}

/** Whether `comment` may still be edited at `now`. */
export function withinEditWindow(comment: { createdAt: Date | number }, now = Date.now()): boolean {
  return now - new Date(comment.createdAt).getTime() <= MEMBER_EDIT_WINDOW_MS;
}

/**
 * Changes the text of the member's own comment within MEMBER_EDIT_WINDOW_MS of writing it.
 * The Spam Filters' word and link rules apply to the new text: a text they catch is refused.
 */
export function editMemberComment(
  db: Db,
  member: Member,
  commentId: unknown,
  raw: { body?: unknown },
  now = Date.now(),
): Comment {
  const row = ownComment(db, member, commentId);
  if (!withinEditWindow(row, now)) {
    throw forbidden("A comment can only be edited in the 10 minutes after it is posted");
  }
  const { body } = parseInput(CommentInput.pick({ body: true }), raw);
  const settings = getSettings(db);
  if (settings.enableSpamFilters) {
    const text = `${row.name}\n${row.email}\n${body}`.toLowerCase();
    if (
      linkCount(body) > COMMENT_MAX_LINKS ||
      disallowedWords(settings.commentDisallowedWords).some((w) => text.includes(w))
    ) {
      throw badRequest("This comment cannot be saved: it has too many links or a blocked word");
    }
  }
  return db
    .update(comments)
    .set({ body, editedAt: now })
    .where(eq(comments.id, row.id))
    .returning()
    .get();
}

/** Deletes the member's own comment: moved to Trash, where moderators may still see it. */
export function deleteMemberComment(db: Db, member: Member, commentId: unknown): Comment {
  const row = ownComment(db, member, commentId);
  return db
    .update(comments)
    .set({ status: "trash" })
    .where(eq(comments.id, row.id))
    .returning()
    .get();
}

/** The member's comments on a post that are not deleted: their ids and when each was written. */
export function memberCommentsOn(
  db: Db,
  member: Member,
  postId: number,
): { id: number; createdAt: Date }[] {
  return db
    .select({ id: comments.id, createdAt: comments.createdAt })
    .from(comments)
    .where(
      and(
        eq(comments.memberId, member.id),
        eq(comments.postId, postId),
        ne(comments.status, "trash"),
      ),
    )
    .all();
}

/** What the post page needs to know of a signed-in member: the name, their comments there. */
export function memberView(db: Db, member: Member, postId: number, now = Date.now()) {
  return {
    name: memberDisplayName(member),
    comments: memberCommentsOn(db, member, postId).map((c) => ({
      id: c.id,
      editable: withinEditWindow(c, now),
    })),
  };
}
