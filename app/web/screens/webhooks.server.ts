/**
 * The webhook forms of the Integrations screen and of a webhook's own page: each button posts an
 * `intent` starting `webhook-` (add, remove, test, redeliver, enable). The route's action hands
 * such a form here; every outcome is a redirect with a message, or the form again with the error.
 */
import { z } from "zod";
import type { SessionUser } from "~/domain/access/actor.server";
import { INTEGRATIONS_PATH, webhookPath } from "~/domain/integrations/webhook-events";
import {
  addWebhook,
  enableWebhook,
  redeliverWebhook,
  removeWebhook,
  sendTestWebhook,
} from "~/domain/integrations/webhooks.server";
import { getDb } from "~/platform/db.server";
import { redirectWithFlash } from "~/web/flash.server";
import { formError, formList, type PostedForm, parseIntent } from "~/web/forms.server";

const text = z.string().optional();
const WebhookIntent = z.discriminatedUnion("intent", [
  z.object({
    intent: z.literal("webhook-add"),
    name: text,
    url: text,
    secret: text,
    events: formList(z.string()),
  }),
  z.object({ intent: z.literal("webhook-remove"), uid: text }),
  z.object({ intent: z.literal("webhook-test"), uid: text, returnTo: text }),
  z.object({ intent: z.literal("webhook-enable"), uid: text, returnTo: text }),
  z.object({ intent: z.literal("webhook-redeliver"), uid: text, delivery: text }),
]);

const FAILED: Record<string, string> = {
  "webhook-add": "Webhook not added",
  "webhook-remove": "Webhook not removed",
  "webhook-test": "Test not sent",
  "webhook-enable": "Webhook not enabled",
  "webhook-redeliver": "Not redelivered",
};

/** Is this one of the webhook forms? */
export function isWebhookForm(form: PostedForm): boolean {
  return (form.fields.intent ?? "").startsWith("webhook-");
}

/** Back to the list, or to the webhook's own page when the form came from there. */
const back = (uid: string | undefined, returnTo: string | undefined) =>
  uid && returnTo === "webhook" ? webhookPath(uid) : INTEGRATIONS_PATH;

/** Runs one webhook form for `actor`. */
export async function webhookFormAction(actor: SessionUser, form: PostedForm) {
  const db = getDb();
  try {
    const input = parseIntent(form, WebhookIntent);
    switch (input.intent) {
      case "webhook-add": {
        const hook = await addWebhook(db, actor, input);
        return redirectWithFlash(webhookPath(hook.uid), {
          type: "success",
          message: `Webhook "${hook.name}" added. Give its signing secret (below) to the receiver.`,
        });
      }
      case "webhook-remove": {
        const hook = removeWebhook(db, actor, input.uid);
        return redirectWithFlash(INTEGRATIONS_PATH, {
          type: "success",
          message: `Webhook "${hook.name}" removed`,
        });
      }
      case "webhook-test":
        sendTestWebhook(db, actor, input.uid);
        return redirectWithFlash(back(input.uid, input.returnTo), {
          type: "success",
          message: "Test event queued: see the delivery log in a moment",
        });
      case "webhook-enable": {
        const hook = enableWebhook(db, actor, input.uid);
        return redirectWithFlash(back(input.uid, input.returnTo), {
          type: "success",
          message: `Webhook "${hook.name}" enabled again`,
        });
      }
      case "webhook-redeliver":
        redeliverWebhook(db, actor, input.uid, input.delivery);
        return redirectWithFlash(webhookPath(input.uid ?? ""), {
          type: "success",
          message: "Delivery queued again",
        });
    }
  } catch (error) {
    const f = form.fields;
    return formError(error, {
      prefix: FAILED[f.intent ?? ""] ?? "Webhook",
      intent: f.intent ?? null,
      values: {
        name: f.name ?? "",
        url: f.url ?? "",
        events: (form.lists.events ?? []).join(" "),
      },
    });
  }
}
