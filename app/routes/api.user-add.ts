/**
 * `POST /user/add {name, email, password, photo, role}` (docs/api.md), with the
 * caller's `key` or session. Administrator only → `{type, message, user}`.
 */
import { z } from "zod";
import { addUser } from "~/domain/users/users.server";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.user-add";

const Body = z.looseObject({ key: z.unknown().optional() });

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const { key, ...input } = await readJsonBody(request, Body);
  const user = addUser(await requireApiUser(request, key), input);
  return { type: "success", message: "User added successfully!", user };
});
