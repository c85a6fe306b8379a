/**
 * The audit log (docs/behaviour.md §audit): who did what, to which record,
 * when and from where. Rows are only ever added, through `recordAudit`;
 * nothing in the product edits or deletes them. A summary never holds a
 * secret (password, hash, token, TOTP secret, recovery code, API key).
 */
import { and, count, desc, eq, type SQL } from "drizzle-orm";
import { z } from "zod";
import { auditLog, users } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { parseInput } from "~/domain/errors.server";
import { type Db, type DbOrTx, getDb } from "~/platform/db.server";
import { AUDIT_ACTIONS, type AuditAction } from "./actions";

export type AuditEvent = {
  action: AuditAction;
  /** Who acted; null for an anonymous request (a failed sign-in, a reset request). */
  actor?: Pick<SessionUser, "id" | "name"> | null;
  targetType?: string;
  targetId?: string | number | null;
  /** A short human note (an e-mail address, a title, "Editor → Author"). */
  summary?: string;
  address?: string;
};

/** Adds one audit row. Other areas (imports, scheduling) call this same function. */
export function recordAudit(db: DbOrTx, event: AuditEvent): void {
  db.insert(auditLog)
    .values({
      at: new Date(),
      actorId: event.actor?.id ?? null,
      actorName: (event.actor?.name ?? "").slice(0, 200),
      action: event.action,
      targetType: event.targetType ?? "",
      targetId: event.targetId == null ? "" : String(event.targetId).slice(0, 200),
      summary: (event.summary ?? "").slice(0, 500),
      address: (event.address ?? "").slice(0, 100),
    })
    .run();
}

export const AUDIT_PAGE_SIZE = 50;

const ListSchema = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).catch(1),
  action: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.enum(AUDIT_ACTIONS).optional().catch(undefined),
  ),
  actor: z.preprocess(
    (v) => (v === "" ? undefined : v),
    z.coerce.number().int().positive().optional().catch(undefined),
  ),
});

export type AuditRow = {
  id: number;
  at: number;
  actorId: number | null;
  actorName: string;
  action: string;
  targetType: string;
  targetId: string;
  summary: string;
  address: string;
};

/** The log for Administrators: newest first, 50 a page, by action and by user. */
export function listAudit(actor: SessionUser, input: unknown, db: Db = getDb()) {
  assertCan(actor, "manageSite");
  const { page, action, actor: actorId } = parseInput(ListSchema, input ?? {});
  const filters: SQL[] = [];
  if (action) filters.push(eq(auditLog.action, action));
  if (actorId) filters.push(eq(auditLog.actorId, actorId));
  const where = filters.length ? and(...filters) : undefined;
  const total = db.select({ n: count() }).from(auditLog).where(where).get()?.n ?? 0;
  const rows = db
    .select()
    .from(auditLog)
    .where(where)
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE)
    .offset((page - 1) * AUDIT_PAGE_SIZE)
    .all()
    .map((r) => ({ ...r, at: r.at.getTime() }));
  const people = db
    .select({ id: users.id, name: users.name })
    .from(users)
    .orderBy(users.name)
    .all();
  return {
    rows: rows satisfies AuditRow[],
    total,
    page,
    pages: Math.max(1, Math.ceil(total / AUDIT_PAGE_SIZE)),
    action: action ?? "",
    actor: actorId ?? null,
    people,
  };
}
