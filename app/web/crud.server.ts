/**
 * The generic data calls (`/crud/get/docs`, `/crud/add/doc`,
 * `/crud/update/doc`, `/crud/delete/doc`, `/get/nextid`, `/upload/image`):
 * the adapter from a collection name and a JSON body to the domain function
 * that owns each record.
 *
 * Safe by construction:
 * - Only the eight collections of COLLECTIONS. Each has an allowlist of query
 *   fields, compiled to parameterised conditions (`~/domain/records/query.server`).
 * - Documents are shaped by their areas; none carries a password hash, and a
 *   user's apiKey appears only in that same user's own record.
 * - Who may read or write a collection is the table of
 *   `~/domain/access/collections`; reads are scoped further (Authors and
 *   Contributors get only their own posts, non-Administrators only their own
 *   user record), and every write goes through the domain function that owns
 *   it, which checks the role again.
 *
 * `limit` (1–1000, default 1000) and `offset` page the result, newest first.
 * What each collection's read and writes are is the one table ADAPTERS.
 */
import { z } from "zod";
import { COUNTED_COLLECTIONS } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { type Capability, can } from "~/domain/access/capabilities";
import { READ_COLLECTION, WRITE_COLLECTION } from "~/domain/access/collections";
import {
  commentDocuments,
  deleteCommentByUid,
  replyAsStaff,
  updateCommentStatus,
} from "~/domain/comments/comments.server";
import { embedLinksForSave } from "~/domain/embeds/resolve.server";
import { badRequest, notFound, parseInput } from "~/domain/errors.server";
import { IMAGES_ONLY, maxImageBytes } from "~/domain/media/file-store.server";
import { addUploadedImage, deleteMedia, mediaDocuments } from "~/domain/media/media.server";
import { deletePost, savePost } from "~/domain/posts/editing.server";
import { actionForStatus, SAVE_ACTIONS } from "~/domain/posts/post-input.server";
import {
  COLLECTIONS,
  type Collection,
  compileQuery,
  MAX_LIMIT,
  normalizeQuery,
} from "~/domain/records/query.server";
import {
  categoryDocuments,
  newsletterDocuments,
  type Page,
  recordByUid,
  settingsDocument,
  settingsDocuments,
  subscriberPage,
  tagDocuments,
  visiblePostDocuments,
} from "~/domain/records/rows.server";
import { getSettings, updateSettings } from "~/domain/site/settings.server";
import {
  addSubscriber,
  deleteSubscriber,
  updateSubscriber,
} from "~/domain/subscribers/staff.server";
import {
  createCategory,
  createTag,
  deleteCategory,
  deleteTag,
  updateCategory,
  updateTag,
} from "~/domain/taxonomy/taxonomy.server";
import { addUser, deleteUser, replaceUserRecord, userDocuments } from "~/domain/users/users.server";
import { nextId } from "~/platform/counters.server";
import { type Db, getDb } from "~/platform/db.server";
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

export type WriteResult = { type: "success"; message: string; data: unknown };

const done = (message: string, data: unknown): WriteResult => ({
  type: "success",
  message,
  data,
});

type Data = Record<string, unknown>;
type Where = ReturnType<typeof compileQuery>;

/**
 * One collection's generic calls: its read, and each write as the domain
 * function that owns it, or the sentence that refuses it (400).
 */
type Adapter = {
  read: (actor: SessionUser, db: Db, where: Where, page: Page) => unknown[];
  add: ((actor: SessionUser, db: Db, data: Data) => WriteResult) | string;
  update: ((actor: SessionUser, db: Db, uid: string, data: Data) => WriteResult) | string;
  remove:
    | ((actor: SessionUser, db: Db, uid: string) => WriteResult | Promise<WriteResult>)
    | string;
};

const readOnly = (collection: Collection, how: string) =>
  `${collection} cannot be changed with the generic data calls; ${how}`;

/** A post body's status (or explicit `action`) → the save button it stands for. */
function postAction(data: Data) {
  if (data.action !== undefined) {
    if (!(SAVE_ACTIONS as readonly unknown[]).includes(data.action)) {
      throw badRequest(`action must be one of ${SAVE_ACTIONS.join(", ")}`);
    }
    return data.action;
  }
  return actionForStatus(data.status);
}

/** Saves a post document as the button its status stands for would. */
function savePostDoc(actor: SessionUser, data: Data, target: Parameters<typeof savePost>[2]) {
  const result = savePost(actor, { ...data, action: postAction(data) }, target);
  return done(result.message, result.post);
}

/** The record's identity can't change through its data: 400 when data names another. */
function assertSameIdentity(data: Data, record: { uid: string; id?: number }) {
  if (data.uid !== undefined && data.uid !== record.uid) throw badRequest("uid cannot be changed");
  if (data.id !== undefined && record.id !== undefined && data.id !== record.id) {
    throw badRequest("id cannot be changed");
  }
}

/** The record `uid` names (404 when none), checked against what `data` says it is. */
function sameRecord(
  db: Db,
  collection: Parameters<typeof recordByUid>[1],
  uid: string,
  data: Data,
) {
  const row = recordByUid(db, collection, uid);
  assertSameIdentity(data, row);
  return row;
}

/** Categories and tags answer the same calls with their own functions and words. */
function taxonomyAdapter(
  collection: "categories" | "tags",
  noun: string,
  fns: {
    documents: (db: Db, where: Where, page: Page) => unknown[];
    create: (actor: SessionUser, data: Data, db: Db) => unknown;
    update: (actor: SessionUser, id: number, data: Data, db: Db) => unknown;
    remove: (actor: SessionUser, uid: string, db: Db) => unknown;
  },
): Adapter {
  return {
    read: (_actor, db, where, page) => fns.documents(db, where, page),
    add: (actor, db, data) => done(`${noun} added successfully!`, fns.create(actor, data, db)),
    update(actor, db, uid, data) {
      const { id } = sameRecord(db, collection, uid, data);
      return done(`${noun} updated successfully!`, fns.update(actor, id, data, db));
    },
    remove: (actor, db, uid) => done(`${noun} deleted successfully!`, fns.remove(actor, uid, db)),
  };
}

const ADAPTERS: Record<Collection, Adapter> = {
  posts: {
    read: visiblePostDocuments,
    add(actor, db, data) {
      const reserved = data.id;
      if (reserved !== undefined && reserved !== null && !Number.isSafeInteger(reserved)) {
        throw badRequest("id must be a whole number from /get/nextid");
      }
      return savePostDoc(actor, data, {
        reservedId: (reserved ?? undefined) as number | undefined,
        db,
      });
    },
    update(actor, db, uid, data) {
      return savePostDoc(actor, data, { id: sameRecord(db, "posts", uid, data).id, db });
    },
    remove(actor, db, uid) {
      deletePost(actor, recordByUid(db, "posts", uid).id, db);
      return done("Post deleted successfully!", { uid });
    },
  },
  categories: taxonomyAdapter("categories", "Category", {
    documents: categoryDocuments,
    create: createCategory,
    update: updateCategory,
    remove: deleteCategory,
  }),
  tags: taxonomyAdapter("tags", "Tag", {
    documents: tagDocuments,
    create: createTag,
    update: updateTag,
    remove: deleteTag,
  }),
  media: {
    read: (_actor, db, where, page) => mediaDocuments(db, where, page),
    add: readOnly("media", "upload images with POST /upload/image"),
    update: readOnly("media", "upload a new image and delete the old one"),
    remove: async (actor, db, uid) =>
      done("Image deleted successfully!", await deleteMedia(actor, uid, db)),
  },
  users: {
    read: (actor, db, where, page) => userDocuments(actor, where, page, db),
    add: (actor, _db, data) => done("User added successfully!", addUser(actor, data)),
    update: (actor, _db, uid, data) =>
      done("User updated successfully!", replaceUserRecord(actor, uid, data)),
    remove: (actor, _db, uid) => done("Deleted successfully", deleteUser(actor, uid)),
  },
  subscribers: {
    read: (_actor, db, where, page) => subscriberPage(db, where, page),
    add: (actor, db, data) =>
      done("Subscriber added successfully!", addSubscriber(actor, data, db)),
    update(actor, db, uid, data) {
      sameRecord(db, "subscribers", uid, data);
      return done("Subscriber updated successfully!", updateSubscriber(actor, uid, data, db));
    },
    remove: (actor, db, uid) => done("Deleted successfully", deleteSubscriber(actor, uid, db)),
  },
  settings: {
    read: (_actor, db, where, page) => settingsDocuments(db, where, page),
    add: "settings has a single record: change it with /crud/update/doc",
    update(actor, db, uid, data) {
      if (getSettings(db).uid !== uid) throw notFound("Settings record not found");
      updateSettings(actor, data, db);
      return done("Settings updated successfully", settingsDocument(db));
    },
    remove: "The settings record cannot be deleted",
  },
  newsletters: {
    read: (_actor, db, where, page) => newsletterDocuments(db, where, page),
    add: readOnly("newsletters", "send one with POST /newsletter/send"),
    update: readOnly("newsletters", "send one with POST /newsletter/send"),
    remove: readOnly("newsletters", "they are kept as the record of what was sent"),
  },
  comments: {
    read: commentDocuments,
    add(actor, db, data) {
      // A staff reply: {parentId, body}, approved at once under that comment's thread.
      const parentId = Number(data.parentId);
      if (!Number.isInteger(parentId) || parentId <= 0) {
        throw badRequest("parentId: the id of the comment to reply to");
      }
      return done("Reply published", replyAsStaff(actor, db, parentId, data.body));
    },
    update: (actor, db, uid, data) =>
      done("Comment updated", updateCommentStatus(actor, db, uid, data)),
    remove(actor, db, uid) {
      deleteCommentByUid(actor, db, uid);
      return done("Comment deleted permanently", { uid });
    },
  },
};

// ---------------------------------------------------------------------------
// The four calls

export const GetDocsSchema = z.object({
  collection: CollectionSchema,
  query: z.unknown().optional(),
  limit: z.number({ error: "limit must be a number" }).int().min(1).max(MAX_LIMIT).optional(),
  offset: z.number({ error: "offset must be a number" }).int().min(0).max(1e9).optional(),
});
export const AddDocSchema = z.object({ collection: CollectionSchema, data: DataSchema });
export const UpdateDocSchema = z.object({
  collection: CollectionSchema,
  uid: UidSchema,
  data: DataSchema,
});
export const DeleteDocSchema = z.object({ collection: CollectionSchema, uid: UidSchema });

/** `POST /crud/get/docs`: the documents of `collection` matching `query`, newest first. */
export function getDocs(actor: SessionUser, input: unknown, db: Db = getDb()): unknown[] {
  const body = parseInput(GetDocsSchema, input);
  assertMay(actor, READ_COLLECTION, body.collection);
  const where = compileQuery(db, body.collection, normalizeQuery(body.query));
  const page = { limit: body.limit ?? MAX_LIMIT, offset: body.offset ?? 0 };
  return ADAPTERS[body.collection].read(actor, db, where, page);
}

/**
 * A posts document with its lone links made embed cards first, as the post forms and
 * `/posts/add` do (docs/behaviour.md §embeds); any other input unchanged (the writes refuse it).
 */
export async function withEmbedCards(
  actor: SessionUser,
  input: Record<string, unknown>,
  db: Db = getDb(),
): Promise<Record<string, unknown>> {
  const data = input.data;
  if (input.collection !== "posts" || typeof data !== "object" || data === null) return input;
  const content = (data as Data).content;
  if (typeof content !== "string" || !can(actor.role, "writePosts")) return input;
  const embedded = await embedLinksForSave(db, actor, content);
  return { ...input, data: { ...(data as Data), content: embedded.content } };
}

/** `POST /crud/add/doc` (the owning domain function checks the role). */
export function addDoc(actor: SessionUser, input: unknown, db: Db = getDb()): WriteResult {
  const { collection, data } = parseInput(AddDocSchema, input);
  const add = ADAPTERS[collection].add;
  if (typeof add === "string") throw badRequest(add);
  return add(actor, db, data);
}

/** `POST /crud/update/doc`: replaces the record's editable fields. */
export function updateDoc(actor: SessionUser, input: unknown, db: Db = getDb()): WriteResult {
  const { collection, uid, data } = parseInput(UpdateDocSchema, input);
  assertMay(actor, WRITE_COLLECTION, collection);
  const update = ADAPTERS[collection].update;
  if (typeof update === "string") throw badRequest(update);
  return update(actor, db, uid, data);
}

/** `POST /crud/delete/doc` (a collection that keeps its records says so before any role check). */
export async function deleteDoc(
  actor: SessionUser,
  input: unknown,
  db: Db = getDb(),
): Promise<WriteResult> {
  const { collection, uid } = parseInput(DeleteDocSchema, input);
  const remove = ADAPTERS[collection].remove;
  if (typeof remove === "string") throw badRequest(remove);
  assertMay(actor, WRITE_COLLECTION, collection);
  return remove(actor, db, uid);
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
