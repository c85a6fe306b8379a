/**
 * `POST /user/update {updatedEmail, updatedName, newProfilePic, uid, key}`
 * (docs/api.md): a user edits their own profile, an Administrator anyone's.
 * An empty or absent `newProfilePic` keeps the photo → `{type, message, user}`.
 */
import { z } from "zod";
import { updateProfile } from "~/domain/users/users.server";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.user-update";

const Body = z.looseObject({ key: z.unknown().optional() });

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const body = await readJsonBody(request, Body);
  const actor = await requireApiUser(request, body.key);
  const user = updateProfile(actor, {
    uid: body.uid,
    name: body.updatedName,
    email: body.updatedEmail,
    photo: body.newProfilePic,
    bio: body.bio,
    version: body.version,
  });
  return { type: "success", message: "User updated successfully!", user };
});
