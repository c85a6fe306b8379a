/**
 * An actor's document (docs/federation.md "Actors"): `/ap/site`, `/ap/users/:id`, `/ap/guests/:id`
 * and `/ap/authors/:slug` (where `/author/{slug}` asked for ActivityPub goes). A browser is sent
 * to the HTML page.
 */
import { redirect } from "react-router";
import {
  actorDocument,
  ensureKeysAsync,
  localActor,
  localActorBySlug,
} from "~/domain/federation/actors.server";
import type { LocalActorRef } from "~/domain/federation/ids.server";
import { getDb } from "~/platform/db.server";
import { errorAnswer, jsonAnswer, wantsActivityJson } from "~/web/activitypub.server";
import type { Route } from "./+types/actor";

function refFrom(pathname: string, id: string | undefined): LocalActorRef | null {
  if (pathname === "/ap/site") return { kind: "site", refId: 0 };
  if (!id || !/^\d{1,15}$/.test(id)) return null;
  return { kind: pathname.startsWith("/ap/users/") ? "user" : "guest", refId: Number(id) };
}

export async function loader({ request, params }: Route.LoaderArgs) {
  const db = getDb();
  const { pathname } = new URL(request.url);
  const p = params as { id?: string; slug?: string };
  const ref = p.slug === undefined ? refFrom(pathname, p.id) : null;
  const actor =
    p.slug !== undefined
      ? localActorBySlug(db, p.slug.toLowerCase())
      : ref
        ? localActor(db, ref)
        : null;
  if (!actor) return errorAnswer(404, "No such actor here");
  if (!wantsActivityJson(request)) return redirect(actor.pagePath, 302);
  // The pair is made off the main thread the first time (actorDocument then finds it).
  await ensureKeysAsync(db, actor.ref);
  return jsonAnswer(actorDocument(db, actor));
}
