/** `POST /newsletter/unsubscribe` (SPEC §7) body `{email}` → `{type, message}`. */
import { getDb } from "~/db.server";
import { jsonResult, methodNotAllowed, readBody } from "~/json.server";
import { unsubscribe } from "~/subscribers.server";
import type { Route } from "./+types/api.newsletter-unsubscribe";

export const loader = methodNotAllowed;

export function action({ request }: Route.ActionArgs) {
  return jsonResult(async () => unsubscribe(getDb(), await readBody(request)));
}
