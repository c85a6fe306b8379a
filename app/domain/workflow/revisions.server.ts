/**
 * A post's revisions (docs/behaviour.md §workflow): a copy of the post as it
 * stood after each explicit save, status change, restore and scheduled
 * publish, with who, when and why. All of those are kept.
 */
import { and, asc, desc, eq } from "drizzle-orm";
import { categories, postRevisions, posts, postTags, tags, users } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import type { Db } from "~/platform/db.server";

/** Who made a change: a person, or the scheduler (no user). */
export type RevisionAuthor = Pick<SessionUser, "id" | "name"> | null;

/** The scheduler's name in the history. */
export const SCHEDULER_NAME = "Scheduler";

/**
 * Copies post `postId` as it now stands into its history. Call it inside the
 * transaction of the write it records, after the write.
 */
export function recordRevision(
  db: Db,
  postId: number,
  by: RevisionAuthor,
  reason: string,
  options: { note?: string | null; now?: Date } = {},
): void {
  const row = db
    .select({ post: posts, category: categories.name })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.id, postId))
    .get();
  if (!row) return;
  const tagNames = db
    .select({ name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(eq(postTags.postId, postId))
    .orderBy(asc(tags.name))
    .all()
    .map((t) => t.name);
  const { post } = row;
  db.insert(postRevisions)
    .values({
      postId,
      kind: "save",
      reason,
      note: options.note ?? null,
      version: post.version,
      status: post.status,
      title: post.title,
      summary: post.summary,
      content: post.content,
      category: row.category ?? "",
      tags: tagNames,
      photo: post.photo,
      socialCard: post.socialCard ?? null,
      publishAt: post.publishAt,
      userId: by?.id ?? null,
      userName: by?.name ?? SCHEDULER_NAME,
      createdAt: options.now ?? new Date(),
    })
    .run();
}

/** The name of whoever saved a post's current version (its newest explicit revision). */
export function lastSavedBy(db: Db, postId: number): string | undefined {
  const row = db
    .select({ name: postRevisions.userName, userName: users.name })
    .from(postRevisions)
    .leftJoin(users, eq(users.id, postRevisions.userId))
    .where(and(eq(postRevisions.postId, postId), eq(postRevisions.kind, "save")))
    .orderBy(desc(postRevisions.id))
    .limit(1)
    .get();
  return row ? (row.userName ?? row.name) : undefined;
}
