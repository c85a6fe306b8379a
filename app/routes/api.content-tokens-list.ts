/**
 * `GET /get/content-tokens` (docs/api.md "Content API tokens") → `{tokens: [...]}`, newest first,
 * never a token's secret. Administrators; the apiKey as `?key=`, or the session cookie.
 */
import { listContentTokens } from "~/domain/integrations/content-tokens.server";
import { getDb } from "~/platform/db.server";
import { apiHandler } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.content-tokens-list";

export const loader = apiHandler(async ({ request }: Route.LoaderArgs) => {
  const key = new URL(request.url).searchParams.get("key") ?? undefined;
  return { tokens: listContentTokens(getDb(), await requireApiUser(request, key)) };
});
