/**
 * The handlers of the delivery queue, by kind (app/platform/delivery-queue.server.ts): one line
 * each. A kind without a handler is marked dead at its first attempt.
 */
import type { DeliveryHandler } from "~/platform/delivery-queue.server";

export const deliveryHandlers: Record<string, DeliveryHandler> = {};
