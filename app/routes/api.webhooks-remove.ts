/**
 * `POST /webhooks/remove/{uid} {key}` (docs/api.md "Webhooks") → `{type, message, webhook}`.
 * Administrators; 404 for an unknown uid.
 */
import { z } from "zod";
import { removeWebhook } from "~/domain/integrations/webhooks.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.webhooks-remove";

const Body = z.object({ key: z.unknown().optional() });

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  const { key } = await readJsonBody(request, Body);
  const webhook = removeWebhook(getDb(), await requireApiUser(request, key), params.uid);
  return { type: "success", message: "Webhook removed", webhook };
});
