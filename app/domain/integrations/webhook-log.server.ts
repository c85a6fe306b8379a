/**
 * A webhook's delivery log (docs/integrations.md "Webhooks"): its deliveries, newest first, each
 * with every attempt (time, HTTP status, duration, error, the start of the answer).
 */
import { and, count, desc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { deliveries, deliveryAttempts } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { parseInput } from "~/domain/errors.server";
import type { Db } from "~/platform/db.server";
import { findWebhookRow, WEBHOOK_KIND } from "./webhooks.server";

export const LOG_PAGE_SIZE = 25;

export type AttemptView = {
  at: number;
  status: number | null;
  durationMs: number;
  error: string | null;
  excerpt: string | null;
};

export type DeliveryView = {
  id: number;
  event: string;
  eventId: string | null;
  status: string;
  attempts: number;
  createdAt: number;
  doneAt: number | null;
  nextAt: number | null;
  httpStatus: number | null;
  error: string | null;
  log: AttemptView[];
};

const PageSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
});

const text = (v: unknown) => (typeof v === "string" ? v : null);

/** One page of the webhook's deliveries with their attempts, newest first. */
export function webhookDeliveries(
  db: Db,
  actor: SessionUser,
  uid: unknown,
  input: unknown = {},
): { deliveries: DeliveryView[]; page: number; pages: number; total: number } {
  assertCan(actor, "manageSite");
  const hook = findWebhookRow(db, uid);
  const { page } = parseInput(PageSchema, input ?? {});
  const where = and(eq(deliveries.kind, WEBHOOK_KIND), eq(deliveries.ownerId, hook.id));
  const total = db.select({ n: count() }).from(deliveries).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(deliveries)
    .where(where)
    .orderBy(desc(deliveries.id))
    .limit(LOG_PAGE_SIZE)
    .offset((page - 1) * LOG_PAGE_SIZE)
    .all();
  const attempts = rows.length
    ? db
        .select()
        .from(deliveryAttempts)
        .where(
          inArray(
            deliveryAttempts.deliveryId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(desc(deliveryAttempts.id))
        .all()
    : [];
  const byDelivery = new Map<number, AttemptView[]>();
  for (const a of attempts) {
    const list = byDelivery.get(a.deliveryId) ?? [];
    list.push({
      at: a.at,
      status: a.status,
      durationMs: a.durationMs,
      error: a.error,
      excerpt: a.excerpt,
    });
    byDelivery.set(a.deliveryId, list);
  }
  return {
    deliveries: rows.map((r) => ({
      id: r.id,
      event: text(r.meta?.event) ?? "unknown",
      eventId: text(r.meta?.eventId),
      status: r.status,
      attempts: r.attempts,
      createdAt: r.createdAt,
      doneAt: r.doneAt,
      nextAt: r.status === "pending" || r.status === "sending" ? r.nextAt : null,
      httpStatus: r.lastStatus,
      error: r.lastError,
      log: byDelivery.get(r.id) ?? [],
    })),
    page,
    pages: Math.max(1, Math.ceil(total / LOG_PAGE_SIZE)),
    total,
  };
}
