/** `POST /newsletter/join` (SPEC §7) body `{email, name, audience}` → `{type, message}`. */
import { getDb } from "~/db.server";
import { jsonResult, methodNotAllowed, readBody } from "~/json.server";
import { joinNewsletter } from "~/subscribers.server";
import type { Route } from "./+types/api.newsletter-join";

export const loader = methodNotAllowed;

export function action({ request }: Route.ActionArgs) {
  return jsonResult(async () => joinNewsletter(getDb(), await readBody(request)));
}
