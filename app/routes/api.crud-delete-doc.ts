import { apiHandler, postOnlyLoader, readJsonObject } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { deleteDoc } from "~/web/crud.server";
import type { Route } from "./+types/api.crud-delete-doc";

/** POST /crud/delete/doc {collection, uid, key} → {type, message, data: {uid}}. */
export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const body = await readJsonObject(request);
  const actor = await requireApiUser(request, body.key);
  return deleteDoc(actor, body);
});
