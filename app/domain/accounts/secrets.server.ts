/**
 * Secrets kept in the database that must not work from a copy of it alone
 * (docs/decisions/070-staff-accounts.md): API keys and TOTP secrets are
 * encrypted with AES-256-GCM under a key derived (HKDF) from the session
 * secret, which lives outside the database (SESSION_SECRET or
 * DATA_DIR/session-secret). API keys are found by an HMAC of the key.
 * Changing the session secret voids every stored key and TOTP secret, except
 * across a backup's restore, which re-seals them under the new one
 * (docs/decisions/190-backups-carry-their-sealing-key.md).
 */
import { createCipheriv, createDecipheriv, createHmac, hkdfSync, randomBytes } from "node:crypto";
import type Database from "better-sqlite3";
import { eq, isNull } from "drizzle-orm";
import { users } from "#db/schema";
import { generateApiKey } from "~/domain/access/password.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { type Db, getDb } from "~/platform/db.server";
import { sessionSecret } from "~/platform/env.server";

const PREFIX = "v1.";
type Keys = { secret: string; enc: Buffer; mac: Buffer };
let cached: Keys | undefined;

function deriveKeys(secret: string): Keys {
  const derive = (info: string) =>
    Buffer.from(hkdfSync("sha256", secret, "inkwell-secrets-at-rest", info, 32));
  return { secret, enc: derive("encrypt"), mac: derive("api-key-lookup") };
}

function keys(): Keys {
  const secret = sessionSecret();
  if (cached?.secret !== secret) cached = deriveKeys(secret);
  return cached;
}

function seal(plain: string, enc: Buffer): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", enc, iv);
  const body = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return PREFIX + Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

function open(stored: string, enc: Buffer): string | null {
  if (!stored.startsWith(PREFIX)) return stored; // written before encryption; sealed at start-up
  try {
    const raw = Buffer.from(stored.slice(PREFIX.length), "base64url");
    const decipher = createDecipheriv("aes-256-gcm", enc, raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8");
  } catch {
    return null;
  }
}

export function encryptSecret(plain: string): string {
  return seal(plain, keys().enc);
}

/** The plain value, or null when it cannot be read (another secret, damaged). */
export function decryptSecret(stored: string): string | null {
  return open(stored, keys().enc);
}

const lookup = (key: string, mac: Buffer) => createHmac("sha256", mac).update(key).digest("hex");

/** What an API key is looked up by. */
export function apiKeyLookup(key: string): string {
  return lookup(key, keys().mac);
}

/** A fresh key and the columns that store it. */
export function newApiKeyColumns(key = generateApiKey()) {
  return { key, columns: { apiKey: encryptSecret(key), apiKeyHash: apiKeyLookup(key) } };
}

/**
 * A user's own API key, as their profile answers it: never empty. A stored
 * key this site cannot open (sealed under another session secret, damaged)
 * could not be checked either; a new one is issued in its place and audited
 * (docs/decisions/191-unreadable-api-key-replaced.md).
 */
export function ownApiKey(
  row: { id: number; uid: string; name: string; apiKey: string },
  db: Db = getDb(),
): string {
  const key = decryptSecret(row.apiKey);
  if (key) return key;
  const fresh = newApiKeyColumns();
  db.update(users)
    .set({ ...fresh.columns, timestamp: new Date() })
    .where(eq(users.id, row.id))
    .run();
  recordAudit(db, {
    action: "api-key-rotated",
    actor: null,
    targetType: "user",
    targetId: row.uid,
    summary: `${row.name}: the stored key could not be opened, a new one was issued`,
  });
  return fresh.key;
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

/**
 * The key that opens this site's sealed secrets (not the session secret: it
 * signs nothing), as text. A backup carries it, so the archive is as secret
 * as the session secret itself (docs/operations.md §Backups).
 */
export function sealingKey(secret = sessionSecret()): string {
  return deriveKeys(secret).enc.toString("base64url");
}

export type Resealed = { resealed: number; unreadable: number };

/**
 * Re-seals a restored database's API keys and TOTP secrets, opened with the
 * backup's `fromKey` (sealingKey's text), under `toSecret` (the session secret
 * of the site it is restored into); the API key lookups are made again. A
 * value the key cannot open is left as it is and counted.
 */
export function resealSecrets(
  sqlite: Database.Database,
  fromKey: string,
  toSecret: string,
): Resealed {
  const from = Buffer.from(fromKey.trim(), "base64url");
  const to = deriveKeys(toSecret);
  const columns = new Set(
    (sqlite.prepare("select name from pragma_table_info('users')").all() as { name: string }[]).map(
      (c) => c.name,
    ),
  );
  const result: Resealed = { resealed: 0, unreadable: 0 };
  if (!columns.has("api_key_hash") || !columns.has("totp_secret")) return result;
  const rows = sqlite
    .prepare(
      `select id, api_key as apiKey, totp_secret as totpSecret from users where api_key like '${PREFIX}%' or totp_secret like '${PREFIX}%'`,
    )
    .all() as { id: number; apiKey: string; totpSecret: string | null }[];
  const setKey = sqlite.prepare("update users set api_key = ?, api_key_hash = ? where id = ?");
  const setTotp = sqlite.prepare("update users set totp_secret = ? where id = ?");
  const reseal = (stored: string | null, write: (plain: string) => void) => {
    if (!stored?.startsWith(PREFIX)) return;
    const plain = open(stored, from);
    if (plain === null) result.unreadable++;
    else {
      write(plain);
      result.resealed++;
    }
  };
  sqlite.transaction(() => {
    for (const row of rows) {
      reseal(row.apiKey, (key) => setKey.run(seal(key, to.enc), lookup(key, to.mac), row.id));
      reseal(row.totpSecret, (secret) => setTotp.run(seal(secret, to.enc), row.id));
    }
  })();
  return result;
}
