/**
 * `/ap/site/outbox`, `/ap/users/:id/outbox`, `/ap/guests/:id/outbox` (docs/federation.md "What
 * is sent"): the actor's published public posts as an OrderedCollection, `?page=N` its pages;
 * and `…/followers`, the size of its followers collection.
 */
import { data } from "react-router";
import type { LocalActorRef } from "~/domain/federation/ids.server";
import {
  actorExists,
  followersCollection,
  outboxCollection,
  outboxPage,
} from "~/domain/federation/outbox.server";
import { parsePostId } from "~/domain/posts/ids";
import { getDb } from "~/platform/db.server";
import { jsonAnswer } from "~/web/activitypub.server";
import type { Route } from "./+types/outbox";

/** The actor from the path: `/ap/site/…`, `/ap/users/{id}/…`, `/ap/guests/{id}/…`. */
function actorOf(request: Request, params: { id?: string }): LocalActorRef | null {
  const kind = new URL(request.url).pathname.split("/")[2];
  if (kind === "site") return { kind: "site", refId: 0 };
  const id = parsePostId(params.id);
  if (id === undefined) return null;
  if (kind === "users") return { kind: "user", refId: id };
  if (kind === "guests") return { kind: "guest", refId: id };
  return null;
}

export function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const actor = actorOf(request, params);
  if (!actor || !actorExists(db, actor)) throw data("Not found", { status: 404 });
  if (new URL(request.url).pathname.endsWith("/followers")) {
    return jsonAnswer(followersCollection(db, actor));
  }
  const page = new URL(request.url).searchParams.get("page");
  if (page === null) return jsonAnswer(outboxCollection(db, actor));
  const n = parsePostId(page);
  if (n === undefined || n > 100_000) throw data("Bad page", { status: 400 });
  return jsonAnswer(outboxPage(db, actor, n));
}
