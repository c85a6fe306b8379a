/**
 * Unsubscribe links nobody can forge: each message carries a token naming the
 * reader (subscriber id) and the newsletter's audience, signed with an HMAC
 * keyed from SESSION_SECRET (or the secret generated into DATA_DIR). Opening
 * the link shows a confirm page (a GET changes nothing); a POST to it, from
 * that page or a mail client's one-click (RFC 8058), unsubscribes that reader
 * from that audience or from all (docs/decisions/121-unsubscribe-tokens.md).
 */
import { createHmac, timingSafeEqual } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { subscriberAudiences, subscribers } from "#db/schema";
import { badRequest } from "~/domain/errors.server";
import {
  findNewsletterAudience,
  type NewsletterAudience,
  newsletterAudienceLabel,
} from "~/domain/newsletters/vocabulary";
import { AUDIENCE_LABELS, type Audience } from "~/domain/subscribers/vocabulary";
import type { Db } from "~/platform/db.server";
import { type Env, readEnv, sessionSecret } from "~/platform/env.server";

export const INVALID_LINK =
  "This unsubscribe link is not valid. Use the link in your latest newsletter, or the form below.";

let keyCache: { secret: string; key: Buffer } | undefined;

/** The HMAC key: derived from the session secret, so it is never the secret itself. */
function tokenKey(env: Env): Buffer {
  const secret = sessionSecret(env);
  if (keyCache?.secret !== secret) {
    keyCache = {
      secret,
      key: createHmac("sha256", secret).update("inkwell unsubscribe v1").digest(),
    };
  }
  return keyCache.key;
}

const signature = (key: Buffer, payload: string) =>
  createHmac("sha256", key).update(payload).digest("base64url").slice(0, 32);

/** `u1.<subscriber id>.<audience>.<signature>`: URL-safe, no address in it. */
export function unsubscribeToken(
  subscriberId: number,
  audience: NewsletterAudience,
  env: Env = readEnv(),
): string {
  const payload = `u1.${subscriberId}.${audience.toLowerCase()}`;
  return `${payload}.${signature(tokenKey(env), payload)}`;
}

/** The link in every message and its `List-Unsubscribe` header. */
export function unsubscribeTokenUrl(publicUrl: string, token: string) {
  return `${publicUrl}/unsubscribe?token=${encodeURIComponent(token)}`;
}

/** The reader and audience a token names, or undefined when it is malformed or its signature is wrong. */
export function readUnsubscribeToken(
  token: string,
  env: Env = readEnv(),
): { subscriberId: number; audience: NewsletterAudience } | undefined {
  const match = /^(u1\.([1-9][0-9]{0,15})\.([a-z]{1,20}))\.([A-Za-z0-9_-]{32})$/.exec(token.trim());
  if (!match) return undefined;
  const [, payload, id, audienceName, given] = match as unknown as string[];
  const expected = Buffer.from(signature(tokenKey(env), payload as string));
  const actual = Buffer.from(given as string);
  if (expected.length !== actual.length || !timingSafeEqual(expected, actual)) return undefined;
  const audience = findNewsletterAudience(audienceName as string);
  if (!audience) return undefined;
  return { subscriberId: Number(id), audience };
}

export type TokenReader = {
  email: string;
  status: string;
  /** The newsletter's audience the link came with ("All" for every audience). */
  audience: NewsletterAudience;
  audienceLabel: string;
  /** The audiences the reader is subscribed to now. */
  subscribed: { value: Audience; label: string }[];
};

/** What the confirm page shows for a token; a 400 for a forged, altered or stale one. */
export function tokenReader(db: Db, token: string): TokenReader {
  const read = readUnsubscribeToken(token);
  const row = read
    ? db.select().from(subscribers).where(eq(subscribers.id, read.subscriberId)).get()
    : undefined;
  if (!read || !row) throw badRequest(INVALID_LINK);
  const subscribed = db
    .select({ audience: subscriberAudiences.audience })
    .from(subscriberAudiences)
    .where(eq(subscriberAudiences.subscriberId, row.id))
    .all()
    .map((r) => ({ value: r.audience, label: AUDIENCE_LABELS[r.audience] }));
  return {
    email: row.email,
    status: row.status,
    audience: read.audience,
    audienceLabel: newsletterAudienceLabel(read.audience),
    subscribed,
  };
}

/**
 * Unsubscribes the token's reader: from the token's audience (`scope`
 * "audience"; the reader becomes Unsubscribed when no audience is left), or
 * from every newsletter (`scope` "all", or a token for "All"). Idempotent.
 * A forged, altered or stale token is a 400 and changes nothing.
 */
export function unsubscribeWithToken(
  db: Db,
  token: string,
  scope: "audience" | "all" = "audience",
): { type: "success"; message: string } {
  const read = readUnsubscribeToken(token);
  if (!read) throw badRequest(INVALID_LINK);
  return db.transaction((tx) => {
    const t = tx as unknown as Db;
    const row = t
      .select({ id: subscribers.id })
      .from(subscribers)
      .where(eq(subscribers.id, read.subscriberId))
      .get();
    if (!row) throw badRequest(INVALID_LINK);
    const now = new Date();
    if (scope === "all" || read.audience === "All") {
      t.update(subscribers)
        .set({ status: "Unsubscribed", updatedAt: now })
        .where(eq(subscribers.id, row.id))
        .run();
      return {
        type: "success" as const,
        message: "You have unsubscribed from all our newsletters.",
      };
    }
    t.delete(subscriberAudiences)
      .where(
        and(
          eq(subscriberAudiences.subscriberId, row.id),
          eq(subscriberAudiences.audience, read.audience),
        ),
      )
      .run();
    const left = t
      .select({ audience: subscriberAudiences.audience })
      .from(subscriberAudiences)
      .where(eq(subscriberAudiences.subscriberId, row.id))
      .all();
    t.update(subscribers)
      .set(left.length === 0 ? { status: "Unsubscribed", updatedAt: now } : { updatedAt: now })
      .where(eq(subscribers.id, row.id))
      .run();
    return {
      type: "success" as const,
      message: `You have unsubscribed from ${AUDIENCE_LABELS[read.audience]}.`,
    };
  });
}
