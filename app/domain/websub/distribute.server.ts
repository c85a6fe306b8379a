/**
 * Content distribution (WebSub §7; docs/integrations.md "WebSub"). When a post is published,
 * edited, unpublished or deleted, `websubConsumer` works out which feeds changed (the site's, the
 * post's category's, each of its tags' and authors', in every format; after an edit also the
 * category and tags it had before) and queues one delivery
 * "websub" per active subscription of each; every expired one is removed first. The delivery
 * renders the feed when it is sent, so the newest state goes
 * (docs/decisions/322-websub-render-at-send.md), and POSTs it with its Content-Type, the `Link`
 * header and, when the subscriber gave a secret, `X-Hub-Signature: sha256=…` (HMAC-SHA256 of the
 * body). A 410 ends the subscription; a refused address is final; other failures are retried by
 * the queue.
 */
import { createHmac } from "node:crypto";
import { and, desc, eq, inArray, lte } from "drizzle-orm";
import { categories, postRevisions, posts, postTags, tags, websubSubscriptions } from "#db/schema";
import { bylinesFor } from "~/domain/bylines/read.server";
import { FEED_FORMATS } from "~/domain/feeds/formats";
import { feedLinkHeader, renderFeed } from "~/domain/feeds/render.server";
import { feedAtPath, feedUrl } from "~/domain/feeds/scope.server";
import { isRefusal } from "~/domain/webmention/send.server";
import type { Db } from "~/platform/db.server";
import {
  type AttemptResult,
  type DeliveryHandler,
  type DeliveryRow,
  enqueueDelivery,
} from "~/platform/delivery-queue.server";
import { readEnv } from "~/platform/env.server";
import { OutboundError, outboundRequest } from "~/platform/outbound-http.server";
import type { SiteEvent, SiteEventConsumer } from "~/platform/site-events.server";

/**
 * The category and tag feeds an edited post was in before its latest save (its saved revision
 * before the newest names them): a post moved out of a feed changes that feed too.
 */
function previousBases(db: Db, postId: number): string[] {
  const before = db
    .select({ category: postRevisions.category, tags: postRevisions.tags })
    .from(postRevisions)
    .where(and(eq(postRevisions.postId, postId), eq(postRevisions.kind, "save")))
    .orderBy(desc(postRevisions.id))
    .limit(2)
    .all()[1];
  if (!before) return [];
  const bases: string[] = [];
  const category = db
    .select({ slug: categories.slug })
    .from(categories)
    .where(eq(categories.name, before.category))
    .get();
  if (category) bases.push(`/category/${category.slug}`);
  if (before.tags.length > 0) {
    const named = db
      .select({ slug: tags.slug })
      .from(tags)
      .where(inArray(tags.name, before.tags))
      .all();
    for (const t of named) bases.push(`/tag/${t.slug}`);
  }
  return bases;
}

/** The base paths of the feeds a post is in: the site's, its category's, tags' and authors'. */
function feedBasesOf(db: Db, event: SiteEvent): string[] {
  const bases = new Set([""]);
  const post = db
    .select({ categorySlug: categories.slug })
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .where(eq(posts.id, event.subjectId))
    .get();
  if (!post) {
    // Deleted for good: its tags and byline went with it; its address still names its category.
    const data = (event.data ?? {}) as { url?: string };
    const category = /^\/[^/]+\/([^/]+)\/[^/]+$/.exec(data.url ?? "")?.[1];
    if (category) bases.add(`/category/${category}`);
    return [...bases];
  }
  if (post.categorySlug) bases.add(`/category/${post.categorySlug}`);
  const tagRows = db
    .select({ slug: tags.slug })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(eq(postTags.postId, event.subjectId))
    .all();
  for (const t of tagRows) bases.add(`/tag/${t.slug}`);
  for (const entry of bylinesFor(db, [event.subjectId]).get(event.subjectId) ?? []) {
    if (entry.role === "Author" && entry.slug) bases.add(`/author/${entry.slug}`);
  }
  if (event.topic === "post.updated") {
    for (const base of previousBases(db, event.subjectId)) bases.add(base);
  }
  return [...bases];
}

/** The topics (feed addresses) a post event changed. */
export function changedTopics(db: Db, event: SiteEvent): string[] {
  return feedBasesOf(db, event).flatMap((base) => FEED_FORMATS.map((f) => feedUrl(base, f)));
}

export const websubConsumer: SiteEventConsumer = (db, event) => {
  if (!event.topic.startsWith("post.")) return;
  // Every lease run out by now goes, whichever feed it followed.
  db.delete(websubSubscriptions)
    .where(
      and(eq(websubSubscriptions.status, "active"), lte(websubSubscriptions.expiresAt, Date.now())),
    )
    .run();
  const subs = db
    .select()
    .from(websubSubscriptions)
    .where(
      and(
        inArray(websubSubscriptions.topic, changedTopics(db, event)),
        eq(websubSubscriptions.status, "active"),
      ),
    )
    .all();
  for (const sub of subs) {
    enqueueDelivery(db, {
      kind: "websub",
      key: `ws:${sub.id}:${event.id}`,
      target: sub.callback,
      payload: sub.topic,
      ownerId: sub.id,
    });
  }
};

/** `X-Hub-Signature` of a body (WebSub §7.1). */
export const hubSignature = (secret: string, body: string) =>
  `sha256=${createHmac("sha256", secret).update(body).digest("hex")}`;

async function distribute(row: DeliveryRow, db: Db, now = Date.now()): Promise<AttemptResult> {
  const sub = db
    .select()
    .from(websubSubscriptions)
    .where(eq(websubSubscriptions.id, row.ownerId ?? 0))
    .get();
  if (sub?.status !== "active") {
    return { ok: false, permanent: true, error: "No longer subscribed" };
  }
  if (sub.expiresAt === null || sub.expiresAt <= now) {
    db.delete(websubSubscriptions).where(eq(websubSubscriptions.id, sub.id)).run();
    return { ok: false, permanent: true, error: "The lease has expired" };
  }
  const site = new URL(readEnv().publicUrl);
  const path = new URL(sub.topic).pathname.slice(site.pathname.replace(/\/$/, "").length);
  const feed = feedAtPath(db, path);
  if (!feed) return { ok: false, permanent: true, error: "The feed no longer exists" };
  const rendered = renderFeed(db, feed.scope, feed.format);
  const headers: Record<string, string> = {
    "Content-Type": rendered.contentType,
    Link: feedLinkHeader(rendered),
  };
  if (sub.secret) headers["X-Hub-Signature"] = hubSignature(sub.secret, rendered.body);
  try {
    const res = await outboundRequest({
      url: sub.callback,
      method: "POST",
      headers,
      body: rendered.body,
      followRedirects: false,
    });
    const excerpt = res.body.toString("utf8").slice(0, 500);
    if (res.status >= 200 && res.status <= 299) return { ok: true, status: res.status, excerpt };
    if (res.status === 410) {
      db.delete(websubSubscriptions).where(eq(websubSubscriptions.id, sub.id)).run();
      return { ok: false, permanent: true, status: 410, excerpt, error: "Gone: unsubscribed" };
    }
    return { ok: false, status: res.status, excerpt, error: `HTTP ${res.status}` };
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    // A callback the outgoing rules refuse stays refused: not retried.
    return { ok: false, error: error.message, permanent: isRefusal(error) };
  }
}

export const websubHandler: DeliveryHandler = { send: (row, db) => distribute(row, db) };
