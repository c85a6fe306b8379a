/**
 * Publishing to the fediverse (docs/federation.md "What is sent"): the site-event consumer that
 * turns a post going live, being edited and going away into Create, Update and Delete activities,
 * queued for every server that follows the post's actors (the site and each author).
 *
 * One delivery per server inbox (a shared inbox, else the follower's own), however many of the
 * post's actors it hosts followers of: the site's followers get the site actor's activity, a
 * server that follows only authors gets the first such author's (docs/decisions/305-one-delivery-per-inbox.md).
 * Runs inside the event cursor's transaction: it reads rows and queues, nothing else; keys are
 * made by the delivery handler on first use (an ap_actors row made here has empty keys).
 */
import { and, eq, inArray } from "drizzle-orm";
import { apActors, apFollowers, apPosts } from "#db/schema";
import { ANONYMOUS, canRead } from "~/domain/access/reading.server";
import type { Db } from "~/platform/db.server";
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

/**
 * Where each actor delivers: every inbox of the actors' accepted followers, once, skipping blocked
 * servers and accounts, given to the first actor (in `actors` order) with a follower there.
 */
export function inboxesByActor(db: Db, actors: readonly Sender[]): Map<number, string[]> {
  const out = new Map<number, string[]>(actors.map((a) => [a.id, []]));
  if (actors.length === 0) return out;
  const blocked = blockedTest(db);
  const rows = db
    .select({
      actorId: apFollowers.actorId,
      remoteUri: apFollowers.remoteUri,
      server: apFollowers.server,
      inbox: apFollowers.inbox,
      sharedInbox: apFollowers.sharedInbox,
    })
    .from(apFollowers)
    .where(
      and(
        inArray(
          apFollowers.actorId,
          actors.map((a) => a.id),
        ),
        eq(apFollowers.status, "accepted"),
      ),
    )
    .all();
  const rank = new Map(actors.map((a, i) => [a.id, i]));
  const chosen = new Map<string, number>();
  for (const row of rows) {
    const target = row.sharedInbox || row.inbox;
    if (blocked(row.remoteUri, row.server) || blocked(row.remoteUri, hostOf(target))) continue;
    const current = chosen.get(target);
    if (current === undefined || (rank.get(row.actorId) ?? 0) < (rank.get(current) ?? 0)) {
      chosen.set(target, row.actorId);
    }
  }
  for (const [target, actorId] of chosen) out.get(actorId)?.push(target);
  return out;
}

const hostOf = (url: string) => {
  try {
    return new URL(url).hostname.toLowerCase();
  } catch {
    return "";
  }
};

/** Queues `build(actor)` for each actor with inboxes to reach; returns how many were queued. */
function deliver(
  db: Db,
  actors: readonly Sender[],
  build: (actor: Sender) => Record<string, unknown> & { id: string },
): number {
  let queued = 0;
  for (const [actorId, inboxes] of inboxesByActor(db, actors)) {
    const actor = actors.find((a) => a.id === actorId);
    if (!actor || inboxes.length === 0) continue;
    const activity = build(actor);
    for (const inbox of inboxes) {
      const id = enqueueActivity(db, { actorId, inbox, activity });
      if (id !== null) queued++;
    }
  }
  return queued;
}

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
