/**
 * Content distribution (WebSub §7; docs/integrations.md "WebSub"). When a post is published,
 * edited, unpublished or deleted, `websubConsumer` works out which feeds changed (the site's, the
 * post's category's, each of its tags' and authors', in every format) and queues one delivery
 * "websub" per active subscription of each; an expired one is removed instead. The delivery
 * renders the feed when it is sent, so the newest state goes
 * (docs/decisions/322-websub-render-at-send.md), and POSTs it with its Content-Type, the `Link`
 * header and, when the subscriber gave a secret, `X-Hub-Signature: sha256=…` (HMAC-SHA256 of the
 * body). A 410 ends the subscription; other failures are retried by the queue.
 */
import { createHmac } from "node:crypto";
import { and, eq, inArray } from "drizzle-orm";
import { categories, posts, postTags, tags, websubSubscriptions } from "#db/schema";
import { bylinesFor } from "~/domain/bylines/read.server";
import { FEED_FORMATS } from "~/domain/feeds/formats";
import { feedLinkHeader, renderFeed } from "~/domain/feeds/render.server";
import { feedAtPath, feedUrl } from "~/domain/feeds/scope.server";
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
  return [...bases];
}

/** The topics (feed addresses) a post event changed. */
export function changedTopics(db: Db, event: SiteEvent): string[] {
  return feedBasesOf(db, event).flatMap((base) => FEED_FORMATS.map((f) => feedUrl(base, f)));
}

export const websubConsumer: SiteEventConsumer = (db, event) => {
  if (!event.topic.startsWith("post.")) return;
  const now = Date.now();
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
    if (sub.expiresAt === null || sub.expiresAt <= now) {
      db.delete(websubSubscriptions).where(eq(websubSubscriptions.id, sub.id)).run();
      continue;
    }
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
    return { ok: false, error: error.message };
  }
}

export const websubHandler: DeliveryHandler = { send: (row, db) => distribute(row, db) };
