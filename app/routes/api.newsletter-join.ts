/** `POST /newsletter/join` (SPEC §7) body `{email, name, audience}` → `{type, message}`. */
import { apiHandler, postOnlyLoader } from "~/api.server";
import { getDb } from "~/db.server";
import { readBody } from "~/json.server";
import { joinNewsletter } from "~/subscribers.server";
import type { Route } from "./+types/api.newsletter-join";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) =>
  joinNewsletter(getDb(), await readBody(request)),
);
