/**
 * Reading and moderating comments (docs/behaviour.md §comments). Readers see
 * approved comments (and their own waiting ones); Administrators moderate.
 * The e-mail leaves this module only in the moderation list.
 */
import { and, asc, count, desc, eq, inArray, or, type SQL, sql } from "drizzle-orm";
import { comments, posts } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { badRequest, notFound, parseInput } from "~/domain/errors.server";
import { type Db, preparedOnce } from "~/platform/db.server";
import { announceComments } from "./author-notice.server";
import { CommentInput } from "./submit.server";
import {
  type CommentStatus,
  type CommentTab,
  MODERATION_ACTIONS,
  type ModerationAction,
} from "./vocabulary";

/** A comment as public pages and the reader API show it: never the e-mail or address. */
export type PublicComment = {
  id: number;
  parentId: number | null;
  name: string;
  body: string;
  createdAt: number;
  /** False for the reader's own comment still awaiting moderation. */
  approved: boolean;
  /** Changed by its member after it was posted. */
  edited: boolean;
  replies: PublicComment[];
  /** Where it came from: "site", or another site's reply (docs/federation.md "What is received"). */
  source: "site" | "fediverse" | "webmention";
  /** A remote reply's `@user@server`, its original's address and its sanitised HTML. */
  handle: string | null;
  remoteUrl: string | null;
  bodyHtml: string | null;
};

const publicColumns = {
  id: comments.id,
  parentId: comments.parentId,
  name: comments.name,
  body: comments.body,
  status: comments.status,
  createdAt: comments.createdAt,
  editedAt: comments.editedAt,
  source: comments.source,
  handle: comments.handle,
  remoteUrl: comments.remoteUrl,
  bodyHtml: comments.bodyHtml,
};

/** A post's approved comments: what nearly every reader sees (compiled once). */
const approvedCommentsQuery = preparedOnce((db) =>
  db
    .select(publicColumns)
    .from(comments)
    .where(and(eq(comments.postId, sql.placeholder("postId")), eq(comments.status, "approved")))
    .orderBy(asc(comments.id))
    .prepare(),
);

const approvedCountQuery = preparedOnce((db) =>
  db
    .select({ n: count() })
    .from(comments)
    .where(and(eq(comments.postId, sql.placeholder("postId")), eq(comments.status, "approved")))
    .prepare(),
);

/**
 * A post's comments, oldest first (newest last), replies under their comment.
 * `ownIds` are the reader's own comments (a signed cookie): those still waiting
 * show to them as awaiting moderation.
 */
export function publicComments(db: Db, postId: number, ownIds: number[] = []): PublicComment[] {
  const rows =
    ownIds.length > 0
      ? db
          .select(publicColumns)
          .from(comments)
          .where(
            and(
              eq(comments.postId, postId),
              or(
                eq(comments.status, "approved"),
                and(
                  inArray(comments.id, ownIds.slice(-50)),
                  inArray(comments.status, ["pending", "spam"]),
                ),
              ),
            ),
          )
          .orderBy(asc(comments.id))
          .all()
      : approvedCommentsQuery(db).all({ postId });
  const top: PublicComment[] = [];
  const byId = new Map<number, PublicComment>();
  for (const row of rows) {
    const item: PublicComment = {
      id: row.id,
      parentId: row.parentId,
      name: row.name,
      body: row.body,
      createdAt: row.createdAt.getTime(),
      approved: row.status === "approved",
      edited: row.editedAt !== null,
      replies: [],
      source: row.source,
      handle: row.handle,
      remoteUrl: row.remoteUrl,
      bodyHtml: row.bodyHtml,
    };
    if (row.parentId === null) {
      top.push(item);
      byId.set(row.id, item);
    } else {
      // A reply shows only under a visible comment.
      byId.get(row.parentId)?.replies.push(item);
    }
  }
  return top;
}

/** Approved comments per post (ids without comments are absent). */
export function approvedCounts(db: Db, postIds: number[]): Map<number, number> {
  if (postIds.length === 0) return new Map();
  const rows = db
    .select({ postId: comments.postId, n: count() })
    .from(comments)
    .where(and(inArray(comments.postId, postIds), eq(comments.status, "approved")))
    .groupBy(comments.postId)
    .all();
  return new Map(rows.map((r) => [r.postId, r.n]));
}

export function approvedCount(db: Db, postId: number): number {
  return approvedCountQuery(db).get({ postId })?.n ?? 0;
}

/** Every approved comment on the site (Analytics, Dashboard). */
export function totalApproved(db: Db): number {
  return (
    db.select({ n: count() }).from(comments).where(eq(comments.status, "approved")).get()?.n ?? 0
  );
}

// ---- Moderation (Administrators) ----

export type ModerationRow = {
  id: number;
  uid: string;
  postId: number;
  postTitle: string;
  postUrl: string;
  parentId: number | null;
  name: string;
  email: string;
  body: string;
  status: CommentStatus;
  spamReason: string | null;
  createdAt: number;
};

/** Counts per tab: All is every status but Trash and Spam, as in the posts list. */
export function moderationCounts(actor: SessionUser, db: Db): Record<CommentTab, number> {
  assertCan(actor, "manageSite");
  const rows = db
    .select({ status: comments.status, n: count() })
    .from(comments)
    .groupBy(comments.status)
    .all();
  const counts = { all: 0, pending: 0, approved: 0, spam: 0, trash: 0 } as Record<
    CommentTab,
    number
  >;
  for (const r of rows) counts[r.status] = r.n;
  counts.all = counts.pending + counts.approved;
  return counts;
}

export const MODERATION_PAGE_SIZE = 20;

export function listForModeration(
  actor: SessionUser,
  db: Db,
  tab: CommentTab,
  page = 1,
): ModerationRow[] {
  assertCan(actor, "manageSite");
  const where =
    tab === "all" ? inArray(comments.status, ["pending", "approved"]) : eq(comments.status, tab);
  return db
    .select({
      id: comments.id,
      uid: comments.uid,
      postId: comments.postId,
      postTitle: posts.title,
      postUrl: posts.url,
      parentId: comments.parentId,
      name: comments.name,
      email: comments.email,
      body: comments.body,
      status: comments.status,
      spamReason: comments.spamReason,
      createdAt: comments.createdAt,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .where(where)
    .orderBy(desc(comments.id))
    .limit(MODERATION_PAGE_SIZE)
    .offset((Math.max(1, page) - 1) * MODERATION_PAGE_SIZE)
    .all()
    .map((r) => ({ ...r, createdAt: r.createdAt.getTime() }));
}

const NEXT_STATUS: Record<Exclude<ModerationAction, "delete">, CommentStatus> = {
  approve: "approved",
  unapprove: "pending",
  spam: "spam",
  trash: "trash",
};

/** Applies one action to the given comments; returns how many changed. */
export function moderateComments(
  actor: SessionUser,
  db: Db,
  ids: number[],
  action: ModerationAction,
): number {
  assertCan(actor, "manageSite");
  if (!MODERATION_ACTIONS.includes(action)) throw badRequest("Unknown comment action");
  const valid = ids.filter((id) => Number.isInteger(id) && id > 0);
  if (valid.length === 0) throw badRequest("Select at least one comment");
  if (action === "delete") {
    return db.delete(comments).where(inArray(comments.id, valid)).run().changes;
  }
  const changed = db
    .update(comments)
    .set({ status: NEXT_STATUS[action] })
    .where(inArray(comments.id, valid))
    .run().changes;
  // A comment caught as spam and approved now is news to the post's author (once).
  if (action === "approve") announceComments(db, valid);
  return changed;
}

/**
 * The Administrator's reply from the back office: approved at once, under the
 * comment's thread, in their name and e-mail. Approves the comment replied to.
 */
export function replyAsStaff(actor: SessionUser, db: Db, commentId: number, body: unknown) {
  assertCan(actor, "manageSite");
  const parent = db.select().from(comments).where(eq(comments.id, commentId)).get();
  if (!parent) throw notFound("Comment not found");
  const input = parseInput(CommentInput, { name: actor.name, email: actor.email, body });
  const reply = db.transaction((tx) => {
    if (parent.status !== "approved") {
      tx.update(comments).set({ status: "approved" }).where(eq(comments.id, parent.id)).run();
    }
    return tx
      .insert(comments)
      .values({
        uid: crypto.randomUUID(),
        postId: parent.postId,
        parentId: parent.parentId ?? parent.id,
        name: input.name,
        email: input.email,
        body: input.body,
        status: "approved",
        userId: actor.id,
      })
      .returning()
      .get();
  });
  announceComments(db, [parent.id, reply.id]);
  return reply;
}

// ---- The generic data calls' `comments` collection (docs/api.md) ----

/** A comment as the staff's generic calls show it (the e-mail included: Administrators only). */
export function commentDocuments(
  actor: SessionUser,
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
) {
  assertCan(actor, "manageSite");
  return db
    .select()
    .from(comments)
    .where(where)
    .orderBy(desc(comments.id))
    .limit(page.limit)
    .offset(page.offset)
    .all()
    .map(({ ipHash: _ipHash, userId: _userId, authorNotifiedAt: _notified, ...c }) => ({
      ...c,
      createdAt: c.createdAt.getTime(),
    }));
}

const STATUS_ACTION: Record<CommentStatus, ModerationAction> = {
  approved: "approve",
  pending: "unapprove",
  spam: "spam",
  trash: "trash",
};

function idByUid(db: Db, uid: string): number {
  const row = db.select({ id: comments.id }).from(comments).where(eq(comments.uid, uid)).get();
  if (!row) throw notFound("Comment not found");
  return row.id;
}

/** `/crud/update/doc` on a comment: only its `status` changes (a moderation action). */
export function updateCommentStatus(
  actor: SessionUser,
  db: Db,
  uid: string,
  data: Record<string, unknown>,
) {
  assertCan(actor, "manageSite");
  const status = data.status as CommentStatus;
  if (!(status in STATUS_ACTION)) {
    throw badRequest("status must be pending, approved, spam or trash");
  }
  const id = idByUid(db, uid);
  moderateComments(actor, db, [id], STATUS_ACTION[status]);
  return db.select().from(comments).where(eq(comments.id, id)).get();
}

export function deleteCommentByUid(actor: SessionUser, db: Db, uid: string) {
  assertCan(actor, "manageSite");
  moderateComments(actor, db, [idByUid(db, uid)], "delete");
}
