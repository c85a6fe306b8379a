/** `POST /newsletter/join` (SPEC §7) body `{email, name, audience}` → `{type, message}`. */
import { apiHandler, postOnlyLoader, readAnyBody } from "~/api.server";
import { getDb } from "~/db.server";
import { joinNewsletter } from "~/subscribers.server";
import type { Route } from "./+types/api.newsletter-join";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) =>
  joinNewsletter(getDb(), await readAnyBody(request)),
);
