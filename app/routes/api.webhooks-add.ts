/**
 * `POST /webhooks/add {name?, url, events, secret?, key}` (docs/api.md "Webhooks") →
 * `{type, message, webhook}`, the webhook with its signing secret (generated when not given).
 * Administrators.
 */
import { z } from "zod";
import { addWebhook } from "~/domain/integrations/webhooks.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.webhooks-add";

const Body = z.looseObject({ key: z.unknown().optional() });

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const { key, ...input } = await readJsonBody(request, Body);
  const webhook = await addWebhook(getDb(), await requireApiUser(request, key), input);
  return { type: "success", message: "Webhook added", webhook };
});
