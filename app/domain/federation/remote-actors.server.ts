/**
 * Remote accounts that change or go away (docs/federation.md "What is received"): an account's own
 * signed Update of itself refreshes what is kept of it (name, avatar, inboxes, key), here and in
 * the follower rows deliveries read; its own Delete of itself removes its follows and the cached
 * account. Its comments and reactions stay, as they were made.
 */
import { eq } from "drizzle-orm";
import { apFollowers, apRemoteActors } from "#db/schema";
import {
  type RemoteActor,
  remoteActorRow,
  saveRemoteActor,
} from "~/domain/federation/signatures.server";
import { ApActor } from "~/domain/federation/vocabulary";
import type { Db } from "~/platform/db.server";

/**
 * Applies `signer`'s Update of its own actor document `object`. Only the account itself may
 * change it, with a key of its own on its own server; anything else changes nothing (false).
 */
export function refreshRemoteActor(db: Db, signer: RemoteActor, object: unknown): boolean {
  const parsed = ApActor.safeParse(object);
  if (!parsed.success) return false;
  const doc = parsed.data;
  const host = new URL(signer.uri).host;
  if (
    doc.id !== signer.uri ||
    doc.publicKey.owner !== doc.id ||
    new URL(doc.publicKey.id).host !== host ||
    new URL(doc.inbox).host !== host
  ) {
    return false;
  }
  const row = remoteActorRow(doc);
  db.transaction((tx) => {
    saveRemoteActor(tx, row);
    tx.update(apFollowers)
      .set({ handle: row.handle, inbox: row.inbox, sharedInbox: row.sharedInbox })
      .where(eq(apFollowers.remoteUri, row.uri))
      .run();
  });
  return true;
}

/** `uri` deleted its account: its follows of every actor here and its cached document go. */
export function forgetRemoteActor(db: Db, uri: string): number {
  return db.transaction((tx) => {
    const follows = tx.delete(apFollowers).where(eq(apFollowers.remoteUri, uri)).run().changes;
    tx.delete(apRemoteActors).where(eq(apRemoteActors.uri, uri)).run();
    return follows;
  });
}
