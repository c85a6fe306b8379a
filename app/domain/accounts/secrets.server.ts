/**
 * Secrets kept in the database that must not work from a copy of it alone
 * (docs/decisions/070-secrets-at-rest.md): API keys and TOTP secrets are
 * encrypted with AES-256-GCM under a key derived (HKDF) from the session
 * secret, which lives outside the database (SESSION_SECRET or
 * DATA_DIR/session-secret). API keys are found by an HMAC of the key.
 * Changing the session secret voids every stored key and TOTP secret.
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import { eq, isNull } from "drizzle-orm";
import { users } from "#db/schema";
import { generateApiKey } from "~/domain/access/password.server";
import type { Db } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";

const PREFIX = "v1.";
let cached: { secret: string; enc: Buffer; mac: Buffer } | undefined;

function keys() {
  const secret = sessionSecret();
  if (cached?.secret !== secret) {
    const derive = (info: string) =>
      Buffer.from(hkdfSync("sha256", secret, "inkwell-secrets-at-rest", info, 32));
    cached = { secret, enc: derive("encrypt"), mac: derive("api-key-lookup") };
  }
  return cached;
}

export function encryptSecret(plain: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keys().enc, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

/** The plain value, or null when it cannot be read (another secret, damaged). */
export function decryptSecret(stored: string): string | null {
  if (!stored.startsWith(PREFIX)) return stored; // written before encryption; sealed at start-up
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", keys().enc, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

/** What an API key is looked up by. */
export function apiKeyLookup(key: string): string {
  return createHmac("sha256", keys().mac).update(key).digest("hex");
}

/** A fresh key and the columns that store it. */
export function newApiKeyColumns(key = generateApiKey()) {
  return { key, columns: { apiKey: encryptSecret(key), apiKeyHash: apiKeyLookup(key) } };
}

/** Seals API keys written in plain text (before this release, or by a tool): at start-up. */
export function sealPlainApiKeys(db: Db): number {
  const rows = db
    .select({ id: users.id, apiKey: users.apiKey })
    .from(users)
    .where(isNull(users.apiKeyHash))
    .all();
  db.transaction(() => {
    for (const row of rows) {
      db.update(users).set(newApiKeyColumns(row.apiKey).columns).where(eq(users.id, row.id)).run();
    }
  });
  return rows.length;
}
