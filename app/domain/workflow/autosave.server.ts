/**
 * The editor's autosave (docs/behaviour.md §workflow): one rolling
 * `autosave` revision per user and post, replaced each time, never touching
 * the post itself. Also where a refused (stale) save keeps what was typed.
 * Reopening the post offers the autosave when it is newer than the post.
 */

import { and, desc, eq } from "drizzle-orm";
import { z } from "zod";
import { postRevisions } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { cleanContent } from "~/domain/content/pipeline.server";
import { parseInput } from "~/domain/errors.server";
import { loadOwnedPost } from "~/domain/posts/staff-views.server";
import { type Db, getDb } from "~/platform/db.server";

const AutosaveSchema = z.object({
  title: z.string().max(200, "at most 200 characters").default(""),
  category: z.string().max(100, "at most 100 characters").default(""),
  summary: z.string().max(2000, "at most 2000 characters").default(""),
  content: z.string().max(1_000_000, "at most 1,000,000 characters").default(""),
  tags: z.array(z.string().max(100)).max(50).default([]),
});

/** Stores what the editor holds as the actor's autosave of the post; returns its time. */
export function storeAutosave(
  actor: SessionUser,
  postId: number,
  input: unknown,
  options: { now?: Date; db?: Db; reason?: string } = {},
): { savedAt: number } {
  const db = options.db ?? getDb();
  const now = options.now ?? new Date();
  const post = loadOwnedPost(db, actor, postId);
  const typed = parseInput(AutosaveSchema, input);
  db.transaction((tx) => {
    const txDb = tx as unknown as Db;
    txDb
      .delete(postRevisions)
      .where(
        and(
          eq(postRevisions.postId, postId),
          eq(postRevisions.kind, "autosave"),
          eq(postRevisions.userId, actor.id),
        ),
      )
      .run();
    txDb
      .insert(postRevisions)
      .values({
        postId,
        kind: "autosave",
        reason: options.reason ?? "Autosave",
        version: post.version,
        status: post.status,
        title: typed.title.trim(),
        summary: typed.summary.trim(),
        content: cleanContent(typed.content).trim(),
        category: typed.category.trim(),
        tags: [...new Set(typed.tags.map((t) => t.trim()).filter(Boolean))],
        photo: post.photo,
        socialCard: post.socialCard ?? null,
        publishAt: post.publishAt,
        userId: actor.id,
        userName: actor.name,
        createdAt: now,
      })
      .run();
  });
  return { savedAt: now.getTime() };
}

/** The actor's autosave of the post when it is newer than the post's last write. */
export function newerAutosave(
  actor: SessionUser,
  post: { id: number; updatedAt: number },
  db: Db = getDb(),
): { id: number; createdAt: number } | null {
  const row = db
    .select({ id: postRevisions.id, createdAt: postRevisions.createdAt })
    .from(postRevisions)
    .where(
      and(
        eq(postRevisions.postId, post.id),
        eq(postRevisions.kind, "autosave"),
        eq(postRevisions.userId, actor.id),
      ),
    )
    .orderBy(desc(postRevisions.id))
    .limit(1)
    .get();
  if (!row || row.createdAt.getTime() <= post.updatedAt) return null;
  return { id: row.id, createdAt: row.createdAt.getTime() };
}
