/**
 * The handlers of the delivery queue, by kind (app/platform/delivery-queue.server.ts): one line
 * each. A kind without a handler is marked dead at its first attempt.
 */
import { activityPubDelivery } from "~/domain/federation/deliver.server";
import { activityPubFanout, FANOUT_KIND } from "~/domain/federation/publishing.server";
import { webhookDelivery } from "~/domain/integrations/webhook-delivery.server";
import { WEBHOOK_KIND } from "~/domain/integrations/webhooks.server";
import { webmentionDelivery } from "~/domain/webmention/send.server";
import { webmentionVerify } from "~/domain/webmention/verify.server";
import { websubHandler } from "~/domain/websub/distribute.server";
import { websubVerifyHandler } from "~/domain/websub/verify.server";
import type { DeliveryHandler } from "~/platform/delivery-queue.server";

export const deliveryHandlers: Record<string, DeliveryHandler> = {
  [WEBHOOK_KIND]: webhookDelivery,
  websub: websubHandler,
  "websub-verify": websubVerifyHandler,
  webmention: webmentionDelivery,
  "webmention-verify": webmentionVerify,
  activitypub: activityPubDelivery,
  [FANOUT_KIND]: activityPubFanout,
};
