/**
 * Who follows the site's events (app/platform/site-events.server.ts), by name: one line each. The
 * name is the consumer's cursor in `site_event_cursors`.
 */
import { federationConsumer } from "~/domain/federation/publishing.server";
import { webhooksConsumer } from "~/domain/integrations/webhook-delivery.server";
import { webmentionConsumer } from "~/domain/webmention/send.server";
import { websubConsumer } from "~/domain/websub/distribute.server";
import type { SiteEventConsumer } from "~/platform/site-events.server";

export const siteEventConsumers: Record<string, SiteEventConsumer> = {
  webhooks: webhooksConsumer,
  websub: websubConsumer,
  webmention: webmentionConsumer,
  federation: federationConsumer,
};
