/**
 * Blocked servers and accounts (docs/federation.md "Following and blocking"): nothing from them is
 * accepted (their inbox posts are answered 403) and nothing is sent to them. A domain block covers
 * its subdomains.
 */
import { and, asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import { apBlocks, apFollowers } from "#db/schema";
import { parseInput } from "~/domain/errors.server";
import type { DbOrTx } from "~/platform/db.server";

export type Block = typeof apBlocks.$inferSelect;

/** The host and every parent domain of it: `a.b.example` → a.b.example, b.example, example. */
function domainsOf(host: string): string[] {
  const parts = host.toLowerCase().replace(/:\d+$/, "").split(".");
  return parts.map((_, i) => parts.slice(i).join("."));
}

function hostOf(uri: string): string | null {
  try {
    return new URL(uri).hostname.toLowerCase();
  } catch {
    return null;
  }
}

/** Whether the account `uri`, or its server, is blocked. */
export function isBlocked(db: DbOrTx, uri: string): boolean {
  const host = hostOf(uri);
  const hit = db
    .select({ id: apBlocks.id })
    .from(apBlocks)
    .where(
      host
        ? inArray(apBlocks.value, [uri, ...domainsOf(host)])
        : and(eq(apBlocks.kind, "actor"), eq(apBlocks.value, uri)),
    )
    .all();
  return hit.length > 0;
}

const DomainValue = z
  .string()
  .trim()
  .toLowerCase()
  .transform((v) =>
    v
      .replace(/^https?:\/\//, "")
      .replace(/\/.*$/, "")
      .replace(/^\*\./, ""),
  )
  .pipe(
    z
      .string()
      .min(1, "Enter a server's host name, such as mastodon.example")
      .max(253, "A host name has at most 253 characters")
      .regex(
        /^(?=.{1,253}$)(?:[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$|^localhost$|^\d{1,3}(?:\.\d{1,3}){3}$/,
        "Enter a server's host name, such as mastodon.example",
      ),
  );

const ActorValue = z
  .string()
  .trim()
  .max(2000, "An account address has at most 2000 characters")
  .url("Enter the account's address (its actor URL, https://…)")
  .refine((v) => /^https?:\/\//i.test(v), "Enter the account's address (its actor URL, https://…)");

export const BlockInput = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("domain"), value: DomainValue }),
  z.object({ kind: z.literal("actor"), value: ActorValue }),
]);

/**
 * Adds a block (idempotent) and drops the followers it covers: an account's follow, or every
 * follower on the server. Nothing is sent to them.
 */
export function addBlock(
  db: DbOrTx,
  input: unknown,
  by: string,
): { block: Block; removed: number } {
  const { kind, value } = parseInput(BlockInput, input);
  db.insert(apBlocks)
    .values({ kind, value, createdAt: Date.now(), createdBy: by })
    .onConflictDoNothing()
    .run();
  const block = db
    .select()
    .from(apBlocks)
    .where(and(eq(apBlocks.kind, kind), eq(apBlocks.value, value)))
    .get() as Block;
  const followers = db.select().from(apFollowers).all();
  const covered = followers.filter((f) =>
    kind === "actor" ? f.remoteUri === value : domainsOf(f.server).includes(value),
  );
  if (covered.length > 0) {
    db.delete(apFollowers)
      .where(
        inArray(
          apFollowers.id,
          covered.map((f) => f.id),
        ),
      )
      .run();
  }
  return { block, removed: covered.length };
}

/** Removes a block; the removed row, or null. */
export function removeBlock(db: DbOrTx, id: number): Block | null {
  return db.delete(apBlocks).where(eq(apBlocks.id, id)).returning().get() ?? null;
}

/** Every block, servers first, then accounts, each alphabetically. */
export function listBlocks(db: DbOrTx): Block[] {
  return db.select().from(apBlocks).orderBy(asc(apBlocks.kind), asc(apBlocks.value)).all();
}

/**
 * A test of whether an account (by its id) or a server (a host name) is blocked, reading the
 * blocklist once: for deciding many deliveries at a time.
 */
export function blockedTest(db: DbOrTx): (remoteUri: string, host: string) => boolean {
  const blocks = listBlocks(db);
  if (blocks.length === 0) return () => false;
  const actors = new Set(blocks.filter((b) => b.kind === "actor").map((b) => b.value));
  const domains = new Set(blocks.filter((b) => b.kind === "domain").map((b) => b.value));
  return (remoteUri, host) =>
    actors.has(remoteUri) || (host !== "" && domainsOf(host).some((d) => domains.has(d)));
}
