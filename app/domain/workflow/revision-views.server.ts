/**
 * Revisions as Edit Post shows them (docs/behaviour.md §workflow): the list
 * (who, when, why), a word-level diff of one against the current version,
 * and restore, which records the current version first when the history does
 * not already hold it. Whoever may edit the post may see and restore its
 * revisions.
 */
import { diffWords } from "diff";
import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { categories, postRevisions, posts, tags } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { badRequest, notFound } from "~/domain/errors.server";
import { loadOwnedPost, type PostDocument, postDocuments } from "~/domain/posts/staff-views.server";
import { changeStatus } from "~/domain/workflow/status-change.server";
import { type Db, getDb } from "~/platform/db.server";
import { postPath, slugify } from "~/utils/slug";
import { htmlToText } from "~/utils/text";

export type RevisionListItem = {
  id: number;
  kind: "save" | "autosave";
  reason: string;
  note: string | null;
  status: string;
  userName: string;
  createdAt: number;
};

/** Newest first. */
export function listRevisions(actor: SessionUser, postId: number, db: Db = getDb()) {
  loadOwnedPost(db, actor, postId);
  return db
    .select({
      id: postRevisions.id,
      kind: postRevisions.kind,
      reason: postRevisions.reason,
      note: postRevisions.note,
      status: postRevisions.status,
      userName: postRevisions.userName,
      createdAt: postRevisions.createdAt,
    })
    .from(postRevisions)
    .where(eq(postRevisions.postId, postId))
    .orderBy(desc(postRevisions.id))
    .all()
    .map((r) => ({ ...r, createdAt: r.createdAt.getTime() })) satisfies RevisionListItem[];
}

/** One part of a word diff: unchanged, only in the revision (removed) or only now (added). */
export type DiffPart = { value: string; added: boolean; removed: boolean };
export type FieldDiff = { field: string; parts: DiffPart[]; changed: boolean };

function wordDiff(field: string, before: string, after: string): FieldDiff {
  const parts = diffWords(before, after).map((p) => ({
    value: p.value,
    added: Boolean(p.added),
    removed: Boolean(p.removed),
  }));
  return { field, parts, changed: parts.some((p) => p.added || p.removed) };
}

function loadRevision(db: Db, postId: number, revisionId: number) {
  const rev = db
    .select()
    .from(postRevisions)
    .where(and(eq(postRevisions.id, revisionId), eq(postRevisions.postId, postId)))
    .get();
  if (!rev) throw notFound("Revision not found");
  return rev;
}

/** What a post's fields would become on restore: the revision (removed) → now (added). */
export function revisionDiff(
  actor: SessionUser,
  postId: number,
  revisionId: number,
  db: Db = getDb(),
): { revision: RevisionListItem; fields: FieldDiff[] } {
  loadOwnedPost(db, actor, postId);
  const rev = loadRevision(db, postId, revisionId);
  const [now] = postDocuments(db, { where: eq(posts.id, postId) }) as PostDocument[];
  const fields = [
    wordDiff("Title", rev.title, now.title),
    wordDiff("Category", rev.category, now.category),
    wordDiff("Tags", rev.tags.join(", "), now.tags.join(", ")),
    wordDiff("Summary", rev.summary, now.summary),
    wordDiff("Content", htmlToText(rev.content), htmlToText(now.content)),
    wordDiff("Featured image", rev.photo ?? "", now.photo ?? ""),
    wordDiff("Social card", rev.socialCard?.name ?? "", now.socialCard?.name ?? ""),
  ];
  return {
    revision: {
      id: rev.id,
      kind: rev.kind,
      reason: rev.reason,
      note: rev.note,
      status: rev.status,
      userName: rev.userName,
      createdAt: rev.createdAt.getTime(),
    },
    fields,
  };
}

/**
 * Puts a revision's title, summary, content, category, tags, photo and social
 * card back (the status stays): `changeStatus`'s restore step, which keeps the version before
 * as a revision.
 */
export function restoreRevision(
  actor: SessionUser,
  postId: number,
  revisionId: number,
  options: { now?: Date; db?: Db } = {},
): PostDocument {
  const db = options.db ?? getDb();
  const existing = loadOwnedPost(db, actor, postId);
  const rev = loadRevision(db, postId, revisionId);
  const category = db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(
      or(
        sql`lower(${categories.name}) = lower(${rev.category})`,
        eq(categories.slug, slugify(rev.category)),
      ),
    )
    .get();
  if (!category) {
    throw badRequest(`The revision's category "${rev.category}" no longer exists`);
  }
  const tagIds =
    rev.tags.length === 0
      ? []
      : db
          .select({ id: tags.id })
          .from(tags)
          .where(inArray(tags.name, rev.tags))
          .all()
          .map((t) => t.id);
  const when = rev.createdAt.toISOString().slice(0, 16).replace("T", " ");
  const slug = slugify(rev.title) || "post";
  changeStatus(db, actor, {
    post: existing,
    to: existing.status,
    step: "restore",
    fields: {
      title: rev.title,
      slug,
      url: postPath(postId, category.slug, slug),
      summary: rev.summary,
      content: rev.content,
      categoryId: category.id,
      photo: rev.photo,
      socialCard: rev.socialCard ?? null,
    },
    tagIds,
    reason: `Restored the revision of ${when} UTC by ${rev.userName}`,
    now: options.now,
  });
  return (postDocuments(db, { where: eq(posts.id, postId) }) as PostDocument[])[0];
}
