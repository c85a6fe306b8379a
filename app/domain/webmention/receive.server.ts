/**
 * Receiving a Webmention (W3C Webmention §3.2; docs/federation.md "Webmention"): the request is
 * checked at once (two http(s) addresses, different, the target a published post of this site),
 * then recorded as pending and its source checked later by a "webmention-verify" delivery. Every
 * re-send is checked again: that is how a mention whose source dropped the link goes away.
 */
import { and, count, eq } from "drizzle-orm";
import { z } from "zod";
import { deliveries, posts, webmentions } from "#db/schema";
import { badRequest, parseInput } from "~/domain/errors.server";
import { parsePostObjectId } from "~/domain/federation/ids.server";
import { parsePostId } from "~/domain/posts/ids";
import type { Db } from "~/platform/db.server";
import { enqueueDelivery } from "~/platform/delivery-queue.server";
import { readEnv } from "~/platform/env.server";
import { httpUrl, isOnSite, WEBMENTION_URL_MAX } from "./urls";

export const VERIFY_KIND = "webmention-verify";

const address = (name: string) =>
  z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, `${name} is required`)
    .max(WEBMENTION_URL_MAX, `${name} is too long`)
    .transform((value, ctx) => {
      const url = httpUrl(value);
      if (!url) {
        ctx.addIssue({ code: "custom", message: `${name} must be an http(s) URL` });
        return z.NEVER;
      }
      return url;
    });

export const WebmentionInput = z.object({ source: address("source"), target: address("target") });

/** `/{id}/{category}/{slug}`: the id decides, as on the post page (which redirects other slugs). */
const POST_PATH = /^\/(\d{1,15})\/[^/]+\/[^/]+\/?$/;

/** The published post a target address names on this site (its page or its object id), or null. */
export function targetPost(db: Db, target: string): number | null {
  const origin = readEnv().publicUrl;
  if (!isOnSite(target, origin)) return null;
  const id =
    parsePostId(POST_PATH.exec(new URL(target).pathname)?.[1]) ?? parsePostObjectId(target);
  if (!id) return null;
  const post = db.select({ status: posts.status }).from(posts).where(eq(posts.id, id)).get();
  return post?.status === "published" ? id : null;
}

export type Received = { id: number; postId: number; queued: boolean };

/**
 * Checks a received Webmention and records it (status pending), queueing the check of its
 * source unless one is already waiting to start. Bad input is a 400 and nothing is written.
 */
export function receiveWebmention(db: Db, raw: unknown, now = Date.now()): Received {
  const { source, target } = parseInput(WebmentionInput, raw);
  if (source === target) throw badRequest("source and target must be different URLs");
  if (isOnSite(source, readEnv().publicUrl)) {
    throw badRequest("source must be a page on another site");
  }
  const postId = targetPost(db, target);
  if (postId === null) throw badRequest("target is not a published post on this site");
  // One connection, synchronous: the queue's insert joins this transaction.
  return db.transaction(() => {
    const row = db
      .insert(webmentions)
      .values({ source, target, postId, status: "pending", receivedAt: now })
      .onConflictDoUpdate({
        target: [webmentions.source, webmentions.target],
        set: { postId, status: "pending", receivedAt: now },
      })
      .returning({ id: webmentions.id })
      .get();
    const owned = and(eq(deliveries.kind, VERIFY_KIND), eq(deliveries.ownerId, row.id));
    const waiting = db
      .select({ id: deliveries.id })
      .from(deliveries)
      .where(and(owned, eq(deliveries.status, "pending")))
      .limit(1)
      .get();
    if (waiting) return { id: row.id, postId, queued: false };
    const n = db.select({ n: count() }).from(deliveries).where(owned).get()?.n ?? 0;
    enqueueDelivery(db, {
      kind: VERIFY_KIND,
      key: `wmv:${row.id}:${n}`,
      target: source,
      payload: JSON.stringify({ source, target }),
      ownerId: row.id,
      meta: { postId },
    });
    return { id: row.id, postId, queued: true };
  });
}
