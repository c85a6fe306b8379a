/**
 * Followers of this site's actors (docs/federation.md "Following and blocking"): a Follow is stored
 * and answered with an Accept, or kept pending while Settings › Approve followers by hand is on; a
 * follower removed by staff is sent a Reject so its server drops the follow.
 */
import { createHash } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { apFollowers } from "#db/schema";
import { type ActorKeys, ensureKeys, refOf } from "~/domain/federation/actors.server";
import { enqueueActivity } from "~/domain/federation/deliver.server";
import { actorUri, type LocalActorRef } from "~/domain/federation/ids.server";
import type { RemoteActor } from "~/domain/federation/signatures.server";
import type { Db, DbOrTx } from "~/platform/db.server";

export type Follower = typeof apFollowers.$inferSelect;

/** The id of our answer to a Follow: stable, so answering the same Follow twice is one delivery. */
function answerId(keys: ActorKeys, verb: "accept" | "reject", followId: string): string {
  const hash = createHash("sha256").update(followId).digest("hex").slice(0, 24);
  return `${actorUri(refOf(keys))}#${verb}-${hash}`;
}

/** Queues an Accept or Reject of the follower's Follow, signed by the followed actor. */
export function answerFollow(
  db: DbOrTx,
  keys: ActorKeys,
  follower: Follower,
  verb: "accept" | "reject",
) {
  const me = actorUri(refOf(keys));
  enqueueActivity(db, {
    actorId: keys.id,
    inbox: follower.inbox,
    activity: {
      "@context": "https://www.w3.org/ns/activitystreams",
      id: answerId(keys, verb, follower.followId),
      type: verb === "accept" ? "Accept" : "Reject",
      actor: me,
      object: { id: follower.followId, type: "Follow", actor: follower.remoteUri, object: me },
      to: [follower.remoteUri],
    },
  });
}

/**
 * Stores `signer`'s Follow of `target` and answers it: accepted at once (an Accept queued), or
 * pending when follows are approved by hand. Following again refreshes the row (and re-accepts).
 */
export function storeFollow(
  db: Db,
  input: { target: LocalActorRef; signer: RemoteActor; followId: string; approveByHand: boolean },
): Follower {
  return db.transaction((tx) => {
    const keys = ensureKeys(tx, input.target);
    const existing = tx
      .select()
      .from(apFollowers)
      .where(and(eq(apFollowers.actorId, keys.id), eq(apFollowers.remoteUri, input.signer.uri)))
      .get();
    const status = existing?.status === "accepted" || !input.approveByHand ? "accepted" : "pending";
    const values = {
      handle: input.signer.handle,
      server: new URL(input.signer.uri).host,
      inbox: input.signer.inbox,
      sharedInbox: input.signer.sharedInbox,
      followId: input.followId,
      status,
    } as const;
    const row = tx
      .insert(apFollowers)
      .values({ actorId: keys.id, remoteUri: input.signer.uri, createdAt: Date.now(), ...values })
      .onConflictDoUpdate({ target: [apFollowers.actorId, apFollowers.remoteUri], set: values })
      .returning()
      .get();
    if (row.status === "accepted") answerFollow(tx, keys, row, "accept");
    return row;
  });
}

/** Removes `remoteUri`'s follow of the actor (an Undo{Follow}); true when there was one. */
export function removeFollow(db: DbOrTx, target: LocalActorRef, remoteUri: string): boolean {
  const keys = ensureKeys(db, target);
  const gone = db
    .delete(apFollowers)
    .where(and(eq(apFollowers.actorId, keys.id), eq(apFollowers.remoteUri, remoteUri)))
    .returning({ id: apFollowers.id })
    .all();
  return gone.length > 0;
}

/** A follower row by id, with its actor's keys. */
export function followerById(db: DbOrTx, id: number): Follower | null {
  return db.select().from(apFollowers).where(eq(apFollowers.id, id)).get() ?? null;
}
