/**
 * The inboxes (docs/federation.md "Inbox security"): the shared `/ap/inbox` and each actor's
 * `/ap/site/inbox`, `/ap/users/:id/inbox`, `/ap/guests/:id/inbox`. POST only.
 */
import type { LocalActorRef } from "~/domain/federation/ids.server";
import { answerInbox, errorAnswer } from "~/web/activitypub.server";
import type { Route } from "./+types/inbox";

function recipientOf(pathname: string): LocalActorRef | null {
  if (pathname === "/ap/site/inbox") return { kind: "site", refId: 0 };
  const match = /^\/ap\/(users|guests)\/(\d{1,15})\/inbox$/.exec(pathname);
  if (!match) return null;
  return { kind: match[1] === "users" ? "user" : "guest", refId: Number(match[2]) };
}

export const loader = () => errorAnswer(405, "POST activities here", { Allow: "POST" });

export function action({ request }: Route.ActionArgs) {
  if (request.method !== "POST") return errorAnswer(405, "POST activities here", { Allow: "POST" });
  return answerInbox(request, recipientOf(new URL(request.url).pathname));
}
