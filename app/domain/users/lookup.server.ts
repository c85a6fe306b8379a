/**
 * Finding a staff account for sign-in: by e-mail address, by API key, and
 * whether it has two-factor sign-in on (docs/behaviour.md §access). The web
 * layer's sign-in steps call these; the checks themselves stay there.
 */
import { and, eq, isNull } from "drizzle-orm";
import { type User, users } from "#db/schema";
import { apiKeyLookup } from "~/domain/accounts/secrets.server";
import type { DbOrTx } from "~/platform/db.server";

/** The account with this (already normalised) e-mail address. */
export function findUserByEmail(db: DbOrTx, email: string): User | undefined {
  return db.select().from(users).where(eq(users.email, email)).get();
}

/** Whether the account signs in with a second factor (an authenticator app). */
export function hasTwoFactor(db: DbOrTx, userId: number): boolean {
  const row = db.select({ on: users.totpEnabledAt }).from(users).where(eq(users.id, userId)).get();
  return Boolean(row?.on);
}

/**
 * The account whose API key is `key`: looked up by the key's sealed form,
 * else (a key written in plain text after start-up, by a tool) by the key
 * itself where none is sealed yet.
 */
export function findUserByApiKey(db: DbOrTx, key: string): User | undefined {
  return (
    db
      .select()
      .from(users)
      .where(eq(users.apiKeyHash, apiKeyLookup(key)))
      .get() ??
    db
      .select()
      .from(users)
      .where(and(eq(users.apiKey, key), isNull(users.apiKeyHash)))
      .get()
  );
}
