/**
 * `POST /newsletter/send` (docs/api.md) body `{email: {subject, audience, content,
 * photo, attachment}, key, sendAt?}` → `{type, message, newsletter}`. Administrators and
 * Editors; queues the send and answers at once, the background sender delivers.
 * With `sendAt` (epoch ms or ISO; without an offset, the site's time zone) the
 * newsletter is scheduled instead and queued at that time.
 */
import { z } from "zod";
import { queueNewsletter } from "~/domain/newsletters/queue.server";
import { scheduleNewNewsletter } from "~/domain/newsletters/send-later.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.newsletter-send";

const SendBody = z.object({
  email: z.unknown().refine((v) => v !== undefined, "email: the newsletter draft is required"),
  key: z.unknown().optional(),
  sendAt: z.unknown().optional(),
});

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const body = await readJsonBody(request, SendBody);
  const user = await requireApiUser(request, body.key);
  if (body.sendAt !== undefined && body.sendAt !== null) {
    return { type: "success", ...scheduleNewNewsletter(getDb(), user, body.email, body.sendAt) };
  }
  const newsletter = queueNewsletter(getDb(), user, body.email);
  const people = newsletter.recipientCount === 1 ? "subscriber" : "subscribers";
  return {
    type: "success",
    message: `Newsletter queued for ${newsletter.recipientCount} ${people}`,
    newsletter,
  };
});
