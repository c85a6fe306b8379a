import { apiHandler, postOnlyLoader, readJsonObject } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { reserveNextId } from "~/web/crud.server";
import type { Route } from "./+types/api.nextid";

/** POST /get/nextid {collection, apiKey} → {type, collection, id}. `key` is accepted too. */
export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const body = await readJsonObject(request);
  const actor = await requireApiUser(request, body.apiKey ?? body.key);
  return reserveNextId(actor, body);
});
