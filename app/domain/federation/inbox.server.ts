/**
 * The inbox (docs/federation.md "Inbox security"): what another server POSTs to `/ap/inbox` or an
 * actor's inbox. Checked in order, nothing stored on a failure: size (413), JSON with a type (400),
 * a signature (401), the body's digest (401), the date (401), a blocked sender (403, before its
 * key is fetched), the signature itself (401), key owner = actor (401), the server's rate (429).
 * Then the activity goes to its handler in `inboxHandlers`; a type nobody handles is acknowledged.
 */
import { eq } from "drizzle-orm";
import { apRemoteActors } from "#db/schema";
import { DomainError, RateLimitedError } from "~/domain/errors.server";
import { localActor } from "~/domain/federation/actors.server";
import { isBlocked } from "~/domain/federation/blocks.server";
import { removeFollow, storeFollow } from "~/domain/federation/follows.server";
import { type LocalActorRef, parseActorUri } from "~/domain/federation/ids.server";
import {
  handleContentActivity,
  type InboxContext,
} from "~/domain/federation/inbound-content.server";
import { forgetRemoteActor, refreshRemoteActor } from "~/domain/federation/remote-actors.server";
import {
  checkSignedRequest,
  type IncomingRequest,
  type RemoteActor,
  SignatureError,
  signatureScheme,
  verifySignedRequest,
} from "~/domain/federation/signatures.server";
import { ApActivity, refId } from "~/domain/federation/vocabulary";
import { getSettings } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { FailureLimiter } from "~/platform/rate-limit.server";

/** The largest activity accepted: 1 MiB. */
export const MAX_INBOX_BYTES = 1024 * 1024;

/** What a handler is given: the activity, who signed it, and whose inbox it came to (null: shared). */
export type InboxHandler = (ctx: InboxContext) => Promise<void>;

/** The local actor an activity's object names, when it is one of ours. */
function localTarget(ctx: InboxContext): LocalActorRef | null {
  const id = refId(ctx.activity.object);
  const ref = id ? parseActorUri(id) : null;
  return ref && localActor(ctx.db, ref) ? ref : null;
}

async function follow(ctx: InboxContext) {
  const target = localTarget(ctx);
  if (!target || !ctx.activity.id) return;
  storeFollow(ctx.db, {
    target,
    signer: ctx.signer,
    followId: ctx.activity.id,
    approveByHand: getSettings(ctx.db).fediverseApproveFollows,
  });
}

async function undoFollow(ctx: InboxContext) {
  const inner = ctx.activity.object as { object?: unknown } | undefined;
  const id = refId(inner?.object);
  const target = id ? parseActorUri(id) : null;
  if (target) removeFollow(ctx.db, target, ctx.signer.uri);
}

/** We follow no one, so an Accept or Reject of a Follow has nothing to change: acknowledged. */
async function acknowledge(_ctx: InboxContext) {}

/** Replies, their edits and removals, likes and boosts (inbound-content.server.ts). */
async function content(ctx: InboxContext) {
  handleContentActivity(ctx);
}

/** An account's Update of itself refreshes it; any other Update is of a reply. */
async function update(ctx: InboxContext) {
  if (refId(ctx.activity.object) === ctx.signer.uri) {
    refreshRemoteActor(ctx.db, ctx.signer, ctx.activity.object);
    return;
  }
  handleContentActivity(ctx);
}

/** An account's Delete of itself ends its follows; any other Delete is of a reply. */
async function remove(ctx: InboxContext) {
  if (refId(ctx.activity.object) === ctx.signer.uri) {
    forgetRemoteActor(ctx.db, ctx.signer.uri);
    return;
  }
  handleContentActivity(ctx);
}

/** What an Undo undoes, by the undone activity's type. */
export const undoHandlers: Record<string, InboxHandler> = {
  Follow: undoFollow,
  Like: content,
  Announce: content,
};

async function undo(ctx: InboxContext) {
  const inner = ctx.activity.object;
  const type = inner && typeof inner === "object" ? (inner as { type?: unknown }).type : undefined;
  const innerActor =
    inner && typeof inner === "object" ? refId((inner as { actor?: unknown }).actor) : null;
  // One may only undo one's own activity.
  if (typeof type !== "string" || (innerActor && innerActor !== ctx.signer.uri)) return;
  await undoHandlers[type]?.(ctx);
}

/** The handler of each activity type; other types are acknowledged (202) and ignored. */
export const inboxHandlers: Record<string, InboxHandler> = {
  Follow: follow,
  Undo: undo,
  Accept: acknowledge,
  Reject: acknowledge,
  Create: content,
  Update: update,
  Delete: remove,
  Like: content,
  Announce: content,
};

/** Activities per remote server: 300 a minute, then 429 until the minute is over. */
export const inboxRate = new FailureLimiter("ap-inbox", 300, 60_000);

function knownActor(db: Db, uri: string): boolean {
  return (
    db
      .select({ uri: apRemoteActors.uri })
      .from(apRemoteActors)
      .where(eq(apRemoteActors.uri, uri))
      .get() !== undefined
  );
}

/** Reads and checks an inbox POST, then dispatches it. Throws DomainError with the status to answer. */
export async function receiveActivity(
  db: Db,
  request: IncomingRequest,
  recipient: LocalActorRef | null,
  now = Date.now(),
): Promise<void> {
  if (request.body.byteLength > MAX_INBOX_BYTES) {
    throw new DomainError(413, "The activity is larger than 1 MB");
  }
  let activity: ApActivity;
  try {
    const parsed = ApActivity.safeParse(JSON.parse(request.body.toString("utf8")));
    if (!parsed.success) throw new Error();
    activity = parsed.data;
  } catch {
    throw new DomainError(400, "Send an ActivityStreams activity (JSON with a type)");
  }
  const actorId = refId(activity.actor);
  if (!signatureScheme(request)) throw new DomainError(401, "The request is not signed");
  try {
    checkSignedRequest(request, now);
  } catch (error) {
    throw error instanceof SignatureError ? new DomainError(401, error.message) : error;
  }
  const keyId = /keyId="([^"]+)"/i.exec(
    request.headers.signature ?? request.headers["signature-input"] ?? "",
  )?.[1];
  if ((actorId && isBlocked(db, actorId)) || (keyId && isBlocked(db, keyId))) {
    throw new DomainError(403, "This server does not accept activities from you");
  }
  // A deleted account's farewell: its key is gone with it, and we never knew it; nothing to do.
  if (
    activity.type === "Delete" &&
    actorId &&
    refId(activity.object) === actorId &&
    !knownActor(db, actorId)
  ) {
    return;
  }
  let signer: RemoteActor;
  try {
    signer = await verifySignedRequest(db, request, now);
  } catch (error) {
    throw error instanceof SignatureError ? new DomainError(401, error.message) : error;
  }
  if (!actorId || signer.uri !== actorId) {
    throw new DomainError(401, "The activity's actor did not sign it");
  }
  const server = new URL(signer.uri).host;
  const wait = inboxRate.retryAfter(server, now);
  if (wait > 0) throw new RateLimitedError("Too many activities from your server", wait);
  inboxRate.fail(server, now);
  await inboxHandlers[activity.type]?.({ db, activity, signer, recipient });
}
