/**
 * Publishing to the fediverse (docs/federation.md "What is sent"): the site-event consumer that
 * turns a post going live, being edited and going away into Create, Update and Delete activities,
 * queued for every server that follows the post's actors (the site and each author).
 *
 * One delivery per server inbox (a shared inbox, else the follower's own), however many of the
 * post's actors it hosts followers of: the site's followers get the site actor's activity, a
 * server that follows only authors gets the first such author's (docs/decisions/305-one-delivery-per-inbox.md).
 * The consumer runs inside the event cursor's transaction and queues one fan-out delivery per
 * event; the fan-out handler finds the inboxes and queues one delivery each, in steps, so a post to
 * ten thousand followers never holds the process for long. Keys are made by the delivery handler
 * on first use (an ap_actors row made here has empty keys).
 */
import { setImmediate as nextTurn } from "node:timers/promises";
import { and, asc, eq, gt, inArray, sql } from "drizzle-orm";
import { apActors, apFollowers, apPosts } from "#db/schema";
import { ANONYMOUS, canRead } from "~/domain/access/reading.server";
import { type Db, preparedOnce } from "~/platform/db.server";
import { type DeliveryHandler, enqueueDelivery } from "~/platform/delivery-queue.server";
import type { SiteEvent, SiteEventConsumer } from "~/platform/site-events.server";
import { articleSources, buildArticle, followersUri, postActors } from "./articles.server";
import { blockedTest } from "./blocks.server";
import { enqueueActivity } from "./deliver.server";
import { actorUri, type LocalActorRef, postActivityId, postObjectId } from "./ids.server";
import { AP_CONTEXT, AS_PUBLIC } from "./vocabulary";

/** An actor a post is sent from: its `ap_actors` row id, ref and id. */
type Sender = { id: number; ref: LocalActorRef; uri: string };

/** The ap_actors rows of `refs`, made (without keys) where missing; in `refs` order. */
export function ensureActorRows(db: Db, refs: readonly LocalActorRef[]): Sender[] {
  const now = Date.now();
  for (const ref of refs) {
    db.insert(apActors)
      .values({ kind: ref.kind, refId: ref.refId, publicKey: "", privateKey: "", createdAt: now })
      .onConflictDoNothing()
      .run();
  }
  return refs.flatMap((ref) => {
    const row = db
      .select({ id: apActors.id })
      .from(apActors)
      .where(and(eq(apActors.kind, ref.kind), eq(apActors.refId, ref.refId)))
      .get();
    return row ? [{ id: row.id, ref, uri: actorUri(ref) }] : [];
  });
}

function actorsById(db: Db, ids: readonly number[]): Sender[] {
  if (ids.length === 0) return [];
  const rows = db
    .select()
    .from(apActors)
    .where(inArray(apActors.id, [...ids]))
    .all();
  return ids.flatMap((id) => {
    const row = rows.find((r) => r.id === id);
    if (!row) return [];
    const ref = { kind: row.kind, refId: row.refId } as LocalActorRef;
    return [{ id, ref, uri: actorUri(ref) }];
  });
}

/** Followers read per step of a fan-out; the process serves readers between steps. */
const FANOUT_STEP = 100;

/** One step of an actor's accepted followers after an id, on ap_followers_fanout_idx. */
const followersStep = preparedOnce((db) =>
  db
    .select({
      id: apFollowers.id,
      remoteUri: apFollowers.remoteUri,
      server: apFollowers.server,
      inbox: apFollowers.inbox,
      sharedInbox: apFollowers.sharedInbox,
    })
    .from(apFollowers)
    .where(
      and(
        eq(apFollowers.actorId, sql.placeholder("actorId")),
        eq(apFollowers.status, "accepted"),
        gt(apFollowers.id, sql.placeholder("after")),
      ),
    )
    .orderBy(asc(apFollowers.id))
    .limit(FANOUT_STEP)
    .prepare(),
);

/**
 * Where each actor delivers: every inbox of the actors' accepted followers, once, skipping blocked
 * servers and accounts, given to the first actor (in `actors` order) with a follower there. Reads
 * each actor's followers FANOUT_STEP at a time, yielding between steps.
 */
export async function inboxesByActor(
  db: Db,
  actors: readonly Sender[],
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>(actors.map((a) => [a.id, []]));
  const blocked = blockedTest(db);
  const chosen = new Set<string>();
  for (const actor of actors) {
    const inboxes = out.get(actor.id) ?? [];
    for (let after = 0; ; ) {
      const rows = followersStep(db).all({ actorId: actor.id, after });
      for (const row of rows) {
        const target = row.sharedInbox || row.inbox;
        if (chosen.has(target)) continue;
        if (blocked(row.remoteUri, row.server) || blocked(row.remoteUri, hostOf(target))) continue;
        chosen.add(target);
        inboxes.push(target);
      }
      if (rows.length < FANOUT_STEP) break;
      after = rows[rows.length - 1]?.id ?? after;
      await nextTurn();
    }
  }
  return out;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
};

export const FANOUT_KIND = "activitypub-fanout";

type Fanout = {
  activities: { actorId: number; activity: Record<string, unknown> & { id: string } }[];
};

/**
 * Queues `build(actor)` from each actor as one fan-out delivery: the consumer's transaction stays
 * a few milliseconds however many follow; the fan-out handler then queues one delivery per inbox,
 * a step at a time (docs/federation.md "What is sent"). Keys make a repeated fan-out queue nothing
 * twice.
 */
function deliver(
  db: Db,
  actors: readonly Sender[],
  build: (actor: Sender) => Record<string, unknown> & { id: string },
): void {
  if (actors.length === 0) return;
  const fanout: Fanout = {
    activities: actors.map((actor) => ({ actorId: actor.id, activity: build(actor) })),
  };
  enqueueDelivery(db, {
    kind: FANOUT_KIND,
    key: `fanout:${fanout.activities[0]?.activity.id}`,
    target: actors[0]?.uri ?? "",
    payload: JSON.stringify(fanout),
    ownerId: actors[0]?.id ?? null,
  });
}

/** The fan-out: every inbox its activity, FANOUT_STEP queued at a time. */
export const activityPubFanout: DeliveryHandler = {
  async send(row, db) {
    const fanout = JSON.parse(row.payload) as Fanout;
    const actors = actorsById(
      db,
      fanout.activities.map((a) => a.actorId),
    );
    let queued = 0;
    for (const [actorId, inboxes] of await inboxesByActor(db, actors)) {
      const activity = fanout.activities.find((a) => a.actorId === actorId)?.activity;
      if (!activity) continue;
      for (let i = 0; i < inboxes.length; i += FANOUT_STEP) {
        db.transaction(() => {
          for (const inbox of inboxes.slice(i, i + FANOUT_STEP)) {
            if (enqueueActivity(db, { actorId, inbox, activity }) !== null) queued++;
          }
        });
        await nextTurn();
      }
    }
    return { ok: true, excerpt: `${queued} deliveries queued` };
  },
};

/** post.published and post.updated: Create (or Update, once a Create went out) of the Article. */
function sendArticle(db: Db, event: SiteEvent): void {
  const source = articleSources(db, [event.subjectId])[0];
  // Only what an anonymous reader may read goes out (docs/members.md "Members-only posts"): no
  // draft, scheduled, reviewing or members-only post; one made members-only is withdrawn.
  if (source?.post.status !== "published") return;
  if (!canRead(ANONYMOUS, source.post)) {
    sendDelete(db, event);
    return;
  }
  const article = buildArticle(db, source);
  const actors = ensureActorRows(db, postActors(source.byline, source.post.authorId));
  const sent = db.select().from(apPosts).where(eq(apPosts.postId, source.post.id)).get();
  const verb =
    event.topic === "post.updated" && sent && sent.deletedAt === null ? "Update" : "Create";
  const now = Date.now();
  deliver(db, actors, (actor) => ({
    "@context": AP_CONTEXT,
    id: postActivityId(source.post.id, verb.toLowerCase(), `${event.id}-${actor.id}`),
    type: verb,
    actor: actor.uri,
    published: verb === "Create" ? article.published : (article.updated ?? article.published),
    to: [AS_PUBLIC],
    cc: article.cc,
    object: article,
  }));
  const actorIds = [
    ...new Set([...(sent?.deletedAt === null ? sent.actorIds : []), ...actors.map((a) => a.id)]),
  ];
  db.insert(apPosts)
    .values({
      postId: source.post.id,
      objectId: article.id,
      url: article.url,
      actorIds,
      publishedAt: now,
      updatedAt: now,
    })
    .onConflictDoUpdate({
      target: apPosts.postId,
      set: {
        url: article.url,
        actorIds,
        updatedAt: now,
        deletedAt: null,
        ...(verb === "Create" ? { publishedAt: now } : {}),
      },
    })
    .run();
}

/** post.unpublished and post.deleted: Delete (a Tombstone), when the post went out before. */
function sendDelete(db: Db, event: SiteEvent): void {
  const sent = db.select().from(apPosts).where(eq(apPosts.postId, event.subjectId)).get();
  if (!sent || sent.deletedAt !== null) return;
  const now = Date.now();
  const tombstone = tombstoneFor(event.subjectId, now);
  deliver(db, actorsById(db, sent.actorIds), (actor) => ({
    "@context": AP_CONTEXT,
    id: postActivityId(event.subjectId, "delete", `${event.id}-${actor.id}`),
    type: "Delete",
    actor: actor.uri,
    to: [AS_PUBLIC],
    cc: [followersUri(actor.uri)],
    object: tombstone,
  }));
  db.update(apPosts)
    .set({ deletedAt: now, updatedAt: now })
    .where(eq(apPosts.postId, event.subjectId))
    .run();
}

/** What a deleted post's id answers (and a Delete carries). */
export function tombstoneFor(postId: number, deletedAt: number) {
  return {
    id: postObjectId(postId),
    type: "Tombstone",
    formerType: "Article",
    deleted: new Date(deletedAt).toISOString(),
  };
}

/** The "federation" site-event consumer (app/startup/site-event-consumers.server.ts). */
export const federationConsumer: SiteEventConsumer = (db, event) => {
  switch (event.topic) {
    case "post.published":
    case "post.updated":
      sendArticle(db, event);
      return;
    case "post.unpublished":
    case "post.deleted":
      sendDelete(db, event);
      return;
  }
};
