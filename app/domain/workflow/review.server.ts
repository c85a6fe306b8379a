/**
 * The review queue (docs/behaviour.md §workflow): posts a Contributor's
 * Publish put in `reviewing`. Editors and Administrators approve (Publish),
 * schedule, or send one back to its author with a note; the note is kept
 * with the revision and shown to the author on their posts list.
 */
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import { postRevisions, posts } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { parseInput } from "~/domain/errors.server";
import { loadOwnedPost } from "~/domain/posts/staff-views.server";
import { assertReviewer, changeStatus } from "~/domain/workflow/status-change.server";
import { type Db, getDb } from "~/platform/db.server";

/** Reviewing posts the queue holds (every one for Editors and Administrators). */
export function countReviewing(actor: SessionUser, db: Db = getDb()): number {
  if (!can(actor.role, "seeAllPosts")) return 0;
  return (
    db.select({ n: sql<number>`count(*)` }).from(posts).where(eq(posts.status, "reviewing")).get()
      ?.n ?? 0
  );
}

const SendBackSchema = z.object({
  note: z
    .string({ error: "Write a note for the author" })
    .trim()
    .min(1, "Write a note for the author")
    .max(2000, "The note: at most 2000 characters"),
});

/** Approve or Send back, an Editor's or Administrator's, of a post in review as it stands. */
function review(
  actor: SessionUser,
  postId: number,
  change: { step: "approve" | "send-back"; note?: string },
  options: ReviewOptions,
): void {
  const db = options.db ?? getDb();
  const post = loadOwnedPost(db, actor, postId);
  const to = change.step === "approve" ? "published" : "draft";
  changeStatus(db, actor, { post, to, ...change, now: options.now });
}

type ReviewOptions = { now?: Date; db?: Db };

/** Send back: the post returns to `draft` with the note for its author. */
export function sendBack(
  actor: SessionUser,
  postId: number,
  input: unknown,
  options: ReviewOptions = {},
): void {
  assertReviewer(actor);
  const { note } = parseInput(SendBackSchema, input);
  review(actor, postId, { step: "send-back", note }, options);
}

/**
 * The newest Send back note of each post that is still a draft since
 * (for the author's posts list): post id → note and who wrote it.
 */
export function sendBackNotes(
  postIds: number[],
  db: Db = getDb(),
): Map<number, { note: string; by: string }> {
  const notes = new Map<number, { note: string; by: string }>();
  if (postIds.length === 0) return notes;
  const rows = db
    .select({
      postId: postRevisions.postId,
      note: postRevisions.note,
      by: postRevisions.userName,
      reason: postRevisions.reason,
      status: posts.status,
    })
    .from(postRevisions)
    .innerJoin(posts, eq(posts.id, postRevisions.postId))
    .where(and(inArray(postRevisions.postId, postIds), eq(postRevisions.kind, "save")))
    .orderBy(desc(postRevisions.id))
    .all();
  const seen = new Set<number>();
  for (const r of rows) {
    if (seen.has(r.postId)) continue;
    seen.add(r.postId);
    // Only while the newest revision is the send back and the post is still a draft.
    if (r.reason === "Sent back to the author" && r.note && r.status === "draft") {
      notes.set(r.postId, { note: r.note, by: r.by });
    }
  }
  return notes;
}

/** Approve and publish. */
export function approveAndPublish(actor: SessionUser, postId: number, options: ReviewOptions = {}) {
  assertReviewer(actor);
  review(actor, postId, { step: "approve" }, options);
}
