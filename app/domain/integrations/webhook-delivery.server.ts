/**
 * Webhooks on the wire (docs/integrations.md "Webhooks"): the site-event consumer that queues one
 * delivery per webhook and event, and the delivery handler that POSTs it, signed:
 * `X-Inkwell-Signature: t={unix seconds},v1={hex HMAC-SHA256(secret, t + "." + body)}`.
 * A 2xx is success and the row is never sent again; anything else is retried with the queue's
 * backoff for 24 hours. A webhook failing for 24 hours (or whose delivery gives up) is disabled
 * and the Administrators are alerted.
 */
import { createHmac } from "node:crypto";
import { desc, eq } from "drizzle-orm";
import { deliveryAttempts, webhooks } from "#db/schema";
import { recordAudit } from "~/domain/audit/audit.server";
import { notifySafely } from "~/domain/notifications/notify.server";
import type { Db } from "~/platform/db.server";
import type { AttemptResult, DeliveryHandler, DeliveryRow } from "~/platform/delivery-queue.server";
import { OutboundError, outboundRequest } from "~/platform/outbound-http.server";
import type { SiteEventConsumer } from "~/platform/site-events.server";
import { isWebhookTopic, PING_EVENT, webhookPath } from "./webhook-events";
import { webhookBody } from "./webhook-payloads.server";
import {
  cancelPendingDeliveries,
  queueWebhookDelivery,
  topicsOf,
  WEBHOOK_GIVE_UP_MS,
  type WebhookRow,
} from "./webhooks.server";

export const USER_AGENT = "Inkwell-Webhooks/1";
/** The receiver's answer is read up to this much (the log keeps its first 500 characters). */
const MAX_ANSWER_BYTES = 64 * 1024;
const TIMEOUT_MS = 10_000;
/** A Retry-After longer than this is not honoured (the backoff applies). */
const MAX_RETRY_AFTER_MS = 60 * 60 * 1000;

/** The signature header's value for `body` at `seconds` (what a receiver recomputes). */
export function webhookSignature(secret: string, body: string, seconds: number): string {
  const mac = createHmac("sha256", secret).update(`${seconds}.${body}`).digest("hex");
  return `t=${seconds},v1=${mac}`;
}

/** Queues the event for every enabled webhook that follows its topic. */
export const webhooksConsumer: SiteEventConsumer = (db, event) => {
  if (!isWebhookTopic(event.topic)) return;
  const hooks = db
    .select()
    .from(webhooks)
    .where(eq(webhooks.enabled, true))
    .all()
    .filter((hook) => (topicsOf(hook) as string[]).includes(event.topic));
  if (hooks.length === 0) return;
  const body = webhookBody(db, event);
  if (!body) return;
  for (const hook of hooks) queueWebhookDelivery(db, hook, `wh:${hook.id}:${event.id}`, body);
};

function retryAfterMs(value: string | undefined): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  const ms = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - Date.now();
  return ms > 0 && ms <= MAX_RETRY_AFTER_MS ? ms : undefined;
}

function eventOf(row: DeliveryRow): string {
  const event = row.meta?.event;
  return typeof event === "string" ? event : "unknown";
}

async function send(row: DeliveryRow, db: Db): Promise<AttemptResult> {
  const hook = row.ownerId
    ? db.select().from(webhooks).where(eq(webhooks.id, row.ownerId)).get()
    : undefined;
  if (!hook) return { ok: false, permanent: true, error: "The webhook was removed" };
  const seconds = Math.floor(Date.now() / 1000);
  try {
    const answer = await outboundRequest({
      url: row.target,
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "X-Inkwell-Event": eventOf(row),
        "X-Inkwell-Delivery": String(row.id),
        "X-Inkwell-Signature": webhookSignature(hook.secret, row.payload, seconds),
      },
      body: row.payload,
      maxBytes: MAX_ANSWER_BYTES,
      timeoutMs: TIMEOUT_MS,
      followRedirects: false,
    });
    const excerpt = answer.body.toString("utf8").slice(0, 500);
    if (answer.status >= 200 && answer.status < 300) {
      return { ok: true, status: answer.status, excerpt };
    }
    return {
      ok: false,
      status: answer.status,
      error: `HTTP ${answer.status}`,
      excerpt,
      retryAfterMs:
        answer.status === 429 || answer.status === 503
          ? retryAfterMs(answer.headers["retry-after"])
          : undefined,
    };
  } catch (error) {
    if (error instanceof OutboundError) return { ok: false, error: error.message };
    throw error;
  }
}

/** The row's newest attempt (its time is the queue's clock, which tests drive). */
function lastAttempt(db: Db, row: DeliveryRow) {
  return db
    .select({
      at: deliveryAttempts.at,
      status: deliveryAttempts.status,
      error: deliveryAttempts.error,
    })
    .from(deliveryAttempts)
    .where(eq(deliveryAttempts.deliveryId, row.id))
    .orderBy(desc(deliveryAttempts.id))
    .limit(1)
    .get();
}

/** Disables a failing webhook, stops its queued deliveries and alerts the Administrators. */
export function disableWebhook(db: Db, hook: WebhookRow, reason: string): void {
  const changed = db
    .update(webhooks)
    .set({ enabled: false, disabledReason: reason })
    .where(eq(webhooks.id, hook.id))
    .run().changes;
  if (changed === 0) return;
  cancelPendingDeliveries(db, hook.id);
  recordAudit(db, {
    action: "webhook-disabled",
    targetType: "webhook",
    targetId: hook.uid,
    summary: `${hook.name}: ${reason}`.slice(0, 500),
  });
  notifySafely(db, {
    kind: "webhook-disabled",
    message: `Webhook "${hook.name}" was disabled: ${reason}`,
    link: webhookPath(hook.uid),
  });
}

/**
 * After each attempt: a success clears `failing_since`; a failure sets it if unset; failing for
 * 24 hours, or a delivery given up, disables the webhook. Test pings change nothing.
 */
function settled(db: Db, row: DeliveryRow, state: "done" | "pending" | "dead"): void {
  if (eventOf(row) === PING_EVENT || !row.ownerId) return;
  const hook = db.select().from(webhooks).where(eq(webhooks.id, row.ownerId)).get();
  if (!hook?.enabled) return;
  if (state === "done") {
    if (hook.failingSince !== null) {
      db.update(webhooks).set({ failingSince: null }).where(eq(webhooks.id, hook.id)).run();
    }
    return;
  }
  const last = lastAttempt(db, row);
  const at = last?.at ?? Date.now();
  const since = hook.failingSince ?? at;
  if (hook.failingSince === null) {
    db.update(webhooks).set({ failingSince: at }).where(eq(webhooks.id, hook.id)).run();
  }
  if (state === "dead" || at - since >= WEBHOOK_GIVE_UP_MS) {
    const reason = last?.status ? `HTTP ${last.status}` : (last?.error ?? "no answer");
    disableWebhook(db, hook, `deliveries failed for 24 hours (last: ${reason})`);
  }
}

export const webhookDelivery: DeliveryHandler = { send, settled };
