/**
 * The WebSub hub's subscription requests (docs/integrations.md "WebSub"): `POST /websub` asks to
 * (un)subscribe a callback to one of this site's feeds. The request is checked here and answered
 * 202; the subscriber's intent is verified later, through the delivery queue
 * (./verify.server.ts), and only then does a subscription become active or go.
 */
import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { websubSubscriptions } from "#db/schema";
import { badRequest, parseInput } from "~/domain/errors.server";
import { feedAtPath, feedUrl } from "~/domain/feeds/scope.server";
import type { Db } from "~/platform/db.server";
import { enqueueDelivery } from "~/platform/delivery-queue.server";
import { readEnv } from "~/platform/env.server";
import { assertReachable, OutboundError } from "~/platform/outbound-http.server";

/** A lease asked for without `hub.lease_seconds`: 10 days. */
export const DEFAULT_LEASE_SECONDS = 10 * 24 * 60 * 60;
/** The longest lease granted: 30 days (docs/decisions/321-websub-lease-maximum.md). */
export const MAX_LEASE_SECONDS = 30 * 24 * 60 * 60;
/** `hub.secret` must be shorter than this many bytes (WebSub §5.1). */
const SECRET_LIMIT_BYTES = 200;

const requestSchema = z.object({
  "hub.mode": z.enum(["subscribe", "unsubscribe"], { error: "must be subscribe or unsubscribe" }),
  "hub.topic": z.string({ error: "is required" }).min(1, "is required").max(2000),
  "hub.callback": z.string({ error: "is required" }).min(1, "is required").max(2000),
  "hub.lease_seconds": z
    .string()
    .regex(/^\d{1,10}$/, "must be a whole number of seconds")
    .optional(),
  "hub.secret": z
    .string()
    .refine((s) => Buffer.byteLength(s) < SECRET_LIMIT_BYTES, "must be shorter than 200 bytes")
    .optional(),
});

/** What a verification of intent needs (the delivery's meta). */
export type VerifyMeta = {
  mode: "subscribe" | "unsubscribe";
  leaseSeconds: number;
  /** A renewal's new secret, applied once verified; null: none; undefined: a new row's own. */
  secret?: string | null;
};

/** The feed address `topic` names, in its one spelling; a 400 when it is not one of this site's. */
export function siteTopic(db: Db, topic: string): string {
  let url: URL;
  try {
    url = new URL(topic);
  } catch {
    throw badRequest("hub.topic: must be an absolute address");
  }
  const site = new URL(readEnv().publicUrl);
  const prefix = site.pathname.replace(/\/$/, "");
  const sameSite =
    url.host === site.host &&
    (url.protocol === "http:" || url.protocol === "https:") &&
    url.pathname.startsWith(`${prefix}/`);
  const feed = sameSite ? feedAtPath(db, url.pathname.slice(prefix.length)) : undefined;
  if (!feed) throw badRequest("hub.topic: must be one of this site's feeds");
  return feedUrl(feed.scope, feed.format);
}

async function checkedCallback(callback: string): Promise<string> {
  let url: URL;
  try {
    url = new URL(callback);
  } catch {
    throw badRequest("hub.callback: must be an absolute address");
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") {
    throw badRequest("hub.callback: must be an http or https address");
  }
  try {
    await assertReachable(url.href);
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(`hub.callback: ${error.message}`);
    throw error;
  }
  return url.href;
}

/**
 * A subscription request, checked: a new pair is kept pending; a verification of intent is
 * queued for every accepted request (none for unsubscribing a pair that is not there).
 */
export async function requestSubscription(
  db: Db,
  input: Record<string, unknown>,
  now = Date.now(),
): Promise<void> {
  const form = parseInput(requestSchema, input);
  const topic = siteTopic(db, form["hub.topic"]);
  const callback = await checkedCallback(form["hub.callback"]);
  const asked = form["hub.lease_seconds"] ? Number(form["hub.lease_seconds"]) : undefined;
  const leaseSeconds = Math.max(1, Math.min(asked ?? DEFAULT_LEASE_SECONDS, MAX_LEASE_SECONDS));
  const secret = form["hub.secret"] || null;
  // Synchronous: better-sqlite3 runs the statements below, on `db`, in this one transaction.
  db.transaction(() => {
    const pair = and(
      eq(websubSubscriptions.topic, topic),
      eq(websubSubscriptions.callback, callback),
    );
    let row = db.select().from(websubSubscriptions).where(pair).get();
    const meta: VerifyMeta = { mode: form["hub.mode"], leaseSeconds };
    if (form["hub.mode"] === "unsubscribe") {
      if (!row) return;
    } else if (!row) {
      row = db
        .insert(websubSubscriptions)
        .values({ topic, callback, secret, leaseSeconds, status: "pending", createdAt: now })
        .returning()
        .get();
    } else if (row.status === "pending") {
      db.update(websubSubscriptions)
        .set({ secret, leaseSeconds })
        .where(eq(websubSubscriptions.id, row.id))
        .run();
    } else {
      // An active subscription keeps its secret until the renewal is verified.
      meta.secret = secret;
    }
    enqueueDelivery(db, {
      kind: "websub-verify",
      key: `wsv:${row.id}:${randomUUID()}`,
      target: callback,
      payload: topic,
      meta,
      ownerId: row.id,
    });
  });
}
