/** `POST /newsletter/unsubscribe` (SPEC §7) body `{email}` → `{type, message}`. */
import { apiHandler, postOnlyLoader } from "~/api.server";
import { getDb } from "~/db.server";
import { readBody } from "~/json.server";
import { unsubscribe } from "~/subscribers.server";
import type { Route } from "./+types/api.newsletter-unsubscribe";

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) =>
  unsubscribe(getDb(), await readBody(request)),
);
