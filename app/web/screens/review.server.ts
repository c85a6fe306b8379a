/**
 * Edit Post's review buttons as the server reads them: `?review=approve` and
 * `?review=send-back` (a plain form with the note) → the domain
 * (app/domain/workflow/review.server.ts), then back with a message.
 */
import type { SessionUser } from "~/domain/access/actor.server";
import { approveAndPublish, sendBack } from "~/domain/workflow/review.server";
import { redirectWithOutcome } from "~/web/flash.server";
import { readForm } from "~/web/forms.server";

export async function reviewAction(
  request: Request,
  actor: SessionUser,
  postId: number,
  step: string,
) {
  return redirectWithOutcome(`/admin/posts/edit/${postId}`, "Error reviewing post", async () => {
    const form = await readForm(request);
    if (step === "approve") {
      approveAndPublish(actor, postId);
      return { type: "success", message: "Post approved and published" };
    }
    if (step === "send-back") {
      sendBack(actor, postId, { note: form.fields.note ?? "" });
      const to = "/admin/posts?status=reviewing";
      return { to, type: "success", message: "Post sent back to its author" };
    }
    return { type: "error", message: "Unknown review step" };
  });
}
