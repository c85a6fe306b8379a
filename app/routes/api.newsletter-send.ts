/**
 * `POST /newsletter/send` (docs/api.md) body `{email: {subject, audience, content,
 * photo, attachment}, key}` → `{type, message, newsletter}`. Administrators and
 * Editors; queues the send and answers at once, the background sender delivers.
 */
import { z } from "zod";
import { queueNewsletter } from "~/domain/newsletters/queue.server";
import { getDb } from "~/platform/db.server";
import { apiHandler, postOnlyLoader, readJsonBody } from "~/web/api.server";
import { requireApiUser } from "~/web/auth.server";
import type { Route } from "./+types/api.newsletter-send";

const SendBody = z.object({
  email: z.unknown().refine((v) => v !== undefined, "email: the newsletter draft is required"),
  key: z.unknown().optional(),
});

export const loader = postOnlyLoader;

export const action = apiHandler(async ({ request }: Route.ActionArgs) => {
  const body = await readJsonBody(request, SendBody);
  const user = await requireApiUser(request, body.key);
  const newsletter = queueNewsletter(getDb(), user, body.email);
  const people = newsletter.recipientCount === 1 ? "subscriber" : "subscribers";
  return {
    type: "success",
    message: `Newsletter queued for ${newsletter.recipientCount} ${people}`,
    newsletter,
  };
});
