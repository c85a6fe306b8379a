/**
 * The generic data calls of SPEC §7 (`/crud/get/docs`, `/crud/add/doc`,
 * `/crud/update/doc`, `/crud/delete/doc`, `/get/nextid`, `/upload/image`).
 *
 * Safe by construction:
 * - Only the collections SPEC §7 names. Each has an allowlist of query
 *   fields, compiled to parameterised Drizzle conditions; the operators are
 *   `==, !=, <, <=, >, >=, in, array-contains`.
 * - Documents are shaped here (SPEC §3); none carries a password hash, and a
 *   user's apiKey appears only in that same user's own record.
 * - Reads are scoped by role (Authors and Contributors get only their own
 *   posts; non-Administrators only their own user record); every write goes
 *   through the domain function that owns it, which checks the role again.
 *
 * The query (`query` in the body) may be, for a client's convenience:
 *   ["status", "==", "published"]                       one condition
 *   {field: "status", operator: "==", value: "published"}
 *   [["status", "==", "published"], {field: "id", operator: ">", value: 3}]
 * `[]`, `{}` or no query at all means every document the caller may see.
 * Conditions are ANDed. `limit` (1–1000, default 1000) and `offset` page the
 * result, newest first.
 */
import { and, count, desc, eq, gt, gte, inArray, lt, lte, ne, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import {
  AUDIENCES,
  type CountedCollection,
  categories,
  media,
  NEWSLETTER_AUDIENCES,
  NEWSLETTER_STATUSES,
  newsletters,
  POST_STATUSES,
  posts,
  postTags,
  ROLES,
  SUBSCRIBER_STATUSES,
  settings,
  subscriberAudiences,
  subscribers,
  tags,
  users,
} from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { badRequest, forbidden, notFound, parseInput } from "~/domain/errors.server";
import { deleteMedia, mediaDocuments } from "~/domain/media/media.server";
import { newsletterDocument } from "~/domain/newsletters/newsletters.server";
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
import {
  addUser,
  deleteUser,
  setUserRole,
  toPublicProfile,
  updateProfile,
} from "~/domain/users/users.server";
import { nextId } from "~/platform/counters.server";
import { type Db, getDb } from "~/platform/db.server";
import {
  IMAGES_ONLY,
  isUploadCollection,
  maxImageBytes,
  receiveMultipart,
  storeUpload,
  UPLOAD_COLLECTIONS,
  type UploadCollection,
} from "~/web/uploads.server";

export const COLLECTIONS = [
  "posts",
  "tags",
  "categories",
  "media",
  "users",
  "subscribers",
  "settings",
  "newsletters",
] as const;
export type Collection = (typeof COLLECTIONS)[number];

export const OPERATORS = ["==", "!=", "<", "<=", ">", ">=", "in", "array-contains"] as const;
export type Operator = (typeof OPERATORS)[number];

export const MAX_LIMIT = 1000;
const MAX_CONDITIONS = 20;
const MAX_IN_VALUES = 100;
const MAX_STRING = 1000;

const CollectionSchema = z.enum(COLLECTIONS, {
  error: `collection must be one of ${COLLECTIONS.join(", ")}`,
});
const UidSchema = z
  .string({ error: "uid is required" })
  .trim()
  .min(1, "uid is required")
  .max(100, "uid: at most 100 characters");
const DataSchema = z.record(z.string(), z.unknown(), { error: "data must be an object" });

// ---------------------------------------------------------------------------
// Query fields

type FieldSpec =
  | { kind: "int" | "number" | "string" | "time" | "bool"; column: SQLiteColumn | SQL }
  | { kind: "enum"; column: SQLiteColumn; values: readonly string[] }
  /** An array in the document: only `array-contains`, as a subquery. */
  | { kind: "array"; contains: (db: Db, value: string) => SQL };

const postTagContains = (db: Db, value: string) =>
  inArray(
    posts.id,
    db
      .select({ id: postTags.postId })
      .from(postTags)
      .innerJoin(tags, eq(tags.id, postTags.tagId))
      .where(eq(tags.name, value)),
  );

const audienceContains = (db: Db, value: string) => {
  if (!(AUDIENCES as readonly string[]).includes(value)) {
    throw badRequest(`query: audience is one of ${AUDIENCES.join(", ")}`);
  }
  return inArray(
    subscribers.id,
    db
      .select({ id: subscriberAudiences.subscriberId })
      .from(subscriberAudiences)
      .where(eq(subscriberAudiences.audience, value as (typeof AUDIENCES)[number])),
  );
};

const str = (column: SQLiteColumn): FieldSpec => ({ kind: "string", column });
const int = (column: SQLiteColumn): FieldSpec => ({ kind: "int", column });
const num = (column: SQLiteColumn): FieldSpec => ({ kind: "number", column });
const time = (column: SQLiteColumn): FieldSpec => ({ kind: "time", column });
const oneOf = (column: SQLiteColumn, values: readonly string[]): FieldSpec => ({
  kind: "enum",
  column,
  values,
});

function taxonomyFields(table: typeof categories | typeof tags): Record<string, FieldSpec> {
  return {
    id: int(table.id),
    uid: str(table.uid),
    name: str(table.name),
    slug: str(table.slug),
    description: str(table.description),
    createdAt: time(table.createdAt),
  };
}

/** The fields each collection may be queried by (SPEC §3 names). */
export const QUERY_FIELDS: Record<Collection, Record<string, FieldSpec>> = {
  posts: {
    id: int(posts.id),
    uid: str(posts.uid),
    status: oneOf(posts.status, POST_STATUSES),
    title: str(posts.title),
    slug: str(posts.slug),
    url: str(posts.url),
    category: str(categories.name),
    tags: { kind: "array", contains: postTagContains },
    photo: str(posts.photo),
    views: int(posts.views),
    likes: int(posts.likes),
    shares: int(posts.shares),
    bounceRate: num(posts.bounceRate),
    timestamp: time(posts.timestamp),
    createdAt: time(posts.createdAt),
    updatedAt: time(posts.updatedAt),
    "user.name": str(users.name),
    "user.uid": str(users.uid),
  },
  categories: { ...taxonomyFields(categories), key: str(categories.key) },
  tags: { ...taxonomyFields(tags), tag: str(tags.tag) },
  media: {
    uid: str(media.uid),
    url: str(media.url),
    name: str(media.name),
    collection: oneOf(media.collection, UPLOAD_COLLECTIONS),
    date: time(media.date),
    author: str(users.name),
    mimeType: str(media.mimeType),
    size: int(media.size),
  },
  users: {
    uid: str(users.uid),
    name: str(users.name),
    email: str(users.email),
    role: oneOf(users.role, ROLES),
    createdAt: time(users.createdAt),
    timestamp: time(users.timestamp),
  },
  subscribers: {
    id: int(subscribers.id),
    uid: str(subscribers.uid),
    name: str(subscribers.name),
    email: str(subscribers.email),
    status: oneOf(subscribers.status, SUBSCRIBER_STATUSES),
    audience: { kind: "array", contains: audienceContains },
    timestamp: time(subscribers.timestamp),
  },
  settings: {
    uid: str(settings.uid),
  },
  newsletters: {
    id: int(newsletters.id),
    uid: str(newsletters.uid),
    subject: str(newsletters.subject),
    audience: oneOf(newsletters.audience, NEWSLETTER_AUDIENCES),
    status: oneOf(newsletters.status, NEWSLETTER_STATUSES),
    createdAt: time(newsletters.createdAt),
    sentAt: time(newsletters.sentAt),
  },
};

export type Condition = { field: string; operator: Operator; value: unknown };

const isOperator = (v: unknown): v is Operator =>
  typeof v === "string" && (OPERATORS as readonly string[]).includes(v);

/** Every shape a client may send (see the module comment) → a list of conditions. */
export function normalizeQuery(query: unknown): Condition[] {
  if (query === undefined || query === null) return [];
  const one = (item: unknown, at: string): Condition => {
    if (Array.isArray(item)) {
      if (item.length !== 3 || typeof item[0] !== "string") {
        throw badRequest(`${at}: a condition is [field, operator, value]`);
      }
      return { field: item[0], operator: item[1] as Operator, value: item[2] };
    }
    if (item && typeof item === "object") {
      const o = item as Record<string, unknown>;
      const operator = o.operator ?? o.op;
      if (typeof o.field !== "string" || !("value" in o) || operator === undefined) {
        throw badRequest(`${at}: a condition is {field, operator, value}`);
      }
      return { field: o.field, operator: operator as Operator, value: o.value };
    }
    throw badRequest(`${at}: a condition is [field, operator, value] or {field, operator, value}`);
  };
  let list: unknown[];
  if (Array.isArray(query)) {
    // ["status", "==", "draft"] is one condition; [[…], {…}] is several.
    list = query.length > 0 && typeof query[0] === "string" ? [query] : query;
  } else if (typeof query === "object") {
    // `{}` is "no filter", as a client building a filter object would send it.
    list = Object.keys(query).length === 0 ? [] : [query];
  } else {
    throw badRequest("query: a condition or a list of conditions");
  }
  if (list.length > MAX_CONDITIONS) throw badRequest(`query: at most ${MAX_CONDITIONS} conditions`);
  return list.map((item, i) => one(item, list.length === 1 ? "query" : `query[${i}]`));
}

function scalar(spec: FieldSpec, field: string, value: unknown): unknown {
  const wrong = (what: string) => badRequest(`query: ${field} must be ${what}`);
  switch (spec.kind) {
    case "int": {
      const n = typeof value === "string" && /^-?\d{1,15}$/.test(value) ? Number(value) : value;
      if (typeof n !== "number" || !Number.isSafeInteger(n)) throw wrong("a whole number");
      return n;
    }
    case "number":
      if (typeof value !== "number" || !Number.isFinite(value)) throw wrong("a number");
      return value;
    case "time": {
      const ms = typeof value === "string" && value.trim() !== "" ? Date.parse(value) : value;
      if (typeof ms !== "number" || !Number.isFinite(ms) || Math.abs(ms) > 8.64e15) {
        throw wrong("a time in epoch milliseconds");
      }
      return new Date(ms);
    }
    case "bool":
      if (typeof value !== "boolean") throw wrong("true or false");
      return value;
    case "enum":
      if (typeof value !== "string" || !spec.values.includes(value)) {
        throw wrong(`one of ${spec.values.join(", ")}`);
      }
      return value;
    case "string":
    case "array":
      if (typeof value !== "string") throw wrong("text");
      if (value.length > MAX_STRING) throw wrong(`at most ${MAX_STRING} characters`);
      return value;
  }
}

const COMPARE = { "==": eq, "!=": ne, "<": lt, "<=": lte, ">": gt, ">=": gte } as const;

/** Conditions → one parameterised Drizzle condition (400 for anything not allowed). */
export function compileQuery(
  db: Db,
  collection: Collection,
  conditions: Condition[],
): SQL | undefined {
  const fields = QUERY_FIELDS[collection];
  const parts = conditions.map(({ field, operator, value }) => {
    const spec = Object.hasOwn(fields, field) ? fields[field] : undefined;
    if (!spec) {
      throw badRequest(
        `query: ${collection} cannot be queried by "${String(field).slice(0, 50)}"; use ${Object.keys(fields).join(", ")}`,
      );
    }
    if (!isOperator(operator)) {
      throw badRequest(
        `query: unknown operator "${String(operator).slice(0, 20)}"; use ${OPERATORS.join(", ")}`,
      );
    }
    if (spec.kind === "array") {
      if (operator !== "array-contains") {
        throw badRequest(`query: ${field} is a list; use array-contains`);
      }
      return spec.contains(db, scalar(spec, field, value) as string);
    }
    if (operator === "array-contains") {
      throw badRequest(`query: array-contains works on lists only (${field} is not one)`);
    }
    const column = spec.column as SQLiteColumn;
    if (operator === "in") {
      if (!Array.isArray(value) || value.length === 0 || value.length > MAX_IN_VALUES) {
        throw badRequest(`query: "in" needs a list of 1 to ${MAX_IN_VALUES} values`);
      }
      return inArray(
        column,
        value.map((v) => scalar(spec, field, v)),
      );
    }
    return COMPARE[operator](column, scalar(spec, field, value));
  });
  return parts.length === 0 ? undefined : and(...parts);
}

// ---------------------------------------------------------------------------
// Reads

export const GetDocsSchema = z.object({
  collection: CollectionSchema,
  query: z.unknown().optional(),
  limit: z.number({ error: "limit must be a number" }).int().min(1).max(MAX_LIMIT).optional(),
  offset: z.number({ error: "offset must be a number" }).int().min(0).max(1e9).optional(),
});

export type { MediaDocument } from "~/domain/media/media.server";

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

/** Who may read a collection at all (403 otherwise); scoping happens per collection. */
function assertMayRead(actor: SessionUser, collection: Collection) {
  switch (collection) {
    case "posts":
      return assertCan(actor, "writePosts");
    case "media":
      return assertCan(actor, "useMedia");
    case "subscribers":
    case "newsletters":
      return assertCan(actor, "manageMail");
    default:
      return; // categories, tags, settings (no secrets): any staff; users: scoped to themselves.
  }
}

/** `POST /crud/get/docs`: the documents of `collection` matching `query`, newest first. */
export function getDocs(actor: SessionUser, input: unknown, db: Db = getDb()): unknown[] {
  const body = parseInput(GetDocsSchema, input);
  const { collection } = body;
  assertMayRead(actor, collection);
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
    case "users": {
      const own = can(actor.role, "manageSite") ? undefined : eq(users.uid, actor.uid);
      return db
        .select()
        .from(users)
        .where(and(own, where))
        .orderBy(desc(users.createdAt), desc(users.id))
        .limit(page.limit)
        .offset(page.offset)
        .all()
        .map((row) => toPublicProfile(row, actor));
    }
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

/**
 * A user record replaced by uid: name, email and photo through the profile
 * rule (yourself, or anyone as an Administrator); a role change only by an
 * Administrator, never of their own account (so one always remains); never
 * the password (POST /user/update/password) or the apiKey.
 */
function updateUserRecord(actor: SessionUser, uid: string, data: Record<string, unknown>, db: Db) {
  const row = findByUid(db.select().from(users).where(eq(users.uid, uid)).get(), "User not found");
  if (actor.uid !== uid && !can(actor.role, "manageSite")) {
    throw forbidden("You can only change your own profile");
  }
  assertSameIdentity(data, { uid: row.uid });
  if (data.password !== undefined || data.passwordHash !== undefined) {
    throw badRequest("Change passwords with POST /user/update/password");
  }
  if (data.apiKey !== undefined && data.apiKey !== row.apiKey) {
    throw badRequest("apiKey cannot be changed");
  }
  const profile = { uid, name: data.name, email: data.email, photo: data.photo };
  return db.transaction(() => {
    // Both validate before they write; a refusal of either rolls back the other.
    const updated = updateProfile(actor, profile);
    return data.role !== undefined && data.role !== row.role
      ? setUserRole(actor, { uid, role: data.role })
      : updated;
  });
}

/** `POST /crud/update/doc`: replaces the record's editable fields. */
export function updateDoc(actor: SessionUser, input: unknown, db: Db = getDb()): WriteResult {
  const { collection, uid, data } = parseInput(UpdateDocSchema, input);
  switch (collection) {
    case "posts": {
      assertCan(actor, "writePosts");
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
      assertCan(actor, "manageTaxonomy");
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
      return done("User updated successfully!", updateUserRecord(actor, uid, data, db));
    case "subscribers": {
      assertCan(actor, "manageMail");
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
      assertCan(actor, "manageSite");
      if (getSettings(db).uid !== uid) throw notFound("Settings record not found");
      updateSettings(actor, data, db);
      return done("Settings updated successfully", settingsDocument(db));
    }
    case "media":
      throw readOnly("media", "upload a new image and delete the old one");
    case "newsletters":
      throw readOnly("newsletters", "send one with POST /newsletter/send");
  }
}

/** `POST /crud/delete/doc`. */
export async function deleteDoc(
  actor: SessionUser,
  input: unknown,
  db: Db = getDb(),
): Promise<WriteResult> {
  const { collection, uid } = parseInput(DeleteDocSchema, input);
  switch (collection) {
    case "posts": {
      assertCan(actor, "writePosts");
      const row = findByUid(
        db.select({ id: posts.id, uid: posts.uid }).from(posts).where(eq(posts.uid, uid)).get(),
        "Post not found",
      );
      deletePost(actor, row.id, db);
      return { type: "success", message: "Post deleted successfully!", data: { uid } };
    }
    case "categories":
      assertCan(actor, "manageTaxonomy");
      return done("Category deleted successfully!", deleteCategory(actor, uid, db));
    case "tags":
      assertCan(actor, "manageTaxonomy");
      return done("Tag deleted successfully!", deleteTag(actor, uid, db));
    case "users":
      return done("Deleted successfully", deleteUser(actor, uid));
    case "subscribers":
      return done("Deleted successfully", deleteSubscriber(actor, uid, db));
    case "media":
      return done("Image deleted successfully!", await deleteMedia(actor, uid, db));
    case "settings":
      throw badRequest("The settings record cannot be deleted");
    case "newsletters":
      throw readOnly("newsletters", "they are kept as the record of what was sent");
  }
}

// ---------------------------------------------------------------------------
// Next id and image upload

const COUNTED: readonly CountedCollection[] = ["posts", "categories", "tags", "subscribers"];
export const NextIdSchema = z.object({
  collection: z.enum(COUNTED as [CountedCollection, ...CountedCollection[]], {
    error: `collection must be one of ${COUNTED.join(", ")}`,
  }),
});

/** `POST /get/nextid`: hands out the next numeric id of a collection the caller may add to. */
export function reserveNextId(actor: SessionUser, input: unknown, db: Db = getDb()) {
  const { collection } = parseInput(NextIdSchema, input);
  const capability = {
    posts: "writePosts",
    categories: "manageTaxonomy",
    tags: "manageTaxonomy",
    subscribers: "manageMail",
  } as const;
  assertCan(actor, capability[collection]);
  return { type: "success" as const, collection, id: nextId(db, collection) };
}

/** Who may upload into each upload collection. */
export function assertMayUpload(actor: SessionUser, collection: UploadCollection) {
  switch (collection) {
    case "posts":
      return assertCan(actor, "writePosts");
    case "media":
      return assertCan(actor, "useMedia");
    case "newsletters":
      return assertCan(actor, "manageMail");
    case "settings":
      return assertCan(actor, "manageSite");
    case "users":
      return; // everyone's own profile photo
  }
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
    const collection = form.fields.collection;
    if (!isUploadCollection(collection)) {
      throw badRequest(`collection must be one of ${UPLOAD_COLLECTIONS.join(", ")}`);
    }
    assertMayUpload(actor, collection);
    const file = form.files[0];
    if (!file) throw badRequest("file: choose an image to upload");
    const stored = await storeUpload(db, file, { collection, authorId: actor.id });
    const [doc] = mediaDocuments(db, eq(media.id, stored.id), { limit: 1, offset: 0 });
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
