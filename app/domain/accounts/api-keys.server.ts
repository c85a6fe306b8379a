/**
 * API keys (docs/api.md `key`): a user rotates their own, an Administrator
 * anyone's. The new key replaces the old at once, so the old one answers 401
 * from that moment. The key itself is never written to the audit log.
 */
import { eq } from "drizzle-orm";
import { z } from "zod";
import { users } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { recordAudit } from "~/domain/audit/audit.server";
import { forbidden, notFound, parseInput } from "~/domain/errors.server";
import { type Db, getDb } from "~/platform/db.server";
import { newApiKeyColumns } from "./secrets.server";

export function rotateApiKey(actor: SessionUser, uid: unknown, db: Db = getDb()): void {
  const id = parseInput(z.string().trim().min(1, "uid is required").max(100), uid);
  if (id !== actor.uid && !can(actor.role, "manageSite")) {
    throw forbidden("You can only rotate your own API key");
  }
  const row = db
    .update(users)
    .set({ ...newApiKeyColumns().columns, timestamp: new Date() })
    .where(eq(users.uid, id))
    .returning({ uid: users.uid, name: users.name })
    .get();
  if (!row) throw notFound("User not found");
  recordAudit(db, {
    action: "api-key-rotated",
    actor,
    targetType: "user",
    targetId: row.uid,
    summary: row.name,
    address: actor.address,
  });
}
