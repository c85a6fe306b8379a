import { apiHandler, postOnlyLoader, readJsonObject } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { getDocs } from "~/web/crud.server";
import type { Route } from "./+types/api.crud-get-docs";

/** POST /crud/get/docs {collection, key, query, limit?, offset?} → {type, data: [documents]}. */
export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const body = await readJsonObject(request);
  const actor = await requireApiUser(request, body.key);
  return { type: "success", data: getDocs(actor, body) };
});
