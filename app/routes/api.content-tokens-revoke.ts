/**
 * `POST /content-tokens/revoke/{uid} {key}` (docs/api.md "Content API tokens") →
 * `{type, message, token}`; the token stops working at once. Administrators; 404 unknown uid.
 */
import { z } from "zod";
import { revokeContentToken } from "~/domain/integrations/content-tokens.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.content-tokens-revoke";

const Body = z.object({ key: z.unknown().optional() });

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request, params }: Route.ActionArgs) => {
  const { key } = await readJsonBody(request, Body);
  const token = revokeContentToken(getDb(), await requireApiUser(request, key), params.uid);
  return { type: "success", message: "Token revoked", token };
});
