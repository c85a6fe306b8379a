/**
 * Sending activities (docs/federation.md): each activity for each inbox is one row of the delivery
 * queue (kind "activitypub"), signed by its actor's key when it is sent. A 2xx is delivered; 404
 * and 410 mean the inbox is gone, as does any other refusal but 401, 408 and 429; those and 5xx are
 * retried, honouring Retry-After.
 */
import { actorKeysById, ensureKeysAsync, refOf } from "~/domain/federation/actors.server";
import { signedHeaders } from "~/domain/federation/signatures.server";
import { AP_MEDIA_TYPE } from "~/domain/federation/vocabulary";
import type { Db, DbOrTx } from "~/platform/db.server";
import {
  type DeliveryHandler,
  type DeliveryRow,
  enqueueDelivery,
} from "~/platform/delivery-queue.server";
import { OutboundError, outboundRequest } from "~/platform/outbound-http.server";

export const ACTIVITYPUB_KIND = "activitypub";

/** Queues `activity` for `inbox`, signed by `ap_actors.id` `actorId`; once per activity and inbox. */
export function enqueueActivity(
  db: DbOrTx,
  input: { actorId: number; inbox: string; activity: Record<string, unknown> },
): number | null {
  return enqueueDelivery(db as Db, {
    kind: ACTIVITYPUB_KIND,
    key: `ap:${String(input.activity.id)}:${input.inbox}`,
    target: input.inbox,
    payload: JSON.stringify(input.activity),
    meta: { actorId: input.actorId },
    ownerId: input.actorId,
  });
}

/** Milliseconds a Retry-After header asks for (seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | undefined, now = Date.now()): number | undefined {
  if (!value) return undefined;
  if (/^\d+$/.test(value.trim())) return Number(value.trim()) * 1000;
  const at = Date.parse(value);
  return Number.isFinite(at) ? Math.max(0, at - now) : undefined;
}

async function send(row: DeliveryRow, db: Db) {
  const actorId = Number((row.meta as { actorId?: unknown }).actorId ?? row.ownerId);
  const stored = actorKeysById(db, actorId);
  if (!stored) return { ok: false, error: "The sending actor no longer exists", permanent: true };
  const keys = stored.privateKey ? stored : await ensureKeysAsync(db, refOf(stored));
  try {
    const headers = await signedHeaders(keys, {
      method: "POST",
      url: row.target,
      body: row.payload,
      headers: { "Content-Type": AP_MEDIA_TYPE, Accept: AP_MEDIA_TYPE },
    });
    const res = await outboundRequest({
      url: row.target,
      method: "POST",
      headers,
      body: row.payload,
      maxBytes: 64 * 1024,
    });
    const excerpt = res.body.toString("utf8").slice(0, 500);
    if (res.status >= 200 && res.status < 300) return { ok: true, status: res.status, excerpt };
    const gone = res.status === 404 || res.status === 410;
    // 401 and 408 pass: a server that could not fetch our key yet, a slow one.
    const retry =
      res.status === 429 || res.status >= 500 || res.status === 401 || res.status === 408;
    return {
      ok: false,
      status: res.status,
      excerpt,
      error: `The inbox answered ${res.status}`,
      permanent: gone || !retry,
      retryAfterMs: retry ? retryAfterMs(res.headers["retry-after"]) : undefined,
    };
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, error: error.message };
    throw error;
  }
}

export const activityPubDelivery: DeliveryHandler = { send };
