/**
 * `/ap/posts/:id` (docs/federation.md "What is sent"): a published post's Article, its Tombstone
 * (410) once deleted, else 404. A browser is sent to the post's page. Post URLs asked for with an
 * ActivityPub `Accept` are rewritten here (app/web/negotiation-node.server.ts).
 */
import { data, redirect } from "react-router";
import { postDocument, publishedPostUrl } from "~/domain/federation/outbox.server";
import { AP_CONTEXT } from "~/domain/federation/vocabulary";
import { parsePostId } from "~/domain/posts/ids";
import { getDb } from "~/platform/db.server";
import { errorAnswer, jsonAnswer, wantsActivityJson } from "~/web/activitypub.server";
import type { Route } from "./+types/post";

export function loader({ params, request }: Route.LoaderArgs) {
  const id = parsePostId(params.id);
  if (id === undefined) throw data("Not found", { status: 404 });
  const db = getDb();
  if (!wantsActivityJson(request)) {
    const url = publishedPostUrl(db, id);
    if (url) return redirect(url, 302);
    throw data("Not found", { status: 404 });
  }
  const doc = postDocument(db, id);
  if (doc.kind === "article") return jsonAnswer({ "@context": AP_CONTEXT, ...doc.article });
  if (doc.kind === "tombstone") {
    return jsonAnswer({ "@context": AP_CONTEXT, ...doc.tombstone }, { status: 410 });
  }
  return errorAnswer(404, "No such post here");
}
