/**
 * Edit Post's review buttons as the server reads them: `?review=approve` and
 * `?review=send-back` (a plain form with the note) → the domain
 * (app/domain/workflow/review.server.ts), then back with a message.
 */
import type { SessionUser } from "~/domain/access/actor.server";
import { isDomainError } from "~/domain/errors.server";
import { approveAndPublish, sendBack } from "~/domain/workflow/review.server";
import { redirectWithFlash } from "~/web/flash.server";
import { readForm } from "~/web/forms.server";

export async function reviewAction(
  request: Request,
  actor: SessionUser,
  postId: number,
  step: string,
) {
  const to = `/admin/posts/edit/${postId}`;
  try {
    const form = await readForm(request);
    if (step === "approve") {
      approveAndPublish(actor, postId);
      return redirectWithFlash(to, { type: "success", message: "Post approved and published" });
    }
    if (step === "send-back") {
      sendBack(actor, postId, { note: form.fields.note ?? "" });
      return redirectWithFlash("/admin/posts?status=reviewing", {
        type: "success",
        message: "Post sent back to its author",
      });
    }
    return redirectWithFlash(to, { type: "error", message: "Unknown review step" });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithFlash(to, {
      type: "error",
      message: `Error reviewing post: ${error.message}`,
    });
  }
}
