/**
 * The handlers of the delivery queue, by kind (app/platform/delivery-queue.server.ts): one line
 * each. A kind without a handler is marked dead at its first attempt.
 */
import { webmentionDelivery } from "~/domain/webmention/send.server";
import { webmentionVerify } from "~/domain/webmention/verify.server";
import type { DeliveryHandler } from "~/platform/delivery-queue.server";

export const deliveryHandlers: Record<string, DeliveryHandler> = {
  webmention: webmentionDelivery,
  "webmention-verify": webmentionVerify,
};
