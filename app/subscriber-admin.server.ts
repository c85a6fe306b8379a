/**
 * Staff changes to newsletter subscribers (SPEC §2 Subscribers List: Add
 * Subscriber, Delete; the generic data calls' update by uid). Readers' own
 * signups and unsubscribes are app/subscribers.server.ts. Roles with
 * `manageMail` only (Administrator, Editor).
 */
import { and, asc, eq, inArray, ne } from "drizzle-orm";
import { z } from "zod";
import {
  type Audience,
  SUBSCRIBER_STATUSES,
  type Subscriber,
  subscriberAudiences,
  subscribers,
} from "#db/schema";
import { assertCan, type SessionUser } from "~/auth.server";
import { nextId } from "~/counters.server";
import { type Db, getDb } from "~/db.server";
import { DomainError, notFound, parseInput } from "~/errors.server";
import { audienceListSchema, newsletterJoinSchema } from "~/subscribers.server";

/** The admin form's default audience (SPEC §9). */
export const ADMIN_DEFAULT_AUDIENCE: readonly Audience[] = ["News"];

export const SubscriberInputSchema = z.object({
  name: newsletterJoinSchema.shape.name,
  email: newsletterJoinSchema.shape.email,
  status: z
    .enum(SUBSCRIBER_STATUSES, { error: "status must be Active, Inactive or Unsubscribed" })
    .default("Active"),
  audience: z.preprocess(
    (v) => (v === undefined || v === null ? [...ADMIN_DEFAULT_AUDIENCE] : v),
    audienceListSchema,
  ),
});
export type SubscriberInput = z.input<typeof SubscriberInputSchema>;

export type SubscriberDocument = {
  uid: string;
  id: number;
  name: string;
  email: string;
  status: Subscriber["status"];
  audience: Audience[];
  /** When they subscribed, epoch ms. */
  timestamp: number;
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
  const byId = new Map<number, Audience[]>();
  for (const a of audiences) {
    const list = byId.get(a.subscriberId) ?? [];
    list.push(a.audience);
    byId.set(a.subscriberId, list);
  }
  return rows.map((r) => ({
    uid: r.uid,
    id: r.id,
    name: r.name,
    email: r.email,
    status: r.status,
    audience: byId.get(r.id) ?? [],
    timestamp: r.timestamp.getTime(),
  }));
}

function assertFreeEmail(db: Db, email: string, exceptId?: number) {
  const clash = db
    .select({ id: subscribers.id })
    .from(subscribers)
    .where(
      and(
        eq(subscribers.email, email),
        exceptId === undefined ? undefined : ne(subscribers.id, exceptId),
      ),
    )
    .get();
  if (clash) throw new DomainError(409, `${email} is already a subscriber`);
}

function load(db: Db, uid: string): Subscriber {
  const row = db.select().from(subscribers).where(eq(subscribers.uid, uid)).get();
  if (!row) throw notFound("Subscriber not found");
  return row;
}

/** Add Subscriber: starts Active unless told otherwise (SPEC §4), audience default News. */
export function addSubscriber(actor: SessionUser, input: unknown, db: Db = getDb()) {
  assertCan(actor, "manageMail");
  const data = parseInput(SubscriberInputSchema, input);
  assertFreeEmail(db, data.email);
  const row = db.transaction((tx) => {
    const t = tx as unknown as Db;
    const now = new Date();
    const inserted = t
      .insert(subscribers)
      .values({
        id: nextId(t, "subscribers"),
        uid: crypto.randomUUID(),
        name: data.name,
        email: data.email,
        status: data.status,
        timestamp: now,
        updatedAt: now,
      })
      .returning()
      .get();
    t.insert(subscriberAudiences)
      .values(data.audience.map((audience) => ({ subscriberId: inserted.id, audience })))
      .run();
    return inserted;
  });
  return subscriberDocuments(db, [row])[0] as SubscriberDocument;
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
  const row = db.transaction((tx) => {
    const updated = tx
      .update(subscribers)
      .set({ name: data.name, email: data.email, status: data.status, updatedAt: new Date() })
      .where(eq(subscribers.id, existing.id))
      .returning()
      .get();
    tx.delete(subscriberAudiences).where(eq(subscriberAudiences.subscriberId, existing.id)).run();
    tx.insert(subscriberAudiences)
      .values(data.audience.map((audience) => ({ subscriberId: existing.id, audience })))
      .run();
    return updated;
  });
  return subscriberDocuments(db, [row])[0] as SubscriberDocument;
}

export function deleteSubscriber(actor: SessionUser, uid: string, db: Db = getDb()) {
  assertCan(actor, "manageMail");
  const existing = load(db, uid);
  db.delete(subscribers).where(eq(subscribers.id, existing.id)).run();
  return { id: existing.id, uid: existing.uid };
}
