/** `/.well-known/nodeinfo` and `/nodeinfo/2.1` (docs/federation.md "Actors"). */
import {
  NODEINFO_SCHEMA,
  nodeinfoDocument,
  nodeinfoLinks,
} from "~/domain/federation/discovery.server";
import { getDb } from "~/platform/db.server";
import { jsonAnswer } from "~/web/activitypub.server";
import type { Route } from "./+types/nodeinfo";

export function loader({ request }: Route.LoaderArgs) {
  if (new URL(request.url).pathname.startsWith("/.well-known/")) {
    return jsonAnswer(nodeinfoLinks(), { type: "application/json", cors: true });
  }
  return jsonAnswer(nodeinfoDocument(getDb()), {
    type: `application/json; profile="${NODEINFO_SCHEMA}#"`,
    cors: true,
  });
}
