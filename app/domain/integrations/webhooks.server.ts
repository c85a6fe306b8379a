/**
 * Webhooks (docs/integrations.md "Webhooks"): Administrators name a target URL and the events it
 * follows; each event is POSTed there, signed with the webhook's secret, through the delivery
 * queue (`./webhook-delivery.server`). The screen and the JSON API call these same functions.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { deliveries, webhooks } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, notFound, parseInput } from "~/domain/errors.server";
import type { Db } from "~/platform/db.server";
import { enqueueDelivery, redeliver } from "~/platform/delivery-queue.server";
import { assertReachable, OutboundError } from "~/platform/outbound-http.server";
import { PING_EVENT, WEBHOOK_TOPICS, type WebhookTopic } from "./webhook-events";

/** The delivery kind of every webhook request in the queue. */
export const WEBHOOK_KIND = "webhook";
/** A webhook's deliveries are retried for this long, then given up (and the webhook disabled). */
export const WEBHOOK_GIVE_UP_MS = 24 * 60 * 60 * 1000;
/** More webhooks than this is a mistake, not a need. */
export const MAX_WEBHOOKS = 50;

export type WebhookRow = typeof webhooks.$inferSelect;

export type WebhookView = {
  uid: string;
  name: string;
  url: string;
  events: WebhookTopic[];
  enabled: boolean;
  disabledReason: string | null;
  failingSince: number | null;
  createdAt: number;
  createdBy: string | null;
  /** The newest delivery: its state and last HTTP status, or null before the first. */
  lastDelivery: { id: number; status: string; httpStatus: number | null; at: number } | null;
};

/** The topics a webhook follows (stored space-separated). */
export function topicsOf(row: Pick<WebhookRow, "events">): WebhookTopic[] {
  return row.events
    .split(/\s+/)
    .filter((t): t is WebhookTopic => WEBHOOK_TOPICS.includes(t as WebhookTopic));
}

/** A new signing secret: 32 random bytes, prefixed so people recognise it. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString("base64url")}`;
}

const eventList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : v === undefined ? [] : v),
  z
    .array(z.enum(WEBHOOK_TOPICS as [WebhookTopic, ...WebhookTopic[]]))
    .min(1, "choose at least one event")
    .max(WEBHOOK_TOPICS.length),
);

const AddSchema = z.object({
  name: z.string().trim().max(100, "at most 100 characters").optional().default(""),
  url: z
    .string({ error: "the target URL is required" })
    .trim()
    .min(1, "the target URL is required")
    .max(2000, "at most 2000 characters"),
  events: eventList,
  secret: z
    .string()
    .trim()
    .max(200, "at most 200 characters")
    .refine((s) => s === "" || s.length >= 16, "use at least 16 characters, or leave it empty")
    .optional()
    .default(""),
});

/** A target must be http(s) and reachable from here: not a private address unless allowed. */
async function checkTarget(url: string): Promise<string> {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw badRequest("url: not a valid URL");
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") {
    throw badRequest("url: must start with http:// or https://");
  }
  try {
    await assertReachable(parsed.href);
  } catch (error) {
    if (error instanceof OutboundError) throw badRequest(`url: ${error.message}`);
    throw error;
  }
  return parsed.href;
}

function lastDeliveries(db: Db, ids: number[]): Map<number, WebhookView["lastDelivery"]> {
  const out = new Map<number, WebhookView["lastDelivery"]>();
  for (const id of ids) {
    const row = db
      .select({
        id: deliveries.id,
        status: deliveries.status,
        httpStatus: deliveries.lastStatus,
        at: deliveries.createdAt,
        doneAt: deliveries.doneAt,
      })
      .from(deliveries)
      .where(and(eq(deliveries.kind, WEBHOOK_KIND), eq(deliveries.ownerId, id)))
      .orderBy(desc(deliveries.id))
      .limit(1)
      .get();
    out.set(
      id,
      row
        ? { id: row.id, status: row.status, httpStatus: row.httpStatus, at: row.doneAt ?? row.at }
        : null,
    );
  }
  return out;
}

function view(row: WebhookRow, last: WebhookView["lastDelivery"]): WebhookView {
  return {
    uid: row.uid,
    name: row.name,
    url: row.targetUrl,
    events: topicsOf(row),
    enabled: row.enabled,
    disabledReason: row.disabledReason,
    failingSince: row.failingSince,
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    lastDelivery: last,
  };
}

/** Every webhook, oldest first, for Administrators (never the secrets). */
export function listWebhooks(db: Db, actor: SessionUser): WebhookView[] {
  assertCan(actor, "manageSite");
  const rows = db.select().from(webhooks).orderBy(webhooks.id).all();
  const last = lastDeliveries(
    db,
    rows.map((r) => r.id),
  );
  return rows.map((r) => view(r, last.get(r.id) ?? null));
}

/** The webhook stored under `uid`; 404 when there is none. */
export function findWebhookRow(db: Db, uid: unknown): WebhookRow {
  const row =
    typeof uid === "string" && uid.length <= 64
      ? db.select().from(webhooks).where(eq(webhooks.uid, uid)).get()
      : undefined;
  if (!row) throw notFound("No such webhook");
  return row;
}

/** One webhook with its secret (its own page shows it to Administrators). */
export function getWebhook(
  db: Db,
  actor: SessionUser,
  uid: unknown,
): WebhookView & { id: number; secret: string } {
  assertCan(actor, "manageSite");
  const row = findWebhookRow(db, uid);
  return {
    ...view(row, lastDeliveries(db, [row.id]).get(row.id) ?? null),
    id: row.id,
    secret: row.secret,
  };
}

/**
 * Adds a webhook. The secret is generated when left empty; the answer carries it once (the
 * webhook's page shows it again).
 */
export async function addWebhook(
  db: Db,
  actor: SessionUser,
  input: unknown,
  now = Date.now(),
): Promise<WebhookView & { secret: string }> {
  assertCan(actor, "manageSite");
  const values = parseInput(AddSchema, input ?? {});
  const url = await checkTarget(values.url);
  const count = db.select({ id: webhooks.id }).from(webhooks).all().length;
  if (count >= MAX_WEBHOOKS) throw badRequest(`At most ${MAX_WEBHOOKS} webhooks`);
  const secret = values.secret || generateWebhookSecret();
  const name = values.name || new URL(url).host;
  const row = db
    .insert(webhooks)
    .values({
      uid: randomUUID(),
      name,
      targetUrl: url,
      events: [...new Set(values.events)].join(" "),
      secret,
      createdAt: now,
      createdBy: actor.name,
    })
    .returning()
    .get();
  recordAudit(db, {
    action: "webhook-added",
    actor,
    targetType: "webhook",
    targetId: row.uid,
    summary: `${name}: ${url} (${row.events})`,
    address: actor.address,
  });
  return { ...view(row, null), secret };
}

/** Stops the webhook's queued deliveries (a removed or disabled webhook is sent nothing more). */
export function cancelPendingDeliveries(db: Db, webhookId: number): void {
  db.update(deliveries)
    .set({ status: "cancelled" })
    .where(
      and(
        eq(deliveries.kind, WEBHOOK_KIND),
        eq(deliveries.ownerId, webhookId),
        inArray(deliveries.status, ["pending"]),
      ),
    )
    .run();
}

/** Removes a webhook: nothing more is sent to it; its delivery log goes with it. */
export function removeWebhook(db: Db, actor: SessionUser, uid: unknown): WebhookView {
  assertCan(actor, "manageSite");
  const row = findWebhookRow(db, uid);
  cancelPendingDeliveries(db, row.id);
  db.delete(deliveries)
    .where(
      and(
        eq(deliveries.kind, WEBHOOK_KIND),
        eq(deliveries.ownerId, row.id),
        inArray(deliveries.status, ["done", "dead", "cancelled"]),
      ),
    )
    .run();
  db.delete(webhooks).where(eq(webhooks.id, row.id)).run();
  recordAudit(db, {
    action: "webhook-removed",
    actor,
    targetType: "webhook",
    targetId: row.uid,
    summary: `${row.name}: ${row.targetUrl}`,
    address: actor.address,
  });
  return view(row, null);
}

/** Turns a disabled webhook on again; it is sent the events from now on (not those missed). */
export function enableWebhook(db: Db, actor: SessionUser, uid: unknown): WebhookView {
  assertCan(actor, "manageSite");
  const row = findWebhookRow(db, uid);
  if (row.enabled) return view(row, null);
  const updated = db
    .update(webhooks)
    .set({ enabled: true, disabledReason: null, failingSince: null })
    .where(eq(webhooks.id, row.id))
    .returning()
    .get();
  recordAudit(db, {
    action: "webhook-enabled",
    actor,
    targetType: "webhook",
    targetId: row.uid,
    summary: `${row.name}: ${row.targetUrl}`,
    address: actor.address,
  });
  return view(updated, null);
}

/** The body of every webhook request (docs/integrations.md "Webhooks"). */
export type WebhookBody = {
  id: string;
  event: string;
  created_at: string;
  data: Record<string, unknown>;
};

/** Queues one delivery of `body` to `hook` (exactly once per `key`); the new row id or null. */
export function queueWebhookDelivery(
  db: Db,
  hook: Pick<WebhookRow, "id" | "targetUrl">,
  key: string,
  body: WebhookBody,
): number | null {
  return enqueueDelivery(db, {
    kind: WEBHOOK_KIND,
    key,
    target: hook.targetUrl,
    payload: JSON.stringify(body),
    meta: { event: body.event, eventId: body.id },
    ownerId: hook.id,
    giveUpAfterMs: WEBHOOK_GIVE_UP_MS,
  });
}

/**
 * "Send test": queues a `ping` event for the webhook now, enabled or not. It is delivered and
 * logged like any other, but its outcome never marks the webhook failing or healthy.
 */
export function sendTestWebhook(
  db: Db,
  actor: SessionUser,
  uid: unknown,
  now = Date.now(),
): number {
  assertCan(actor, "manageSite");
  const row = findWebhookRow(db, uid);
  const id = `ping-${now}-${randomBytes(4).toString("hex")}`;
  const body: WebhookBody = {
    id,
    event: PING_EVENT,
    created_at: new Date(now).toISOString(),
    data: { webhook: { uid: row.uid, name: row.name, events: topicsOf(row) }, sent_by: actor.name },
  };
  const deliveryId = queueWebhookDelivery(db, row, `wh:${row.id}:${id}`, body);
  if (deliveryId === null) throw badRequest("A test is already queued");
  return deliveryId;
}

/** "Redeliver": a fresh copy of one of the webhook's deliveries, sent again now. */
export function redeliverWebhook(
  db: Db,
  actor: SessionUser,
  uid: unknown,
  deliveryId: unknown,
): number {
  assertCan(actor, "manageSite");
  const row = findWebhookRow(db, uid);
  const id = typeof deliveryId === "string" ? Number(deliveryId) : deliveryId;
  if (typeof id !== "number" || !Number.isSafeInteger(id) || id <= 0) {
    throw badRequest("delivery: not a delivery id");
  }
  const found = db
    .select({ id: deliveries.id })
    .from(deliveries)
    .where(
      and(eq(deliveries.id, id), eq(deliveries.kind, WEBHOOK_KIND), eq(deliveries.ownerId, row.id)),
    )
    .get();
  if (!found) throw notFound("No such delivery for this webhook");
  return redeliver(db, found.id);
}
