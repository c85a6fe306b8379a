/**
 * The generic data calls (`/crud/get/docs`, `/crud/add/doc`,
 * `/crud/update/doc`, `/crud/delete/doc`, `/get/nextid`, `/upload/image`):
 * the adapter from a collection name and a JSON body to the domain function
 * that owns each record.
 *
 * Safe by construction:
 * - Only the eight collections of COLLECTIONS. Each has an allowlist of query
 *   fields, compiled to parameterised Drizzle conditions (`./crud-query.server`).
 * - Documents are shaped by their areas; none carries a password hash, and a
 *   user's apiKey appears only in that same user's own record.
 * - Who may read or write a collection is the table of
 *   `~/domain/access/collections`; reads are scoped further (Authors and
 *   Contributors get only their own posts, non-Administrators only their own
 *   user record), and every write goes through the domain function that owns
 *   it, which checks the role again.
 *
 * `limit` (1–1000, default 1000) and `offset` page the result, newest first.
 */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import {
  COUNTED_COLLECTIONS,
  categories,
  newsletters,
  posts,
  settings,
  subscribers,
  tags,
} from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import type { Capability } from "~/domain/access/capabilities";
import { READ_COLLECTION, WRITE_COLLECTION } from "~/domain/access/collections";
import {
  commentDocuments,
  deleteCommentByUid,
  replyAsStaff,
  updateCommentStatus,
} from "~/domain/comments/comments.server";
import { badRequest, notFound, parseInput } from "~/domain/errors.server";
import { IMAGES_ONLY, maxImageBytes } from "~/domain/media/file-store.server";
import { addUploadedImage, deleteMedia, mediaDocuments } from "~/domain/media/media.server";
import { newsletterDocument } from "~/domain/newsletters/queue.server";
import { deletePost, savePost } from "~/domain/posts/editing.server";
import { actionForStatus, SAVE_ACTIONS } from "~/domain/posts/post-input.server";
import { postDocuments, visiblePostsCondition } from "~/domain/posts/staff-views.server";
import { getSettings, updateSettings } from "~/domain/site/settings.server";
import {
  addSubscriber,
  deleteSubscriber,
  subscriberDocuments,
  updateSubscriber,
} from "~/domain/subscribers/staff.server";
import {
  createCategory,
  createTag,
  deleteCategory,
  deleteTag,
  toCategoryDocument,
  toTagDocument,
  updateCategory,
  updateTag,
} from "~/domain/taxonomy/taxonomy.server";
import { addUser, deleteUser, replaceUserRecord, userDocuments } from "~/domain/users/users.server";
import { nextId } from "~/platform/counters.server";
import { type Db, getDb } from "~/platform/db.server";
import {
  COLLECTIONS,
  type Collection,
  compileQuery,
  MAX_LIMIT,
  normalizeQuery,
} from "~/web/crud-query.server";
import { receiveMultipart } from "~/web/uploads.server";

const CollectionSchema = z.enum(COLLECTIONS, {
  error: `collection must be one of ${COLLECTIONS.join(", ")}`,
});
const UidSchema = z
  .string({ error: "uid is required" })
  .trim()
  .min(1, "uid is required")
  .max(100, "uid: at most 100 characters");
const DataSchema = z.record(z.string(), z.unknown(), { error: "data must be an object" });

/** 403 unless the actor has the capability the table names for `collection` (none: any staff). */
function assertMay(
  actor: SessionUser,
  table: Record<Collection, Capability | null>,
  collection: Collection,
) {
  const capability = table[collection];
  if (capability) assertCan(actor, capability);
}

// ---------------------------------------------------------------------------
// Reads

export const GetDocsSchema = z.object({
  collection: CollectionSchema,
  query: z.unknown().optional(),
  limit: z.number({ error: "limit must be a number" }).int().min(1).max(MAX_LIMIT).optional(),
  offset: z.number({ error: "offset must be a number" }).int().min(0).max(1e9).optional(),
});

type Page = { limit: number; offset: number };

function settingsDocument(db: Db) {
  const { id: _id, updatedAt, ...rest } = getSettings(db);
  return { ...rest, updatedAt: updatedAt.getTime() };
}

function newsletterDocuments(db: Db, where: SQL | undefined, page: Page) {
  return db
    .select()
    .from(newsletters)
    .where(where)
    .orderBy(desc(newsletters.createdAt), desc(newsletters.id))
    .limit(page.limit)
    .offset(page.offset)
    .all()
    .map(newsletterDocument);
}

function newestFirst<T extends typeof categories | typeof tags>(
  db: Db,
  table: T,
  where: SQL | undefined,
  page: Page,
): T["$inferSelect"][] {
  return db
    .select()
    .from(table as typeof categories)
    .where(where)
    .orderBy(desc(table.createdAt), desc(table.id))
    .limit(page.limit)
    .offset(page.offset)
    .all();
}

/** `POST /crud/get/docs`: the documents of `collection` matching `query`, newest first. */
export function getDocs(actor: SessionUser, input: unknown, db: Db = getDb()): unknown[] {
  const body = parseInput(GetDocsSchema, input);
  const { collection } = body;
  assertMay(actor, READ_COLLECTION, collection);
  const where = compileQuery(db, collection, normalizeQuery(body.query));
  const page = { limit: body.limit ?? MAX_LIMIT, offset: body.offset ?? 0 };
  switch (collection) {
    case "posts":
      return postDocuments(db, { where: and(visiblePostsCondition(actor), where), ...page });
    case "categories":
      return newestFirst(db, categories, where, page).map(toCategoryDocument);
    case "tags":
      return newestFirst(db, tags, where, page).map(toTagDocument);
    case "media":
      return mediaDocuments(db, where, page);
    case "users":
      return userDocuments(actor, where, page, db);
    case "subscribers": {
      const rows = db
        .select()
        .from(subscribers)
        .where(where)
        .orderBy(desc(subscribers.timestamp), desc(subscribers.id))
        .limit(page.limit)
        .offset(page.offset)
        .all();
      return subscriberDocuments(db, rows);
    }
    case "settings": {
      const doc = settingsDocument(db);
      const match = db.select({ n: count() }).from(settings).where(where).get()?.n ?? 0;
      return match > 0 && page.offset === 0 ? [doc] : [];
    }
    case "newsletters":
      return newsletterDocuments(db, where, page);
    case "comments":
      return commentDocuments(actor, db, where, page);
  }
}

// ---------------------------------------------------------------------------
// Writes

export type WriteResult = { type: "success"; message: string; data: unknown };

const done = (message: string, data: unknown): WriteResult => ({
  type: "success",
  message,
  data,
});

const readOnly = (collection: Collection, how: string) =>
  badRequest(`${collection} cannot be changed with the generic data calls; ${how}`);

export const AddDocSchema = z.object({ collection: CollectionSchema, data: DataSchema });
export const UpdateDocSchema = z.object({
  collection: CollectionSchema,
  uid: UidSchema,
  data: DataSchema,
});
export const DeleteDocSchema = z.object({ collection: CollectionSchema, uid: UidSchema });

/** A post body's status (or explicit `action`) → the save button it stands for. */
function postAction(data: Record<string, unknown>) {
  if (data.action !== undefined) {
    if (!(SAVE_ACTIONS as readonly unknown[]).includes(data.action)) {
      throw badRequest(`action must be one of ${SAVE_ACTIONS.join(", ")}`);
    }
    return data.action;
  }
  return actionForStatus(data.status);
}

/** `POST /crud/add/doc`. */
export function addDoc(actor: SessionUser, input: unknown, db: Db = getDb()): WriteResult {
  const { collection, data } = parseInput(AddDocSchema, input);
  switch (collection) {
    case "posts": {
      const reserved = data.id;
      if (reserved !== undefined && reserved !== null && !Number.isSafeInteger(reserved)) {
        throw badRequest("id must be a whole number from /get/nextid");
      }
      const result = savePost(
        actor,
        { ...data, action: postAction(data) },
        { reservedId: (reserved ?? undefined) as number | undefined, db },
      );
      return done(result.message, result.post);
    }
    case "categories":
      return done("Category added successfully!", createCategory(actor, data, db));
    case "tags":
      return done("Tag added successfully!", createTag(actor, data, db));
    case "users":
      return done("User added successfully!", addUser(actor, data));
    case "subscribers":
      return done("Subscriber added successfully!", addSubscriber(actor, data, db));
    case "settings":
      throw badRequest("settings has a single record: change it with /crud/update/doc");
    case "media":
      throw readOnly("media", "upload images with POST /upload/image");
    case "newsletters":
      throw readOnly("newsletters", "send one with POST /newsletter/send");
    case "comments": {
      // A staff reply: {parentId, body}, approved at once under that comment's thread.
      const parentId = Number(data.parentId);
      if (!Number.isInteger(parentId) || parentId <= 0) {
        throw badRequest("parentId: the id of the comment to reply to");
      }
      return done("Reply published", replyAsStaff(actor, db, parentId, data.body));
    }
  }
}

/** The record's identity can't change through its data: 400 when data names another. */
function assertSameIdentity(data: Record<string, unknown>, record: { uid: string; id?: number }) {
  if (data.uid !== undefined && data.uid !== record.uid) throw badRequest("uid cannot be changed");
  if (data.id !== undefined && record.id !== undefined && data.id !== record.id) {
    throw badRequest("id cannot be changed");
  }
}

function findByUid<T extends { uid: string }>(rows: T | undefined, message: string): T {
  if (!rows) throw notFound(message);
  return rows;
}

/** `POST /crud/update/doc`: replaces the record's editable fields. */
export function updateDoc(actor: SessionUser, input: unknown, db: Db = getDb()): WriteResult {
  const { collection, uid, data } = parseInput(UpdateDocSchema, input);
  assertMay(actor, WRITE_COLLECTION, collection);
  switch (collection) {
    case "posts": {
      const row = findByUid(
        db.select({ id: posts.id, uid: posts.uid }).from(posts).where(eq(posts.uid, uid)).get(),
        "Post not found",
      );
      assertSameIdentity(data, row);
      const result = savePost(actor, { ...data, action: postAction(data) }, { id: row.id, db });
      return done(result.message, result.post);
    }
    case "categories":
    case "tags": {
      const table = collection === "categories" ? categories : tags;
      const row = findByUid(
        db.select({ id: table.id, uid: table.uid }).from(table).where(eq(table.uid, uid)).get(),
        collection === "categories" ? "Category not found" : "Tag not found",
      );
      assertSameIdentity(data, row);
      return collection === "categories"
        ? done("Category updated successfully!", updateCategory(actor, row.id, data, db))
        : done("Tag updated successfully!", updateTag(actor, row.id, data, db));
    }
    case "users":
      return done("User updated successfully!", replaceUserRecord(actor, uid, data));
    case "subscribers": {
      const row = findByUid(
        db
          .select({ id: subscribers.id, uid: subscribers.uid })
          .from(subscribers)
          .where(eq(subscribers.uid, uid))
          .get(),
        "Subscriber not found",
      );
      assertSameIdentity(data, row);
      return done("Subscriber updated successfully!", updateSubscriber(actor, uid, data, db));
    }
    case "settings": {
      if (getSettings(db).uid !== uid) throw notFound("Settings record not found");
      updateSettings(actor, data, db);
      return done("Settings updated successfully", settingsDocument(db));
    }
    case "media":
      throw readOnly("media", "upload a new image and delete the old one");
    case "newsletters":
      throw readOnly("newsletters", "send one with POST /newsletter/send");
    case "comments":
      return done("Comment updated", updateCommentStatus(actor, db, uid, data));
  }
}

/** `POST /crud/delete/doc`. */
export async function deleteDoc(
  actor: SessionUser,
  input: unknown,
  db: Db = getDb(),
): Promise<WriteResult> {
  const { collection, uid } = parseInput(DeleteDocSchema, input);
  if (collection === "settings") throw badRequest("The settings record cannot be deleted");
  if (collection === "newsletters") {
    throw readOnly("newsletters", "they are kept as the record of what was sent");
  }
  assertMay(actor, WRITE_COLLECTION, collection);
  switch (collection) {
    case "posts": {
      const row = findByUid(
        db.select({ id: posts.id, uid: posts.uid }).from(posts).where(eq(posts.uid, uid)).get(),
        "Post not found",
      );
      deletePost(actor, row.id, db);
      return { type: "success", message: "Post deleted successfully!", data: { uid } };
    }
    case "categories":
      return done("Category deleted successfully!", deleteCategory(actor, uid, db));
    case "tags":
      return done("Tag deleted successfully!", deleteTag(actor, uid, db));
    case "users":
      return done("Deleted successfully", deleteUser(actor, uid));
    case "subscribers":
      return done("Deleted successfully", deleteSubscriber(actor, uid, db));
    case "media":
      return done("Image deleted successfully!", await deleteMedia(actor, uid, db));
    case "comments":
      deleteCommentByUid(actor, db, uid);
      return done("Comment deleted permanently", { uid });
  }
}

// ---------------------------------------------------------------------------
// Next id and image upload

export const NextIdSchema = z.object({
  collection: z.enum(COUNTED_COLLECTIONS, {
    error: `collection must be one of ${COUNTED_COLLECTIONS.join(", ")}`,
  }),
});

/** `POST /get/nextid`: hands out the next numeric id of a collection the caller may add to. */
export function reserveNextId(actor: SessionUser, input: unknown, db: Db = getDb()) {
  const { collection } = parseInput(NextIdSchema, input);
  assertMay(actor, WRITE_COLLECTION, collection);
  return { type: "success" as const, collection, id: nextId(db, collection) };
}

/**
 * `POST /upload/image` (multipart: file, collection, key): an image only
 * (type from its content), at most Settings `maxImageSize` MB (enforced while
 * streaming), stored under `uploads/<collection>/` and recorded as media.
 * `authenticate` runs once the fields are read (the key is one of them).
 */
export async function uploadImage(
  request: Request,
  authenticate: (key: unknown) => Promise<SessionUser>,
  db: Db = getDb(),
) {
  const limit = maxImageBytes(getSettings(db).maxImageSize);
  const form = await receiveMultipart(request, {
    maxFileBytes: limit,
    accept: IMAGES_ONLY,
    fileFields: ["file"],
    maxFiles: 1,
    maxFieldBytes: 4096,
  });
  try {
    const actor = await authenticate(form.fields.key);
    const { stored, doc } = await addUploadedImage(
      actor,
      { collection: form.fields.collection, file: form.files[0] },
      db,
    );
    return {
      type: "success" as const,
      message: "Image uploaded successfully",
      url: stored.url,
      uid: stored.uid,
      data: doc,
    };
  } finally {
    await form.discard();
  }
}
