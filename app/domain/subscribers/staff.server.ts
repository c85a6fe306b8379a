/**
 * Staff changes to newsletter subscribers (docs/behaviour.md §subscribers Subscribers List: Add
 * Subscriber, Delete; the generic data calls' update by uid). Readers' own
 * signups and unsubscribes are app/domain/subscribers/subscribers.server.ts. Roles with
 * `manageMail` only (Administrator, Editor).
 */
import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gt,
  inArray,
  isNotNull,
  isNull,
  lt,
  or,
  type SQL,
  sql,
} from "drizzle-orm";
import type { SQLiteColumn } from "drizzle-orm/sqlite-core";
import { z } from "zod";
import { type Subscriber, subscriberAudiences, subscribers } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { DomainError, notFound, parseInput } from "~/domain/errors.server";
import { MEMBER_FILTERS, type MemberFilter } from "~/domain/members/vocabulary";
import { audienceListSchema, newsletterJoinSchema } from "~/domain/subscribers/subscribers.server";
import {
  ADMIN_DEFAULT_AUDIENCES,
  AUDIENCE_FILTERS,
  type Audience,
  type AudienceFilter,
  findAudience,
  inWords,
  STAFF_STATUSES,
  SUBSCRIBER_STATUSES,
} from "~/domain/subscribers/vocabulary";
import { writeSubscriber } from "~/domain/subscribers/writer.server";
import { type Db, getDb } from "~/platform/db.server";
import { groupBy } from "~/utils/group";

export const SubscriberInputSchema = z.object({
  name: newsletterJoinSchema.shape.name,
  email: newsletterJoinSchema.shape.email,
  status: z
    .enum(SUBSCRIBER_STATUSES, { error: `status must be ${inWords(SUBSCRIBER_STATUSES)}` })
    .default("Active"),
  audience: z.preprocess(
    (v) => (v === undefined || v === null ? [...ADMIN_DEFAULT_AUDIENCES] : v),
    audienceListSchema,
  ),
});
export type SubscriberInput = z.input<typeof SubscriberInputSchema>;

export type SubscriberDocument = Pick<Subscriber, "uid" | "id" | "name" | "email" | "status"> & {
  audience: Audience[];
  /** When they subscribed, epoch ms. */
  timestamp: number;
  /** Members (docs/members.md): first and last sign-in, epoch ms; null for a subscriber only. */
  memberSince: number | null;
  lastSignInAt: number | null;
};

/** Subscribers as documents, with their audiences in one extra query. */
export function subscriberDocuments(db: Db, rows: Subscriber[]): SubscriberDocument[] {
  if (rows.length === 0) return [];
  const audiences = db
    .select()
    .from(subscriberAudiences)
    .where(
      inArray(
        subscriberAudiences.subscriberId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(subscriberAudiences.audience))
    .all();
  const byId = groupBy(audiences, (a) => [a.subscriberId, a.audience]);
  return rows.map((r) => ({
    uid: r.uid,
    id: r.id,
    name: r.name,
    email: r.email,
    status: r.status,
    audience: byId.get(r.id) ?? [],
    timestamp: r.timestamp.getTime(),
    memberSince: r.memberSince,
    lastSignInAt: r.lastSignInAt,
  }));
}

function assertFreeEmail(db: Db, email: string, exceptId?: number) {
  // One subscriber an address (a unique index), so the one found is the only one.
  const clash = db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(eq(subscribers.email, email))
    .get();
  if (clash && clash.id !== exceptId) {
    throw new DomainError(409, `${email} is already a subscriber`);
  }
}

function load(db: Db, uid: string): Subscriber {
  const row = db.select().from(subscribers).where(eq(subscribers.uid, uid)).get();
  if (!row) throw notFound("Subscriber not found");
  return row;
}

/** Add Subscriber: starts Active unless told otherwise (docs/behaviour.md §subscribers), audience default News. */
export function addSubscriber(actor: SessionUser, input: unknown, db: Db = getDb()) {
  assertCan(actor, "manageMail");
  const data = parseInput(SubscriberInputSchema, input);
  assertFreeEmail(db, data.email);
  return subscriberDocuments(db, [
    writeSubscriber(db, data) as Subscriber,
  ])[0] as SubscriberDocument;
}

/** Replaces a subscriber's name, email, status and audiences (id, uid and signup time stay). */
export function updateSubscriber(
  actor: SessionUser,
  uid: string,
  input: unknown,
  db: Db = getDb(),
) {
  assertCan(actor, "manageMail");
  const existing = load(db, uid);
  const data = parseInput(SubscriberInputSchema, input);
  assertFreeEmail(db, data.email, existing.id);
  const row = writeSubscriber(db, { id: existing.id, ...data }) as Subscriber;
  return subscriberDocuments(db, [row])[0] as SubscriberDocument;
}

export function deleteSubscriber(actor: SessionUser, uid: string, db: Db = getDb()) {
  assertCan(actor, "manageMail");
  const existing = load(db, uid);
  db.delete(subscribers).where(eq(subscribers.id, existing.id)).run();
  return { id: existing.id, uid: existing.uid };
}

const statusChangeSchema = z.object({
  status: z.enum(STAFF_STATUSES, { error: `Status must be ${inWords(STAFF_STATUSES)}` }),
});

/**
 * Sets a subscriber Active or Inactive. Someone who unsubscribed stays so:
 * only they can subscribe again (through the public form), never staff.
 */
export function setSubscriberStatus(
  actor: SessionUser,
  uid: string,
  input: unknown,
  db: Db = getDb(),
) {
  assertCan(actor, "manageMail");
  const { status } = parseInput(statusChangeSchema, input);
  const existing = load(db, uid);
  if (existing.status === "Unsubscribed") {
    throw new DomainError(409, `${existing.email} unsubscribed; only they can subscribe again`);
  }
  db.update(subscribers)
    .set({ status, updatedAt: new Date() })
    .where(eq(subscribers.id, existing.id))
    .run();
  return { uid, status };
}

// ---------------------------------------------------------------------------
// The Subscribers List (search, audience filter, keyset pages)

export const SUBSCRIBERS_PAGE_SIZE = 25;

/** The list's query string; anything unreadable falls back to the unfiltered list. */
export const subscriberFilterSchema = z.object({
  // Control characters (NUL among them) never occur in a name or an address, and the search
  // index refuses a NUL: they are left out of the search.
  q: z
    .string()
    .transform((q) => q.replace(/\p{Cc}/gu, ""))
    .pipe(z.string().trim())
    .catch("")
    .default(""),
  audience: z
    .preprocess((v) => (typeof v === "string" ? v.toLowerCase() : v), z.enum(AUDIENCE_FILTERS))
    .catch("all")
    .default("all"),
  member: z.enum(MEMBER_FILTERS).catch("all").default("all"),
});
/** The longest search used; a longer one is cut to this and the list says so. */
export const SEARCH_MAX_LENGTH = 200;

export type SubscriberFilter = Omit<z.output<typeof subscriberFilterSchema>, "member"> & {
  /** Members or not (docs/members.md "Back office"); absent: everybody. */
  member?: MemberFilter;
  /** The search was longer than SEARCH_MAX_LENGTH and was cut to it. */
  searchShortened?: boolean;
};

const cursorSchema = z.coerce.number().int().positive().optional().catch(undefined);

export function readSubscriberFilter(params: URLSearchParams): SubscriberFilter {
  const filter = subscriberFilterSchema.parse({
    q: params.get("q") ?? undefined,
    audience: params.get("audience") ?? undefined,
    member: params.get("member") ?? undefined,
  });
  const chars = Array.from(filter.q);
  if (chars.length <= SEARCH_MAX_LENGTH) return filter;
  return {
    ...filter,
    q: chars.slice(0, SEARCH_MAX_LENGTH).join("").trim(),
    searchShortened: true,
  };
}

/** Members or subscribers only (docs/members.md "Back office"). */
function memberCondition(filter: SubscriberFilter): SQL | undefined {
  if (filter.member === "member") return isNotNull(subscribers.memberSince);
  if (filter.member === "non-member") return isNull(subscribers.memberSince);
  return undefined;
}

function audienceOf(filter: AudienceFilter): Audience | null {
  return filter === "all" ? null : (findAudience(filter) ?? null);
}

/** `%`, `_` and `\` match themselves in a search. */
const likePattern = (q: string) => `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** Searches this long (in characters) are narrowed by the trigram index first. */
const TRIGRAM = 3;

/**
 * The search part of a filter: a substring match on name or email, or, for a
 * whole address, the unique email index. From three characters on, the
 * `subscribers_search` trigram index (db/migrations/0006_subscribers_search.sql)
 * finds the candidates, and the same LIKE as for shorter searches keeps the
 * matching rule exact (ASCII case ignored, accents matched as typed).
 */
function searchCondition(q: string): SQL | undefined {
  const text = q.trim();
  if (!text) return undefined;
  const email = emailSchemaSafe(text);
  if (email) return eq(subscribers.email, email);
  const pattern = likePattern(text);
  const like = or(
    sql`${subscribers.name} like ${pattern} escape '\\'`,
    sql`${subscribers.email} like ${pattern} escape '\\'`,
  );
  if (Array.from(text).length < TRIGRAM) return like;
  const phrase = `"${text.replace(/"/g, '""')}"`;
  return and(
    sql`${subscribers.id} in (select rowid from subscribers_search where subscribers_search match ${phrase})`,
    like,
  );
}

/** The whole filter as one condition on `subscribers` (for counting). */
export function subscriberWhere(filter: SubscriberFilter): SQL | undefined {
  const audience = audienceOf(filter.audience);
  return and(
    searchCondition(filter.q),
    memberCondition(filter),
    audience
      ? sql`${subscribers.id} in (select ${subscriberAudiences.subscriberId} from ${subscriberAudiences} where ${subscriberAudiences.audience} = ${audience})`
      : undefined,
  );
}

export type Keyset = { after?: number; before?: number };

/**
 * Up to `limit` subscribers of a filter, by id: descending `after` a cursor
 * (or from the newest), ascending `before` one. With an audience the query
 * walks the (audience, subscriber_id) index in id order and stops when the
 * page is full, instead of collecting every member of the audience first.
 */
export function subscribersPageQuery(
  db: Db,
  filter: SubscriberFilter,
  { after, before }: Keyset,
  limit: number,
): { all(): Subscriber[]; toSQL(): { sql: string; params: unknown[] } } {
  const audience = audienceOf(filter.audience);
  const search = and(searchCondition(filter.q), memberCondition(filter));
  const page = (id: SQLiteColumn) => ({
    cursor: before ? gt(id, before) : after ? lt(id, after) : undefined,
    order: before ? asc(id) : desc(id),
  });
  if (audience) {
    const { cursor, order } = page(subscriberAudiences.subscriberId);
    return db
      .select(getTableColumns(subscribers))
      .from(subscriberAudiences)
      .innerJoin(subscribers, eq(subscribers.id, subscriberAudiences.subscriberId))
      .where(and(eq(subscriberAudiences.audience, audience), search, cursor))
      .orderBy(order)
      .limit(limit);
  }
  const { cursor, order } = page(subscribers.id);
  return db.select().from(subscribers).where(and(search, cursor)).orderBy(order).limit(limit);
}

export const selectSubscribers = (...args: Parameters<typeof subscribersPageQuery>) =>
  subscribersPageQuery(...args).all();

function emailSchemaSafe(q: string): string | null {
  if (!q.includes("@")) return null;
  const parsed = newsletterJoinSchema.shape.email.safeParse(q);
  return parsed.success ? parsed.data : null;
}

export type SubscriberPage = {
  subscribers: SubscriberDocument[];
  total: number;
  /** Cursor (`?after=`) of the next page, newest first; null on the last. */
  next: number | null;
  /** Cursor (`?before=`) of the previous page; null on the first. */
  prev: number | null;
  filter: SubscriberFilter;
};

/**
 * One page of subscribers, newest first, by keyset on the id (`after` the
 * last id shown, or `before` the first), so page 4,000 costs what page 1 does.
 */
export function listSubscribersForAdmin(
  actor: SessionUser,
  params: URLSearchParams,
  db: Db = getDb(),
  pageSize = SUBSCRIBERS_PAGE_SIZE,
): SubscriberPage {
  assertCan(actor, "manageMail");
  const filter = readSubscriberFilter(params);
  const after = cursorSchema.parse(params.get("after") ?? undefined);
  const before = after ? undefined : cursorSchema.parse(params.get("before") ?? undefined);
  let rows = selectSubscribers(db, filter, { after, before }, pageSize + 1);
  const more = rows.length > pageSize;
  rows = rows.slice(0, pageSize);
  let next: number | null = null;
  let prev: number | null = null;
  if (before) {
    rows.reverse();
    if (more) prev = rows[0]?.id ?? null;
    next = rows.at(-1)?.id ?? null;
  } else {
    if (more) next = rows.at(-1)?.id ?? null;
    if (after && rows.length) prev = rows[0]?.id ?? null;
  }
  const audience = audienceOf(filter.audience);
  // An audience alone is counted on its covering index, without visiting subscribers.
  const total =
    audience && !filter.q.trim() && (filter.member ?? "all") === "all"
      ? (db
          .select({ n: count() })
          .from(subscriberAudiences)
          .where(eq(subscriberAudiences.audience, audience))
          .get()?.n ?? 0)
      : (db.select({ n: count() }).from(subscribers).where(subscriberWhere(filter)).get()?.n ?? 0);
  return { subscribers: subscriberDocuments(db, rows), total, next, prev, filter };
}

/** One subscriber by uid (the delete confirmation names who goes). */
export function getSubscriber(actor: SessionUser, uid: string, db: Db = getDb()) {
  assertCan(actor, "manageMail");
  const row = db.select().from(subscribers).where(eq(subscribers.uid, uid)).get();
  return row ? (subscriberDocuments(db, [row])[0] as SubscriberDocument) : null;
}
