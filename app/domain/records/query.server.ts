/**
 * The query language of the generic data calls (`/crud/get/docs`): which
 * collections exist, which fields each may be queried by, and how a client's
 * query becomes one parameterised Drizzle condition.
 *
 * The query (`query` in the body) may be, for a client's convenience:
 *   ["status", "==", "published"]                       one condition
 *   {field: "status", operator: "==", value: "published"}
 *   [["status", "==", "published"], {field: "id", operator: ">", value: 3}]
 * `[]`, `{}` or no query at all means every document the caller may see.
 * Conditions are ANDed; the operators are `==, !=, <, <=, >, >=, in,
 * array-contains`. Every field is on an allowlist and every value is checked
 * against the field's kind, so nothing from the client reaches SQL as text.
 */
import { and, eq, gt, gte, inArray, lt, lte, ne, type SQL } from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import {
  AUDIENCES,
  categories,
  comments,
  media,
  NEWSLETTER_AUDIENCES,
  NEWSLETTER_STATUSES,
  newsletters,
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
import { COMMENT_STATUSES } from "~/domain/comments/vocabulary";
import { badRequest } from "~/domain/errors.server";
import { UPLOAD_COLLECTIONS } from "~/domain/media/file-store.server";
import { POST_STATUSES } from "~/domain/posts/statuses";
import type { Db } from "~/platform/db.server";

export const COLLECTIONS = [
  "posts",
  "tags",
  "categories",
  "media",
  "users",
  "subscribers",
  "settings",
  "newsletters",
  "comments",
] as const;
export type Collection = (typeof COLLECTIONS)[number];

export const OPERATORS = ["==", "!=", "<", "<=", ">", ">=", "in", "array-contains"] as const;
export type Operator = (typeof OPERATORS)[number];

export const MAX_LIMIT = 1000;
const MAX_CONDITIONS = 20;
const MAX_IN_VALUES = 100;
const MAX_STRING = 1000;

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

/** The fields each collection may be queried by (the names its documents use). */
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
  comments: {
    id: int(comments.id),
    uid: str(comments.uid),
    postId: int(comments.postId),
    parentId: int(comments.parentId),
    name: str(comments.name),
    email: str(comments.email),
    status: oneOf(comments.status, COMMENT_STATUSES),
    createdAt: time(comments.createdAt),
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
