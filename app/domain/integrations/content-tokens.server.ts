/**
 * Content API tokens (docs/integrations.md "Content API tokens"): Administrators create named,
 * read-only tokens for a separate front end. A token is shown once, when it is made; only its
 * SHA-256 is kept. It reads published content through the JSON API's public `GET` calls and
 * nothing else (`~/web/content-token-gate.server` decides per request); revoking it stops it.
 */

import { randomBytes, randomUUID } from "node:crypto";
import { and, desc, eq, isNull } from "drizzle-orm";
import { z } from "zod";
import { contentApiTokens } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { hashToken } from "~/domain/accounts/tokens.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, notFound, parseInput } from "~/domain/errors.server";
import type { Db } from "~/platform/db.server";

/** Every token starts with this, so people (and secret scanners) recognise one. */
export const TOKEN_PREFIX = "inkct_";
/** More live tokens than this is a mistake, not a need. */
export const MAX_TOKENS = 50;
/** At most this many CORS origins on one token. */
export const MAX_ORIGINS = 20;
/** The last-used time is written at most this often per token (one write per minute, not per call). */
const TOUCH_EVERY_MS = 60 * 1000;

export type ContentTokenRow = typeof contentApiTokens.$inferSelect;

export type ContentTokenView = {
  uid: string;
  name: string;
  origins: string[];
  createdAt: number;
  createdBy: string | null;
  lastUsedAt: number | null;
  revokedAt: number | null;
};

/** A new token: the prefix and 32 random bytes. */
function generateToken(): string {
  return `${TOKEN_PREFIX}${randomBytes(32).toString("base64url")}`;
}

/** The origins a token allows (stored space-separated). */
export function originsOf(row: Pick<ContentTokenRow, "origins">): string[] {
  return row.origins.split(/\s+/).filter(Boolean);
}

/**
 * One CORS origin as browsers send it: `scheme://host[:port]`, http or https, nothing after.
 * A trailing slash is forgiven; a path, query, credentials or `*` is refused.
 */
function normaliseOrigin(value: string): string {
  const text = value.trim().replace(/\/$/, "");
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw badRequest(`"${value}" is not an origin: write it as https://example.com`);
  }
  if (
    (url.protocol !== "https:" && url.protocol !== "http:") ||
    url.username ||
    url.password ||
    url.origin !== text.toLowerCase()
  ) {
    throw badRequest(`"${value}" is not an origin: write it as https://example.com (no path)`);
  }
  return url.origin;
}

const originList = z.preprocess(
  (v) => (typeof v === "string" ? v.split(/[\s,]+/).filter(Boolean) : (v ?? [])),
  z.array(z.string().max(300, "an origin is at most 300 characters")).max(MAX_ORIGINS, {
    message: `at most ${MAX_ORIGINS} origins`,
  }),
);

const CreateSchema = z.object({
  name: z
    .string({ error: "the name is required" })
    .trim()
    .min(1, "the name is required")
    .max(100, "the name is at most 100 characters"),
  origins: originList,
});

function view(row: ContentTokenRow): ContentTokenView {
  return {
    uid: row.uid,
    name: row.name,
    origins: originsOf(row),
    createdAt: row.createdAt,
    createdBy: row.createdBy,
    lastUsedAt: row.lastUsedAt,
    revokedAt: row.revokedAt,
  };
}

/** Every token, newest first, revoked ones included (they stay listed as revoked). */
export function listContentTokens(db: Db, actor: SessionUser): ContentTokenView[] {
  assertCan(actor, "manageSite");
  return db
    .select()
    .from(contentApiTokens)
    .orderBy(desc(contentApiTokens.createdAt), desc(contentApiTokens.id))
    .all()
    .map(view);
}

/** Creates a token; the answer's `token` is the only time the secret is seen. */
export function createContentToken(
  db: Db,
  actor: SessionUser,
  input: unknown,
): ContentTokenView & { token: string } {
  assertCan(actor, "manageSite");
  const { name, origins } = parseInput(CreateSchema, input);
  const allowed = [...new Set(origins.map(normaliseOrigin))];
  const live = db
    .select({ id: contentApiTokens.id })
    .from(contentApiTokens)
    .where(isNull(contentApiTokens.revokedAt))
    .all().length;
  if (live >= MAX_TOKENS) throw badRequest(`At most ${MAX_TOKENS} tokens: revoke one first`);
  const token = generateToken();
  const row = db.transaction((tx) => {
    const created = tx
      .insert(contentApiTokens)
      .values({
        uid: randomUUID(),
        name,
        tokenHash: hashToken(token),
        origins: allowed.join(" "),
        createdAt: Date.now(),
        createdBy: actor.name,
      })
      .returning()
      .get();
    recordAudit(tx, {
      action: "content-token-created",
      actor,
      targetType: "content-token",
      targetId: created.uid,
      summary: allowed.length ? `${name} (CORS: ${allowed.join(", ")})` : name,
      address: actor.address,
    });
    return created;
  });
  return { ...view(row), token };
}

/** Revokes a token: from the next request on, it is refused (401). */
export function revokeContentToken(db: Db, actor: SessionUser, uid: unknown): ContentTokenView {
  assertCan(actor, "manageSite");
  const id = typeof uid === "string" ? uid.trim() : "";
  const row = id
    ? db.select().from(contentApiTokens).where(eq(contentApiTokens.uid, id)).get()
    : undefined;
  if (!row) throw notFound("No such token");
  if (row.revokedAt) return view(row);
  return db.transaction((tx) => {
    const revoked = tx
      .update(contentApiTokens)
      .set({ revokedAt: Date.now() })
      .where(eq(contentApiTokens.id, row.id))
      .returning()
      .get();
    recordAudit(tx, {
      action: "content-token-revoked",
      actor,
      targetType: "content-token",
      targetId: row.uid,
      summary: row.name,
      address: actor.address,
    });
    return view(revoked);
  });
}

/** The live (not revoked) token whose secret is `token`, or null. */
export function findLiveToken(db: Db, token: string): ContentTokenRow | null {
  if (!token.startsWith(TOKEN_PREFIX) || token.length > 200) return null;
  return (
    db
      .select()
      .from(contentApiTokens)
      .where(
        and(eq(contentApiTokens.tokenHash, hashToken(token)), isNull(contentApiTokens.revokedAt)),
      )
      .get() ?? null
  );
}

/** Records a use of `row` (at most once a minute per token). */
export function touchToken(db: Db, row: ContentTokenRow, now = Date.now()): void {
  if (row.lastUsedAt !== null && now - row.lastUsedAt < TOUCH_EVERY_MS) return;
  db.update(contentApiTokens).set({ lastUsedAt: now }).where(eq(contentApiTokens.id, row.id)).run();
}

/** Whether any live token lists `origin` (a preflight carries no token, only its origin). */
export function someTokenAllows(db: Db, origin: string): boolean {
  return db
    .select({ origins: contentApiTokens.origins })
    .from(contentApiTokens)
    .where(isNull(contentApiTokens.revokedAt))
    .all()
    .some((row) => originsOf(row).includes(origin));
}
