/** `/.well-known/webfinger` (docs/federation.md "Following the site from Mastodon"). */
import { actorForResource, webfingerDocument } from "~/domain/federation/discovery.server";
import { getDb } from "~/platform/db.server";
import { errorAnswer, jsonAnswer } from "~/web/activitypub.server";
import type { Route } from "./+types/webfinger";

export function loader({ request }: Route.LoaderArgs) {
  const resource = new URL(request.url).searchParams.get("resource");
  if (!resource) return errorAnswer(400, "Name a resource: ?resource=acct:name@host");
  const actor = actorForResource(getDb(), resource);
  if (!actor) {
    const res = errorAnswer(404, "No such account here");
    res.headers.set("Access-Control-Allow-Origin", "*");
    return res;
  }
  return jsonAnswer(webfingerDocument(actor), { type: "application/jrd+json", cors: true });
}
