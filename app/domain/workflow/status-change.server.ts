/**
 * The one way a post's status changes, and the one place a post gets a new version
 * (docs/behaviour.md §workflow, docs/decisions/160-one-status-change.md): publish, submit for
 * review, schedule, unschedule, go live, approve, send back, unpublish, trash, restore from the
 * trash, a save that keeps the status, and restoring a revision all call `changeStatus`, which
 *
 * - checks the step is allowed: who may take it, and from which status;
 * - writes the status, with the fields and tags that come with it, in one conditional UPDATE that
 *   adds one to `version` (`… WHERE version = read AND status = read`), so of two writers of one
 *   version exactly one wins, and records the revision in the same transaction;
 * - notes it once the write is in: the audit log (a person's publish, unpublish and trash), the
 *   review and go-live notices (docs/decisions/083-notifications.md), and the scheduler's wake-up
 *   when a schedule is set, moved or cleared.
 *
 * A refused change writes nothing.
 */
import { and, desc, eq, lte } from "drizzle-orm";
import { type Post, postRevisions, posts, postTags } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import type { AuditAction } from "~/domain/audit/actions";
import { recordAudit } from "~/domain/audit/audit.server";
import { mayTouchStoredPost } from "~/domain/bylines/membership.server";
import { badRequest, DomainError, forbidden } from "~/domain/errors.server";
import { notifySafely, notifyStaffSafely } from "~/domain/notifications/notify.server";
import { assertWriter } from "~/domain/posts/staff-views.server";
import type { PostStatus } from "~/domain/posts/statuses";
import { recordRevision } from "~/domain/workflow/revisions.server";
import { kickPostScheduler } from "~/domain/workflow/scheduler-slot.server";
import { siteTimeZone } from "~/domain/workflow/site-time-zone.server";
import { assertMaySchedule, revisionReason } from "~/domain/workflow/transitions.server";
import type { Db } from "~/platform/db.server";

/** What a change needs to know of the post as the caller read it. */
export type PostState = Pick<
  Post,
  "id" | "status" | "version" | "title" | "authorId" | "publishAt"
>;

/** The columns of `PostState`, for callers that select only those. */
export const postStateColumns = {
  id: posts.id,
  status: posts.status,
  version: posts.version,
  title: posts.title,
  authorId: posts.authorId,
  publishAt: posts.publishAt,
};

/** The columns a save or a restore writes along with the status. */
export type PostFields = Partial<
  Pick<
    Post,
    | "title"
    | "slug"
    | "url"
    | "summary"
    | "content"
    | "categoryId"
    | "photo"
    | "socialCard"
    | "commentsClosed"
    | "visibility"
  >
>;

/**
 * The steps a caller names. A save names none: its step follows from the statuses
 * before and after (publish, submit, schedule, unpublish, trash, …).
 */
export type NamedStep = "approve" | "send-back" | "go-live" | "restore";

/** The named steps' rules: the only status they start from, the one they lead to, and why. */
const NAMED: Record<
  Exclude<NamedStep, "restore">,
  { from: PostStatus; to: PostStatus; reason: string; refused: string }
> = {
  approve: {
    from: "reviewing",
    to: "published",
    reason: "Approved and published",
    refused: "Only a post in review can be approved",
  },
  "send-back": {
    from: "reviewing",
    to: "draft",
    reason: "Sent back to the author",
    refused: "Only a post in review can be sent back",
  },
  "go-live": {
    from: "scheduled",
    to: "published",
    reason: "Published as scheduled",
    refused: "Only a scheduled post goes live",
  },
};

export type StatusChange = {
  /** The post as the caller read it: the write applies only while it still stands so. */
  post: PostState;
  to: PostStatus;
  step?: NamedStep;
  fields?: PostFields;
  /** The post's tags from now on (all of them); undefined leaves them. */
  tagIds?: number[];
  /** The time a schedule asks for (a future one, `futurePublishAt`). */
  publishAt?: Date | null;
  /** The reviewer's note (send back), kept with the revision. */
  note?: string;
  /** The revision's reason where the step does not say it (a restore names its revision). */
  reason?: string;
  now?: Date;
};

/** Approve and Send back are an Editor's or an Administrator's. */
export function assertReviewer(actor: SessionUser): void {
  if (!can(actor.role, "seeAllPosts")) {
    throw forbidden("Only Editors and Administrators review posts");
  }
}

/**
 * Changes a post's status (or, with `to` its current status, writes a new version of it) as
 * `actor` (null: the scheduler, whose only step is `go-live`). Throws DomainError for a refused
 * step (403, 400) and for a post written meanwhile (409; 400 for a review step). Returns false
 * only when the scheduler's post is no longer due (someone else got there first).
 */
export function changeStatus(db: Db, actor: SessionUser | null, change: StatusChange): boolean {
  const now = change.now ?? new Date();
  const { post, to, step } = change;
  if (!mayChange(db, actor, change, now)) return false;
  const from = post.status;
  const publishAt = to === "scheduled" ? (change.publishAt ?? post.publishAt) : null;
  const reason =
    change.reason ??
    (step && step !== "restore" ? NAMED[step].reason : undefined) ??
    revisionReason(from, to, publishAt, to === "scheduled" ? siteTimeZone(db) : "UTC");
  const written = db.transaction((tx) => {
    const txDb = tx as unknown as Db;
    if (step === "restore") keepCurrentVersion(txDb, actor, post, now);
    const result = txDb
      .update(posts)
      .set({
        ...change.fields,
        status: to,
        updatedAt: now,
        publishAt,
        version: post.version + 1,
        ...(to === from ? {} : { timestamp: step === "go-live" ? (post.publishAt ?? now) : now }),
      })
      .where(
        and(
          eq(posts.id, post.id),
          eq(posts.version, post.version),
          eq(posts.status, from),
          step === "go-live" ? lte(posts.publishAt, now) : undefined,
        ),
      )
      .run();
    if (result.changes !== 1) return false;
    if (change.tagIds) writeTags(txDb, post.id, change.tagIds);
    recordRevision(txDb, post.id, actor, reason, { note: change.note, now });
    return true;
  });
  if (!written) {
    if (step === "go-live") return false;
    // Another writer got in between the read and this write.
    if (step === "approve" || step === "send-back") throw badRequest(NAMED[step].refused);
    throw new DomainError(409, "Saved by someone else while you were editing");
  }
  noteChange(db, actor, { ...post, title: change.fields?.title ?? post.title }, from, to, change);
  return true;
}

/** Who may take the step, from which status; false for the scheduler's post no longer due. */
function mayChange(db: Db, actor: SessionUser | null, change: StatusChange, now: Date): boolean {
  const { post, to, step } = change;
  const named = step && step !== "restore" ? NAMED[step] : undefined;
  if (named && to !== named.to) throw badRequest(named.refused);
  if (actor === null || step === "go-live") {
    if (actor !== null) throw forbidden("Scheduled posts go live at their time");
    if (step !== "go-live") throw forbidden("Only the scheduler changes a post on its own");
    return post.status === "scheduled" && post.publishAt !== null && post.publishAt <= now;
  }
  assertWriter(actor);
  if (!mayTouchStoredPost(db, actor, post)) throw forbidden("You can only change your own posts");
  if (step === "approve" || step === "send-back") assertReviewer(actor);
  if (named && post.status !== named.from) throw badRequest(named.refused);
  if (step === "send-back" && !change.note?.trim()) throw badRequest("Write a note for the author");
  if (step === "restore" && to !== post.status) throw badRequest("A restore keeps the status");
  if (to === "published" && post.status !== "published" && !can(actor.role, "publishPosts")) {
    throw forbidden("Contributors cannot publish posts; Publish sends the post to review");
  }
  if (to === "scheduled" && (post.status !== "scheduled" || change.publishAt)) {
    assertMaySchedule(actor);
  }
  if (to === "scheduled" && !(change.publishAt ?? post.publishAt)) {
    throw badRequest("publishAt: choose the date and time to publish at");
  }
  return true;
}

/** A restore first keeps the post as it stands, unless its history already holds that version. */
function keepCurrentVersion(db: Db, actor: SessionUser | null, post: PostState, now: Date) {
  const newest = db
    .select({ version: postRevisions.version })
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, post.id), eq(postRevisions.kind, "save")))
    .orderBy(desc(postRevisions.id))
    .limit(1)
    .get();
  if (newest?.version !== post.version)
    recordRevision(db, post.id, actor, "Before restore", { now });
}

/** Puts a post's tags to exactly `tagIds`. */
export function writeTags(db: Db, postId: number, tagIds: number[]) {
  db.delete(postTags).where(eq(postTags.postId, postId)).run();
  if (tagIds.length > 0) {
    db.insert(postTags)
      .values(tagIds.map((tagId) => ({ postId, tagId })))
      .run();
  }
}

/** A person's publish, unpublish and trash go to the audit log (docs/behaviour.md §audit). */
function auditAction(from: PostStatus | null, to: PostStatus): AuditAction | undefined {
  if (from === to) return undefined;
  if (to === "trash") return "post-trashed";
  if (to === "published") return "post-published";
  if (from === "published") return "post-unpublished";
  return undefined;
}

type NotedPost = Pick<Post, "id" | "title" | "authorId">;

/**
 * What follows a committed change (`from` null: a new post): the audit row, the review and
 * go-live notices, and the scheduler's wake-up. Notices never undo the write.
 */
export function noteChange(
  db: Db,
  actor: SessionUser | null,
  post: NotedPost,
  from: PostStatus | null,
  to: PostStatus,
  options: { step?: NamedStep; note?: string } = {},
): void {
  if ((from === "scheduled" || to === "scheduled") && options.step !== "go-live") {
    kickPostScheduler();
  }
  const ref = { id: post.id, title: post.title, authorId: post.authorId };
  const link = `/admin/posts/edit/${post.id}`;
  if (actor === null) {
    if (options.step !== "go-live") return;
    // Once per post: only the writer whose update changed the row gets here.
    notifySafely(db, {
      kind: "post-live",
      message: `“${post.title}” went live as scheduled`,
      link,
    });
    notifyStaffSafely(db, { kind: "post-live", post: ref, actorId: null });
    return;
  }
  const action = auditAction(from, to);
  if (action) {
    recordAudit(db, {
      action,
      actor,
      targetType: "post",
      targetId: post.id,
      summary: post.title,
      address: actor.address,
    });
  }
  if (from === to) return;
  if (to === "reviewing") {
    const message = `${actor.name} submitted "${post.title}" for review`;
    notifySafely(db, { kind: "post-submitted", message, link });
    notifyStaffSafely(db, { kind: "post-submitted", post: ref, actorId: actor.id });
  } else if (from === "reviewing" && (to === "published" || to === "draft")) {
    const kind = to === "published" ? "post-approved" : "post-sent-back";
    notifyStaffSafely(db, { kind, post: ref, actorId: actor.id, note: options.note });
  }
}
