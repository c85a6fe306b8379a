/**
 * `POST /user/update/password {uid, confirmPassword, key}` (docs/api.md): a user
 * sets their own password, an Administrator anyone's. The documented call sends only
 * `confirmPassword`; a `password` field, when sent, must match it.
 */
import { z } from "zod";
import { changePassword } from "~/domain/users/users.server";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.user-update-password";

const Body = z.looseObject({ key: z.unknown().optional() });

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const body = await readJsonBody(request, Body);
  const actor = await requireApiUser(request, body.key);
  changePassword(actor, {
    uid: body.uid,
    password: body.password ?? body.confirmPassword,
    confirmPassword: body.confirmPassword,
  });
  return { type: "success", message: "Password updated successfully!" };
});
