/**
 * Verification of intent (WebSub §5.3; docs/integrations.md "WebSub"), the delivery kind
 * "websub-verify": GET the callback with `hub.mode`, `hub.topic`, `hub.challenge` (and
 * `hub.lease_seconds` when subscribing). A 2xx answer whose body is the challenge confirms it:
 * a subscription becomes active until now + lease, an unsubscription deletes the row. Anything
 * else drops the request, never retried: a new subscription that was not confirmed is removed,
 * an active one stays as it was (docs/decisions/323-websub-verification-once.md).
 */
import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import { websubSubscriptions } from "#db/schema";
import type { VerifyMeta } from "~/domain/websub/subscribe.server";
import type { Db } from "~/platform/db.server";
import type { AttemptResult, DeliveryHandler, DeliveryRow } from "~/platform/delivery-queue.server";
import { OutboundError, outboundRequest } from "~/platform/outbound-http.server";

/** A challenge answer longer than this is not an echo. */
const MAX_ECHO_BYTES = 4096;

function verifyUrl(callback: string, params: Record<string, string>): string {
  const url = new URL(callback);
  for (const [name, value] of Object.entries(params)) url.searchParams.append(name, value);
  return url.href;
}

function metaOf(row: DeliveryRow): VerifyMeta {
  const meta = (typeof row.meta === "string" ? JSON.parse(row.meta) : row.meta) as VerifyMeta;
  return meta;
}

/** The request is dropped: a subscription never confirmed goes, an active one stays. */
function dropped(db: Db, subId: number, result: AttemptResult): AttemptResult {
  db.delete(websubSubscriptions).where(eq(websubSubscriptions.id, subId)).run();
  return { ...result, ok: false, permanent: true };
}

async function verify(row: DeliveryRow, db: Db, now = Date.now()): Promise<AttemptResult> {
  const subId = row.ownerId ?? 0;
  const sub = db.select().from(websubSubscriptions).where(eq(websubSubscriptions.id, subId)).get();
  if (!sub) return { ok: false, permanent: true, error: "The subscription is gone" };
  const meta = metaOf(row);
  const challenge = randomBytes(24).toString("base64url");
  const params: Record<string, string> = {
    "hub.mode": meta.mode,
    "hub.topic": sub.topic,
    "hub.challenge": challenge,
  };
  if (meta.mode === "subscribe") params["hub.lease_seconds"] = String(meta.leaseSeconds);
  const keepActive = (result: AttemptResult) =>
    sub.status === "active"
      ? { ...result, ok: false, permanent: true }
      : dropped(db, sub.id, result);
  let status: number;
  let body: string;
  try {
    const res = await outboundRequest({
      url: verifyUrl(sub.callback, params),
      maxBytes: MAX_ECHO_BYTES,
      followRedirects: false,
    });
    status = res.status;
    body = res.body.toString("utf8");
  } catch (error) {
    if (!(error instanceof OutboundError)) throw error;
    return keepActive({ ok: false, error: error.message });
  }
  const excerpt = body.slice(0, 500);
  if (status < 200 || status > 299) {
    return keepActive({ ok: false, status, excerpt, error: "The subscriber refused" });
  }
  if (body.trim() !== challenge) {
    return keepActive({ ok: false, status, excerpt, error: "The challenge was not echoed" });
  }
  if (meta.mode === "unsubscribe") {
    db.delete(websubSubscriptions).where(eq(websubSubscriptions.id, sub.id)).run();
    return { ok: true, status, excerpt };
  }
  db.update(websubSubscriptions)
    .set({
      status: "active",
      verifiedAt: now,
      leaseSeconds: meta.leaseSeconds,
      expiresAt: now + meta.leaseSeconds * 1000,
      ...(meta.secret !== undefined ? { secret: meta.secret } : {}),
    })
    .where(eq(websubSubscriptions.id, sub.id))
    .run();
  return { ok: true, status, excerpt };
}

export const websubVerifyHandler: DeliveryHandler = { send: (row, db) => verify(row, db) };
