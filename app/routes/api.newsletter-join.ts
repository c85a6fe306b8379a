/** `POST /newsletter/join` (docs/api.md) body `{email, name, audience}` → `{type, message}`. */

import { joinNewsletter } from "~/domain/subscribers/subscribers.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readAnyBody } from "~/web/api.server";
import type { Route } from "./+types/api.newsletter-join";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) =>
  joinNewsletter(getDb(), await readAnyBody(request)),
);
