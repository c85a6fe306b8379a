/**
 * Add Media's body: one image from a multipart body (field `file`), streamed
 * to disk with the limit enforced while it arrives, then handed to the media
 * library (`addMediaImage`). `maxFileBytes` is for tests; the screen uses
 * MAX_MEDIA_BYTES.
 */
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { IMAGES_ONLY, MAX_MEDIA_BYTES } from "~/domain/media/file-store.server";
import { addMediaImage } from "~/domain/media/media.server";
import { type Db, getDb } from "~/platform/db.server";
import { receiveMultipart } from "~/web/uploads.server";

export async function uploadMedia(
  actor: SessionUser,
  request: Request,
  options: { maxFileBytes?: number } = {},
  db: Db = getDb(),
) {
  // Refuse before reading a byte of the body.
  assertCan(actor, "useMedia");
  const form = await receiveMultipart(request, {
    maxFileBytes: options.maxFileBytes ?? MAX_MEDIA_BYTES,
    accept: IMAGES_ONLY,
    fileFields: ["file"],
    maxFiles: 1,
    maxFieldBytes: 4096,
  });
  try {
    return await addMediaImage(actor, form.files[0], db);
  } finally {
    await form.discard();
  }
}
