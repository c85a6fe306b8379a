/**
 * `GET /get/webhooks` (docs/api.md "Webhooks") → `{webhooks: [...]}`, never the secrets.
 * Administrators; the apiKey as `?key=`, or the session cookie.
 */
import { listWebhooks } from "~/domain/integrations/webhooks.server";
import { getDb } from "~/platform/db.server";
import { apiHandler } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.webhooks-list";

export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const key = new URL(request.url).searchParams.get("key") ?? undefined;
  return { webhooks: listWebhooks(getDb(), await requireApiUser(request, key)) };
});
