/**
 * `POST /user/data {uid}` (docs/api.md): a user's public profile; the apiKey only
 * to that same user, signed in by session cookie or passing their own `key`.
 */
import { z } from "zod";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { getOptionalUser, requireApiUser } from "~/web/auth.server";
import { userData } from "~/web/public-api.server";
import type { Route } from "./+types/api.user-data";

const Body = z.looseObject({ key: z.unknown().optional() });

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const body = await readJsonBody(request, Body);
  const caller =
    body.key === undefined || body.key === null || body.key === ""
      ? await getOptionalUser(request)
      : await requireApiUser(request, body.key);
  return userData(body, caller);
});
