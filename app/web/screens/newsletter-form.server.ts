/**
 * The Send Newsletter form as the server reads it: a thin adapter between the
 * posted multipart form (subject, audience, content, a featured image and an
 * attachment) and `queueNewsletter`, which `POST /newsletter/send` calls too.
 */

import type { SessionUser } from "~/domain/access/actor.server";
import { DomainError } from "~/domain/errors.server";
import { isImageType, maxImageBytes, tooLarge } from "~/domain/media/file-store.server";
import { ATTACHMENT_TYPES, MAX_ATTACHMENT_BYTES } from "~/domain/newsletters/input.server";
import { insertNewsletter, queueNewsletter } from "~/domain/newsletters/queue.server";
import { getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { withStoredImages } from "~/web/forms.server";
import { type ReceivedForm, receiveMultipart } from "~/web/uploads.server";

/** Reads the form: images and PDFs only, each within the larger of the two limits. */
export function readNewsletterForm(request: Request): Promise<ReceivedForm> {
  const imageLimit = maxImageBytes(getSettings(getDb()).maxImageSize);
  return receiveMultipart(request, {
    maxFileBytes: Math.max(imageLimit, MAX_ATTACHMENT_BYTES),
    accept: {
      test: (mime) => Boolean(mime && mime in ATTACHMENT_TYPES),
      message: "Only images (PNG, JPEG, GIF, WebP) and PDF files can be sent.",
    },
    fileFields: ["photo", "attachment"],
    maxFiles: 2,
    maxFieldBytes: 1024 * 1024,
  });
}

/**
 * Checks the files against their own limits (the featured image an image within
 * Settings' Max Image Size, the attachment within 10 MB), stores them in the
 * media library under "newsletters" and queues the newsletter (which wakes
 * the sender), or saves it as a draft for the confirm step. Files that are not kept are removed, whatever happens.
 */
export async function queueNewsletterFromForm(
  actor: SessionUser,
  form: ReceivedForm,
  status: "draft" | "queued" = "queued",
) {
  const imageLimit = maxImageBytes(getSettings(getDb()).maxImageSize);
  const photo = form.files.find((f) => f.fieldName === "photo");
  const attachment = form.files.find((f) => f.fieldName === "attachment");
  try {
    if (photo && !isImageType(photo.mimeType)) {
      throw new DomainError(415, "The featured image must be an image (PNG, JPEG, GIF or WebP)");
    }
    if (photo && photo.size > imageLimit) throw tooLarge(imageLimit);
    if (attachment && attachment.size > MAX_ATTACHMENT_BYTES) throw tooLarge(MAX_ATTACHMENT_BYTES);
  } catch (error) {
    await form.discard();
    throw error;
  }
  const letter = await withStoredImages(
    { fields: form.fields, files: form.files, discard: form.discard },
    ["photo", "attachment"],
    { collection: "newsletters", actor },
    (urls) => {
      const input = {
        subject: form.fields.subject,
        audience: form.fields.audience,
        content: form.fields.content,
        // A chosen file, else the image a post brought ("Send as newsletter").
        photo: urls.photo ?? (form.fields.photoUrl || null),
        attachment: urls.attachment ?? null,
      };
      // A draft waits for Preview, Send a test and the confirm step; queued goes out now.
      return status === "draft"
        ? insertNewsletter(getDb(), actor, input, "draft")
        : queueNewsletter(getDb(), actor, input);
    },
  );
  return letter;
}
