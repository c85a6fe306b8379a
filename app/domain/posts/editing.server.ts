/**
 * The one place that creates, updates, trashes and deletes posts, for the
 * back-office screens and the JSON API alike. Every function takes the acting
 * user and checks their role here:
 *
 * - Subscribers write nothing (403).
 * - Authors and Contributors touch only their own posts
 *   (`~/domain/access/ownership`: matched by the author's user id, not name).
 * - A Contributor's Publish becomes `reviewing`, and Contributors never delete.
 *
 * Every change of an existing post (its status, or its fields under the same
 * status) is written by `changeStatus` (app/domain/workflow/status-change.server.ts),
 * which checks the step, adds one to the version, records the revision and
 * notes the change (docs/decisions/160-one-status-change.md).
 *
 * Content HTML is sanitised (allowlist, `./sanitize.server`) before it is
 * stored. Tags are referenced by name and must exist: an unknown tag is a 400
 * naming it (tags are created on the Tags screen or `/crud/add/doc`), so a typo
 * never creates a stray tag.
 */

import { randomUUID } from "node:crypto";
import { eq, inArray, or, sql } from "drizzle-orm";
import type { z } from "zod";
import { categories, posts, type SocialCard, tags } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { ownsPost } from "~/domain/access/ownership";
import { recordAudit } from "~/domain/audit/audit.server";
import { writeByline } from "~/domain/bylines/contributors.server";
import { mayTouchStoredPost } from "~/domain/bylines/membership.server";
import { cleanContent } from "~/domain/content/pipeline.server";
import { badRequest, DomainError, forbidden, notFound, parseInput } from "~/domain/errors.server";
import { ALL_FIELDS_REQUIRED, isBlankText } from "~/domain/posts/fields";
import { PostInputSchema, type SaveAction } from "~/domain/posts/post-input.server";
import {
  assertWriter,
  loadOwnedPost,
  type PostDocument,
  postDocuments,
} from "~/domain/posts/staff-views.server";
import type { PostStatus } from "~/domain/posts/statuses";
import type { PostVisibility } from "~/domain/posts/visibility";
import { lastSavedBy, recordRevision } from "~/domain/workflow/revisions.server";
import { formatScheduleTime } from "~/domain/workflow/schedule-time";
import { siteTimeZone } from "~/domain/workflow/site-time-zone.server";
import {
  changeStatus,
  noteChange,
  postStateColumns,
  writeTags,
} from "~/domain/workflow/status-change.server";
import {
  assertCurrentPostVersion,
  assertMaySchedule,
  futurePublishAt,
  revisionReason,
} from "~/domain/workflow/transitions.server";
import { nextId, wasHandedOut } from "~/platform/counters.server";
import { type Db, getDb } from "~/platform/db.server";
import { postPath, slugify } from "~/utils/slug";
import { htmlToText } from "~/utils/text";

/**
 * The status a save button leads to: Save Draft → draft; Publish → published
 * (reviewing for a Contributor); Move to Trash → trash; Preview → draft on
 * Add Post, and on Edit Post draft for a Contributor, published otherwise.
 */
export function nextStatus(actor: SessionUser, action: SaveAction, isNew: boolean): PostStatus {
  const mayPublish = can(actor.role, "publishPosts");
  switch (action) {
    case "draft":
      return "draft";
    case "publish":
      return mayPublish ? "published" : "reviewing";
    case "schedule":
      assertMaySchedule(actor);
      return "scheduled";
    case "preview":
      return isNew || !mayPublish ? "draft" : "published";
    case "trash":
      if (isNew) throw badRequest("A new post cannot be moved to the trash; save it first");
      return "trash";
  }
}

type Resolved = {
  values: {
    title: string;
    slug: string;
    summary: string;
    content: string;
    categoryId: number;
    categorySlug: string;
    photo: string | null;
    socialCard: SocialCard | null;
    commentsClosed?: boolean;
    visibility?: PostVisibility;
  };
  tagIds: number[];
};

function resolveInput(db: Db, input: z.output<typeof PostInputSchema>): Resolved {
  const title = input.title.trim();
  const categoryInput = input.category.trim();
  const summary = input.summary.trim();
  const rawContent = input.content.trim();
  if ([title, categoryInput, summary, rawContent].some(isBlankText)) {
    throw badRequest(ALL_FIELDS_REQUIRED);
  }
  const content = cleanContent(rawContent).trim();
  // Content that was nothing but removed markup (a lone <script>) is blank.
  if (isBlankText(htmlToText(content)) && !/<img\s/i.test(content)) {
    throw badRequest(ALL_FIELDS_REQUIRED);
  }

  const category = db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(
      or(
        sql`lower(${categories.name}) = lower(${categoryInput})`,
        eq(categories.slug, slugify(categoryInput)),
      ),
    )
    .get();
  if (!category) throw badRequest(`Unknown category "${categoryInput}"`);

  const wanted = [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))];
  const tagIds: number[] = [];
  if (wanted.length > 0) {
    const found = db
      .select({ id: tags.id, name: tags.name, slug: tags.slug })
      .from(tags)
      .where(
        or(
          inArray(
            sql`lower(${tags.name})`,
            wanted.map((t) => t.toLowerCase()),
          ),
          inArray(tags.slug, wanted.map(slugify)),
        ),
      )
      .all();
    const unknown = wanted.filter(
      (t) => !found.some((f) => f.name.toLowerCase() === t.toLowerCase() || f.slug === slugify(t)),
    );
    if (unknown.length > 0) {
      throw badRequest(
        `Unknown tag${unknown.length > 1 ? "s" : ""}: ${unknown.map((t) => `"${t}"`).join(", ")}`,
      );
    }
    tagIds.push(...new Set(found.map((f) => f.id)));
  }

  const card = input.socialCard ?? null;
  return {
    values: {
      title,
      slug: slugify(title) || "post",
      summary,
      content,
      categoryId: category.id,
      categorySlug: category.slug,
      photo: input.photo ? input.photo : null,
      socialCard: card
        ? { name: card.name, description: card.description, image: card.image, blur: card.blur }
        : null,
      ...(input.commentsClosed === undefined ? {} : { commentsClosed: input.commentsClosed }),
      ...(input.visibility === undefined ? {} : { visibility: input.visibility }),
    },
    tagIds,
  };
}

// ---------------------------------------------------------------------------
// Writes

export type SaveResult = {
  post: PostDocument;
  created: boolean;
  /** The message the screens toast. */
  message: string;
};

/**
 * The toasts: a draft is "Draft saved successfully!"; a publish (a
 * Contributor's lands in review) is "Post saved successfully!" on Add Post
 * and "Post updated successfully!" on Edit, as is Move to Trash.
 */
function successMessage(
  action: SaveAction,
  created: boolean,
  status: PostStatus,
  publishAt: Date | null,
  timeZone: string,
) {
  if (status === "scheduled" && publishAt) {
    return `Post scheduled for ${formatScheduleTime(publishAt.getTime(), timeZone)}`;
  }
  if (action !== "trash" && status === "draft") return "Draft saved successfully!";
  return created ? "Post saved successfully!" : "Post updated successfully!";
}

/**
 * Creates a post (no `id`) or updates one (`id`). On create the id comes from
 * the posts counter, or is `reservedId` when the caller got one from
 * `/get/nextid` first (`/posts/add` sends it). Views, likes and shares start at 0.
 * On update the owner, id, uid and counters never change; the timestamp
 * moves to now when the status changes.
 */
export function savePost(
  actor: SessionUser,
  raw: unknown,
  options: { id?: number; reservedId?: number; now?: Date; db?: Db } = {},
): SaveResult {
  const db = options.db ?? getDb();
  assertWriter(actor);
  const input = parseInput(PostInputSchema, raw);
  const now = options.now ?? new Date();
  const timeZone = siteTimeZone(db);

  if (options.id !== undefined) {
    const existing = loadOwnedPost(db, actor, options.id);
    assertCurrentPostVersion(input.version, existing, lastSavedBy(db, existing.id), timeZone);
    const status = nextStatus(actor, input.action, false);
    const publishAt =
      status === "scheduled" ? futurePublishAt(input.publishAt, now, timeZone) : null;
    const { values, tagIds } = resolveInput(db, input);
    const { categorySlug, ...columns } = values;
    // The byline is saved with the post, or neither is.
    db.transaction((tx) => {
      const txDb = tx as unknown as Db;
      changeStatus(txDb, actor, {
        post: existing,
        to: status,
        fields: { ...columns, url: postPath(existing.id, categorySlug, values.slug) },
        tagIds,
        publishAt,
        now,
      });
      if (input.contributors !== undefined) {
        writeByline(txDb, actor, { ...existing, title: values.title }, input.contributors);
      }
    });
    const [post] = postDocuments(db, { where: eq(posts.id, existing.id) });
    return {
      post: post as PostDocument,
      created: false,
      message: successMessage(input.action, false, status, publishAt, timeZone),
    };
  }

  const status = nextStatus(actor, input.action, true);
  const publishAt = status === "scheduled" ? futurePublishAt(input.publishAt, now, timeZone) : null;
  const { values, tagIds } = resolveInput(db, input);
  const { categorySlug, ...columns } = values;
  const id = db.transaction((tx) => {
    const txDb = tx as unknown as Db;
    let newId: number;
    if (options.reservedId !== undefined) {
      newId = options.reservedId;
      if (!wasHandedOut(txDb, "posts", newId)) {
        throw badRequest(`id ${newId} was not handed out by /get/nextid`);
      }
      if (txDb.select({ id: posts.id }).from(posts).where(eq(posts.id, newId)).get()) {
        throw new DomainError(409, `A post with id ${newId} already exists`);
      }
    } else {
      newId = nextId(txDb, "posts");
    }
    txDb
      .insert(posts)
      .values({
        ...columns,
        id: newId,
        uid: randomUUID(),
        status,
        url: postPath(newId, categorySlug, values.slug),
        views: 0,
        likes: 0,
        shares: 0,
        avgTimeSeconds: 0,
        bounceRate: 0,
        timestamp: now,
        authorId: actor.id,
        createdAt: now,
        updatedAt: now,
        publishAt,
        version: 1,
      })
      .run();
    writeTags(txDb, newId, tagIds);
    if (input.contributors !== undefined) {
      writeByline(
        txDb,
        actor,
        { id: newId, authorId: actor.id, title: values.title },
        input.contributors,
      );
    }
    recordRevision(txDb, newId, actor, revisionReason(undefined, status, publishAt, timeZone), {
      now,
    });
    return newId;
  });
  noteChange(db, actor, { id, title: values.title, authorId: actor.id }, null, status);
  const [post] = postDocuments(db, { where: eq(posts.id, id) });
  return {
    post: post as PostDocument,
    created: true,
    message: successMessage(input.action, true, status, publishAt, timeZone),
  };
}

/** Move to Trash (the posts-list action too, fixed to trash the post it is on). */
export function trashPost(actor: SessionUser, id: number, db: Db = getDb()): PostDocument {
  const existing = loadOwnedPost(db, actor, id);
  if (existing.status !== "trash") changeStatus(db, actor, { post: existing, to: "trash" });
  const [post] = postDocuments(db, { where: eq(posts.id, id) });
  return post as PostDocument;
}

/**
 * The posts list's bulk Move to Trash: every selected post must exist and be
 * the actor's to change (else nothing is trashed); each one not yet in the
 * trash moves there as Move to Trash moves it.
 */
export function trashPosts(actor: SessionUser, ids: number[], db: Db = getDb()): number {
  assertWriter(actor);
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw badRequest("Select at least one post");
  if (wanted.length > 100) throw badRequest("At most 100 posts at a time");
  if (wanted.some((id) => !Number.isSafeInteger(id) || id < 1)) throw notFound("Post not found");
  const rows = db.select(postStateColumns).from(posts).where(inArray(posts.id, wanted)).all();
  if (rows.length !== wanted.length) throw notFound("Post not found");
  if (rows.some((r) => !mayTouchStoredPost(db, actor, r))) {
    throw forbidden("You can only change your own posts");
  }
  const now = new Date();
  // All or none: each post's change is a savepoint of this one transaction.
  db.transaction((tx) => {
    for (const post of rows) {
      if (post.status === "trash") continue;
      changeStatus(tx as unknown as Db, actor, { post, to: "trash", now });
    }
  });
  return wanted.length;
}

/** Delete Post: removes it for good. Contributors never; Authors only their own. */
export function deletePost(actor: SessionUser, id: number, db: Db = getDb()): { id: number } {
  assertWriter(actor);
  if (!can(actor.role, "deletePosts")) throw forbidden("Contributors cannot delete posts");
  const existing = loadOwnedPost(db, actor, id);
  // A co-author edits the post but does not delete it (docs/decisions/200-who-changes-a-byline.md).
  if (!ownsPost(actor, existing.authorId)) {
    throw forbidden("Only the post's owner or an Editor can delete it");
  }
  db.delete(posts).where(eq(posts.id, existing.id)).run();
  recordAudit(db, {
    action: "post-deleted",
    actor,
    targetType: "post",
    targetId: existing.id,
    summary: existing.title,
    address: actor.address,
  });
  return { id: existing.id };
}
