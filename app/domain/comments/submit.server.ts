/**
 * A reader's comment, from form or JSON to a stored row (docs/behaviour.md §comments):
 * validation, whether the post takes comments, the spam rules and the
 * moderation settings. The server decides everything here; the page and the
 * JSON call both come through `submitComment`.
 */
import { createHash } from "node:crypto";
import { and, eq, gte, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { type Comment, comments, posts, type Settings } from "#db/schema";
import { badRequest, forbidden, notFound, parseInput } from "~/domain/errors.server";
import { notifySafely } from "~/domain/notifications/notify.server";
import { CAPTCHA_FIELD, captchaEnabled, verifyCaptcha } from "~/domain/site/captcha.server";
import { getSettings } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";
import { announceComments } from "./author-notice.server";
import { linkCount } from "./text";
import {
  COMMENT_FLOOD_MS,
  COMMENT_HONEYPOT,
  COMMENT_MAX_LENGTH,
  COMMENT_MAX_LINKS,
  COMMENT_NAME_MAX,
  type CommentStatus,
} from "./vocabulary";

const DAY_MS = 24 * 60 * 60 * 1000;

/** The address as a keyed hash: enough to tell one address from another, never the address. */
export function hashAddress(address: string): string {
  return createHash("sha256").update(`${sessionSecret()}|${address}`).digest("hex").slice(0, 32);
}

export const CommentInput = z.object({
  name: z
    .string({ error: "Name is required" })
    .trim()
    .min(1, "Name is required")
    .max(COMMENT_NAME_MAX, `Name is too long (${COMMENT_NAME_MAX} characters at most)`),
  email: z
    .string({ error: "Email is required" })
    .trim()
    .min(1, "Email is required")
    .max(254, "Email is too long")
    .pipe(z.email({ error: "Enter a valid email address" })),
  body: z
    .string({ error: "Comment is required" })
    .trim()
    .min(1, "Comment is required")
    .max(COMMENT_MAX_LENGTH, `Comment is too long (${COMMENT_MAX_LENGTH} characters at most)`),
  parentId: z.preprocess(
    (v) => (v === "" || v === null || v === undefined ? undefined : v),
    z.coerce.number({ error: "Reply to a comment by its id" }).int().positive().optional(),
  ),
  /** The honeypot: people leave it empty. */
  [COMMENT_HONEYPOT]: z.unknown().optional(),
});

export type SubmitContext = {
  /** The client's address; hashed before it is stored. */
  address: string;
  now?: number;
  /**
   * Held for moderation whatever the settings: a form sent without a CAPTCHA
   * answer while CAPTCHA is on (docs/decisions/131-comment-captcha.md).
   */
  hold?: boolean;
  /**
   * A signed-in member's comment (docs/members.md "Comments as a member"): stored with their
   * subscriber id, held or approved by Settings › Members' comments need approval.
   */
  member?: { id: number };
};

/** Whether readers may comment on `post` now, and why not. */
export function commentsOpen(
  post: { status: string; commentsClosed: boolean; timestamp: Date | number },
  settings: Pick<Settings, "commentsCloseAfterDays">,
  now = Date.now(),
): { open: true } | { open: false; reason: string } {
  if (post.status !== "published") return { open: false, reason: "This post is not published" };
  if (post.commentsClosed) return { open: false, reason: "Comments are closed" };
  const days = settings.commentsCloseAfterDays;
  if (days > 0 && now - new Date(post.timestamp).getTime() > days * DAY_MS) {
    return { open: false, reason: "Comments are closed" };
  }
  return { open: true };
}

/** Words of the Settings list (one a line or comma-separated), lowercased. */
export function disallowedWords(list: string): string[] {
  return list
    .split(/[\n,]/)
    .map((w) => w.trim().toLowerCase())
    .filter(Boolean);
}

/** Which spam rule, if any, catches this comment (only when Spam Filters are on). */
export function spamReason(
  db: Db,
  input: { name: string; email: string; body: string; honeypot: unknown },
  ipHash: string,
  settings: Settings,
  now: number,
): string | null {
  if (!settings.enableSpamFilters) return null;
  if (typeof input.honeypot === "string" && input.honeypot.trim() !== "") return "honeypot";
  if (linkCount(input.body) > COMMENT_MAX_LINKS) return "too many links";
  const text = `${input.name}\n${input.email}\n${input.body}`.toLowerCase();
  const word = disallowedWords(settings.commentDisallowedWords).find((w) => text.includes(w));
  if (word) return "disallowed word";
  const recent = db
    .select({ id: comments.id })
    .from(comments)
    .where(
      and(eq(comments.ipHash, ipHash), gte(comments.createdAt, new Date(now - COMMENT_FLOOD_MS))),
    )
    .limit(1)
    .get();
  if (recent) return "flood";
  return null;
}

/**
 * Moderation: approved at once, or pending (auto-approve lets returning commenters through:
 * `sameAuthor` finds the commenter's earlier comments).
 */
export function moderatedStatus(db: Db, sameAuthor: SQL, settings: Settings): CommentStatus {
  if (!settings.enableCommentModeration) return "approved";
  if (settings.autoApproveComments) {
    const earlier = db
      .select({ id: comments.id })
      .from(comments)
      .where(and(sameAuthor, eq(comments.status, "approved")))
      .limit(1)
      .get();
    if (earlier) return "approved";
  }
  return "pending";
}

/** The top-level comment a reply hangs under (replies are one level deep). */
function threadParent(db: Db, postId: number, parentId: number | undefined): number | null {
  if (parentId === undefined) return null;
  const parent = db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      status: comments.status,
    })
    .from(comments)
    .where(eq(comments.id, parentId))
    .get();
  if (!parent || parent.postId !== postId || parent.status !== "approved") {
    throw badRequest("The comment you replied to is not on this post");
  }
  return parent.parentId ?? parent.id;
}

/** The post, the settings and the checked input, or the refusal (404, 403, 400). */
function prepareComment(db: Db, postId: number, raw: unknown, now: number) {
  const post = db
    .select({
      id: posts.id,
      status: posts.status,
      commentsClosed: posts.commentsClosed,
      timestamp: posts.timestamp,
    })
    .from(posts)
    .where(eq(posts.id, postId))
    .get();
  if (post?.status !== "published") throw notFound("Post not found");
  const settings = getSettings(db);
  const open = commentsOpen(post, settings, now);
  if (!open.open) throw forbidden(open.reason);
  const input = parseInput(CommentInput, raw);
  const parentId = threadParent(db, postId, input.parentId);
  return { settings, input, parentId };
}

/**
 * Stores a reader's comment on a published post that takes comments. Returns
 * the row; its status says whether it shows (approved) or waits (pending, or
 * spam, which the reader is told is awaiting moderation). The CAPTCHA is
 * `submitReaderComment`'s; this is the rest.
 */
export function submitComment(
  db: Db,
  postId: number,
  raw: unknown,
  context: SubmitContext,
): Comment {
  const now = context.now ?? Date.now();
  const { settings, input, parentId } = prepareComment(db, postId, raw, now);
  const ipHash = hashAddress(context.address);
  const reason = spamReason(
    db,
    { ...input, honeypot: input[COMMENT_HONEYPOT] },
    ipHash,
    settings,
    now,
  );
  const status = reason
    ? "spam"
    : context.hold
      ? "pending"
      : context.member
        ? settings.memberCommentsNeedApproval
          ? "pending"
          : "approved"
        : moderatedStatus(
            db,
            sql`lower(${comments.email}) = ${input.email.toLowerCase()}`,
            settings,
          );
  const row = db
    .insert(comments)
    .values({
      uid: crypto.randomUUID(),
      postId,
      parentId,
      name: input.name,
      email: input.email,
      body: input.body,
      status,
      ipHash,
      spamReason: reason,
      memberId: context.member?.id ?? null,
      createdAt: new Date(now),
    })
    .returning()
    .get();
  announceNewComment(db, row, now);
  return row;
}

/** Who hears of a comment just stored: moderators when it waits, the post's author. */
export function announceNewComment(db: Db, row: Comment, now: number): void {
  // Moderators hear of a comment that waits for them (Settings › Notifications).
  if (row.status === "pending") {
    notifySafely(db, {
      kind: "comment-pending",
      message: `A comment by ${row.name} waits for moderation`,
      link: "/admin/comments?status=pending",
    });
  }
  // The post's author hears of it (not of spam, not of their own).
  announceComments(db, [row.id], new Date(now));
}

export type CommentChannel = "json" | "form";

/**
 * A reader's comment with Settings › Enable CAPTCHA applied
 * (docs/decisions/131-comment-captcha.md), as for the newsletter signup:
 * - the JSON call needs a valid answer (400 without one);
 * - the post page's form checks an answer when one is sent (400 when it is
 *   wrong, expired or used); without one (no JavaScript) the comment is taken
 *   but held for moderation.
 * The input is checked before the answer, so a typo does not use it up.
 */
export async function submitReaderComment(
  db: Db,
  postId: number,
  raw: Record<string, unknown>,
  context: SubmitContext & { channel: CommentChannel },
): Promise<Comment> {
  const { [CAPTCHA_FIELD]: answer, ...fields } = raw;
  let hold = false;
  if (captchaEnabled(db)) {
    if (context.channel === "json" || (answer !== undefined && answer !== "")) {
      prepareComment(db, postId, fields, context.now ?? Date.now());
      await verifyCaptcha(db, answer);
    } else {
      hold = true;
    }
  }
  return submitComment(db, postId, fields, { ...context, hold: context.hold || hold });
}
