/**
 * The Followers screen (docs/federation.md "Following and blocking"): who follows the site and
 * each author, the pending follows, the blocklist, and the servers deliveries could not reach.
 * Administrators only, as Settings: the blocklist is the site's policy towards other servers.
 */
import { and, asc, count, desc, eq, max, sql } from "drizzle-orm";
import { z } from "zod";
import { apActors, apFollowers, deliveries } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { notFound, parseInput } from "~/domain/errors.server";
import { actorKeysById, ensureKeys, localActor, refOf } from "~/domain/federation/actors.server";
import { addBlock, listBlocks, removeBlock } from "~/domain/federation/blocks.server";
import { ACTIVITYPUB_KIND } from "~/domain/federation/deliver.server";
import { answerFollow, followerById } from "~/domain/federation/follows.server";
import { siteHost } from "~/domain/federation/ids.server";
import type { Db } from "~/platform/db.server";

export type FollowerRow = {
  id: number;
  handle: string;
  server: string;
  remoteUri: string;
  since: number;
  status: "accepted" | "pending";
};

export type ActorFollowers = {
  actorId: number;
  /** `@name@host`, or a description of an author who is no longer an actor. */
  handle: string;
  name: string;
  accepted: number;
  pending: number;
  followers: FollowerRow[];
};

export type UnreachedServer = {
  host: string;
  deliveries: number;
  lastError: string;
  lastAt: number;
};

/** Follower counts for the dashboard: the site's, and everyone's together (accepted only). */
export function followerCounts(db: Db): { site: number; total: number } {
  const site = db.select({ id: apActors.id }).from(apActors).where(eq(apActors.kind, "site")).get();
  const rows = db
    .select({ actorId: apFollowers.actorId, n: count() })
    .from(apFollowers)
    .where(eq(apFollowers.status, "accepted"))
    .groupBy(apFollowers.actorId)
    .all();
  return {
    site: rows.find((r) => r.actorId === site?.id)?.n ?? 0,
    total: rows.reduce((sum, r) => sum + r.n, 0),
  };
}

function actorLabel(db: Db, row: typeof apActors.$inferSelect) {
  const actor = localActor(db, refOf(row));
  if (actor) return { handle: `@${actor.username}@${siteHost()}`, name: actor.name };
  return { handle: `${row.kind} ${row.refId}`, name: "No longer an author of published posts" };
}

/** Servers whose deliveries gave up ("Not reached"), most recent first. */
export function unreachedServers(db: Db): UnreachedServer[] {
  const rows = db
    .select({
      target: deliveries.target,
      n: count(),
      lastAt: max(deliveries.createdAt),
      lastError: sql<string>`max(${deliveries.lastError})`,
    })
    .from(deliveries)
    .where(and(eq(deliveries.kind, ACTIVITYPUB_KIND), eq(deliveries.status, "dead")))
    .groupBy(deliveries.target)
    .all();
  const hosts = new Map<string, UnreachedServer>();
  for (const r of rows) {
    let host: string;
    try {
      host = new URL(r.target).host;
    } catch {
      continue;
    }
    const seen = hosts.get(host);
    const lastAt = Number(r.lastAt ?? 0);
    hosts.set(host, {
      host,
      deliveries: (seen?.deliveries ?? 0) + r.n,
      lastError: seen && seen.lastAt > lastAt ? seen.lastError : (r.lastError ?? ""),
      lastAt: Math.max(seen?.lastAt ?? 0, lastAt),
    });
  }
  return [...hosts.values()].sort((a, b) => b.lastAt - a.lastAt);
}

/** Everything the screen shows: the site first, then each author actor with followers. */
export function fediverseOverview(db: Db, staff: SessionUser) {
  assertCan(staff, "manageSite");
  const site = ensureKeys(db, { kind: "site", refId: 0 });
  const followers = db
    .select()
    .from(apFollowers)
    .orderBy(asc(apFollowers.status), desc(apFollowers.createdAt))
    .all();
  const actorIds = [
    site.id,
    ...new Set(followers.map((f) => f.actorId).filter((id) => id !== site.id)),
  ];
  const actors: ActorFollowers[] = actorIds.flatMap((actorId) => {
    const row = actorKeysById(db, actorId);
    if (!row) return [];
    const mine = followers.filter((f) => f.actorId === actorId);
    return [
      {
        actorId,
        ...actorLabel(db, row),
        accepted: mine.filter((f) => f.status === "accepted").length,
        pending: mine.filter((f) => f.status === "pending").length,
        followers: mine.map((f) => ({
          id: f.id,
          handle: f.handle,
          server: f.server,
          remoteUri: f.remoteUri,
          since: f.createdAt,
          status: f.status,
        })),
      },
    ];
  });
  return { actors, blocks: listBlocks(db), unreached: unreachedServers(db) };
}

const FollowerId = z.coerce.number({ error: "Choose a follower" }).int().positive();

function follower(db: Db, id: unknown) {
  const row = followerById(db, parseInput(FollowerId, id));
  if (!row) throw notFound("That follower is no longer here");
  const keys = actorKeysById(db, row.actorId);
  if (!keys) throw notFound("That follower is no longer here");
  return { row, keys };
}

export type FollowerDecision = "accept" | "reject" | "remove" | "block";

/**
 * A staff decision about one follower: accept a pending follow (an Accept is sent), reject it or
 * remove an accepted follower (a Reject is sent, so its server drops the follow), or block the
 * account (removed, nothing sent). Audited.
 */
export function decideFollower(
  db: Db,
  staff: SessionUser,
  id: unknown,
  decision: FollowerDecision,
) {
  assertCan(staff, "manageSite");
  const { row, keys } = follower(db, id);
  db.transaction((tx) => {
    if (decision === "accept") {
      tx.update(apFollowers).set({ status: "accepted" }).where(eq(apFollowers.id, row.id)).run();
      answerFollow(tx, keys, row, "accept");
    } else if (decision === "block") {
      addBlock(tx, { kind: "actor", value: row.remoteUri }, staff.name);
    } else {
      tx.delete(apFollowers).where(eq(apFollowers.id, row.id)).run();
      answerFollow(tx, keys, row, "reject");
    }
    recordAudit(tx, {
      action:
        decision === "block"
          ? "fediverse-blocked"
          : `fediverse-follower-${decision === "accept" ? "accepted" : decision === "reject" ? "rejected" : "removed"}`,
      actor: staff,
      targetType: "follower",
      targetId: row.remoteUri,
      summary: `${row.handle} → ${actorLabel(db, keys).handle}`,
      address: staff.address,
    });
  });
  return row;
}

/** Adds a server or account to the blocklist (its followers are dropped). Audited. */
export function blockEntry(db: Db, staff: SessionUser, input: unknown) {
  assertCan(staff, "manageSite");
  return db.transaction((tx) => {
    const { block, removed } = addBlock(tx, input, staff.name);
    recordAudit(tx, {
      action: "fediverse-blocked",
      actor: staff,
      targetType: block.kind,
      targetId: block.value,
      summary: removed > 0 ? `${removed} follower${removed === 1 ? "" : "s"} removed` : "",
      address: staff.address,
    });
    return block;
  });
}

/** Removes a blocklist entry. Audited. */
export function unblockEntry(db: Db, staff: SessionUser, id: unknown) {
  assertCan(staff, "manageSite");
  return db.transaction((tx) => {
    const block = removeBlock(tx, parseInput(z.coerce.number().int().positive(), id));
    if (!block) throw notFound("That block is no longer on the list");
    recordAudit(tx, {
      action: "fediverse-unblocked",
      actor: staff,
      targetType: block.kind,
      targetId: block.value,
      address: staff.address,
    });
    return block;
  });
}
