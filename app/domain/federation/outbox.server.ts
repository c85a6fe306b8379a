/**
 * What the fediverse reads of the posts (docs/federation.md "What is sent"): a post's Article at
 * its id (a Tombstone once it was deleted), and each actor's outbox, the Create of each of its
 * published public posts, newest first, OUTBOX_PAGE_SIZE a page.
 */
import { and, count, desc, eq, exists, inArray, or, type SQL, sql } from "drizzle-orm";
import {
  apActors,
  apFollowers,
  apPosts,
  guestContributors,
  postContributors,
  posts,
  users,
} from "#db/schema";
import { ANONYMOUS, canRead, readableAudiences } from "~/domain/access/reading.server";
import type { Db } from "~/platform/db.server";
import { type Article, articleFor, publishedArticles } from "./articles.server";
import { actorUri, type LocalActorRef, parsePostObjectId, postActivityId } from "./ids.server";
import { tombstoneFor } from "./publishing.server";
import { AP_CONTEXT, AS_PUBLIC } from "./vocabulary";

export const OUTBOX_PAGE_SIZE = 20;

export type PostDocument =
  | { kind: "article"; article: Article }
  | { kind: "tombstone"; tombstone: ReturnType<typeof tombstoneFor> }
  | { kind: "missing" };

/** A post's object: its Article while published, its Tombstone once a Delete went out, else missing. */
export function postDocument(db: Db, postId: number): PostDocument {
  const row = db
    .select({ status: posts.status, visibility: posts.visibility })
    .from(posts)
    .where(eq(posts.id, postId))
    .get();
  if (row && canRead(ANONYMOUS, row)) {
    const article = articleFor(db, postId);
    if (article) return { kind: "article", article };
  }
  const sent = db
    .select({ deletedAt: apPosts.deletedAt })
    .from(apPosts)
    .where(eq(apPosts.postId, postId))
    .get();
  if (sent?.deletedAt != null) {
    return { kind: "tombstone", tombstone: tombstoneFor(postId, sent.deletedAt) };
  }
  return { kind: "missing" };
}

/** The post's page, where a browser asking for the object is sent. */
export function publishedPostUrl(db: Db, postId: number): string | null {
  const row = db
    .select({ url: posts.url, status: posts.status })
    .from(posts)
    .where(eq(posts.id, postId))
    .get();
  return row?.status === "published" ? row.url : null;
}

/** Whether the local actor exists (the site always does). */
export function actorExists(db: Db, actor: LocalActorRef): boolean {
  if (actor.kind === "site") return true;
  const table = actor.kind === "user" ? users : guestContributors;
  return (
    db.select({ id: table.id }).from(table).where(eq(table.id, actor.refId)).get() !== undefined
  );
}

/** The actor's posts: published and public, and (for an author) naming them an Author in the byline. */
function outboxWhere(actor: LocalActorRef): SQL | undefined {
  const base = and(
    eq(posts.status, "published"),
    inArray(posts.visibility, readableAudiences(ANONYMOUS)),
  );
  if (actor.kind === "site") return base;
  const column = actor.kind === "user" ? postContributors.userId : postContributors.guestId;
  const credited = sql`${posts.id} in (select ${postContributors.postId} from ${postContributors} where ${column} = ${actor.refId} and ${postContributors.role} = 'Author')`;
  if (actor.kind === "guest") return and(base, credited);
  // A post without a byline names its author only in `author_id` (as its Article does).
  const legacy = and(
    eq(posts.authorId, actor.refId),
    sql`not ${exists(sql`select 1 from ${postContributors} where ${postContributors.postId} = ${posts.id}`)}`,
  );
  return and(base, or(credited, legacy));
}

const outboxUri = (actor: LocalActorRef) => `${actorUri(actor)}/outbox`;

/** The outbox collection: its size and its first page. */
export function outboxCollection(db: Db, actor: LocalActorRef) {
  const total = db.select({ n: count() }).from(posts).where(outboxWhere(actor)).get()?.n ?? 0;
  const id = outboxUri(actor);
  return {
    "@context": AP_CONTEXT,
    id,
    type: "OrderedCollection",
    totalItems: total,
    first: `${id}?page=1`,
    ...(total > 0 ? { last: `${id}?page=${Math.ceil(total / OUTBOX_PAGE_SIZE)}` } : {}),
  };
}

/** Page `page` (from 1) of the outbox: one query for the page's posts, then their rows in bulk. */
export function outboxPage(db: Db, actor: LocalActorRef, page: number) {
  const id = outboxUri(actor);
  const ids = db
    .select({ id: posts.id })
    .from(posts)
    .where(outboxWhere(actor))
    .orderBy(desc(posts.timestamp), desc(posts.id))
    .limit(OUTBOX_PAGE_SIZE + 1)
    .offset((page - 1) * OUTBOX_PAGE_SIZE)
    .all()
    .map((r) => r.id);
  const more = ids.length > OUTBOX_PAGE_SIZE;
  const uri = actorUri(actor);
  const items = publishedArticles(db, ids.slice(0, OUTBOX_PAGE_SIZE)).map((article) => ({
    id: postActivityId(parsePostObjectId(article.id) ?? 0, "create", Date.parse(article.published)),
    type: "Create",
    actor: uri,
    published: article.published,
    to: [AS_PUBLIC],
    cc: article.cc,
    object: article,
  }));
  return {
    "@context": AP_CONTEXT,
    id: `${id}?page=${page}`,
    type: "OrderedCollectionPage",
    partOf: id,
    orderedItems: items,
    ...(more ? { next: `${id}?page=${page + 1}` } : {}),
    ...(page > 1 ? { prev: `${id}?page=${page - 1}` } : {}),
  };
}

/**
 * The actor's followers collection: how many accept its posts, never who they are (followers'
 * identities stay on the Fediverse screen).
 */
export function followersCollection(db: Db, actor: LocalActorRef) {
  const row = db
    .select({ id: apActors.id })
    .from(apActors)
    .where(and(eq(apActors.kind, actor.kind), eq(apActors.refId, actor.refId)))
    .get();
  const total = row
    ? (db
        .select({ n: count() })
        .from(apFollowers)
        .where(and(eq(apFollowers.actorId, row.id), eq(apFollowers.status, "accepted")))
        .get()?.n ?? 0)
    : 0;
  return {
    "@context": AP_CONTEXT,
    id: `${actorUri(actor)}/followers`,
    type: "OrderedCollection",
    totalItems: total,
  };
}
