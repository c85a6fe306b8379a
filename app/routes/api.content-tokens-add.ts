/**
 * `POST /content-tokens/add {name, origins?, key}` (docs/api.md "Content API tokens") →
 * `{type, message, token}`: the token as listed plus its secret `token`, the only time it is
 * answered. Administrators.
 */
import { z } from "zod";
import { createContentToken } from "~/domain/integrations/content-tokens.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.content-tokens-add";

const Body = z.looseObject({ key: z.unknown().optional() });

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const { key, ...input } = await readJsonBody(request, Body);
  const token = createContentToken(getDb(), await requireApiUser(request, key), input);
  return { type: "success", message: "Token created", token };
});
