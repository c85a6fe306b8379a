import { apiHandler, postOnlyLoader } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import { uploadImage } from "~/web/crud.server";
import type { Route } from "./+types/api.upload-image";

/** POST /upload/image, multipart {file, collection, key} → {type, message, url, uid, data: media}. */
export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) =>
  uploadImage(request, (key) => requireApiUser(request, key)),
);
