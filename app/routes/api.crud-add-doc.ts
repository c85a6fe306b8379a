import { apiHandler, postOnlyLoader, readJsonObject } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { addDoc, withEmbedCards } from "~/web/crud.server";
import type { Route } from "./+types/api.crud-add-doc";

/** POST /crud/add/doc {collection, data, key} → {type, message, data: document}. */
export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const body = await readJsonObject(request);
  const actor = await requireApiUser(request, body.key);
  return addDoc(actor, await withEmbedCards(actor, body));
});
