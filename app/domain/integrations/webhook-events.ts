/**
 * The events a webhook can follow (docs/integrations.md "Webhooks"): the site-event topics, each
 * with the label the Integrations screen shows. Browser-safe, so the screen can list them.
 */
export const WEBHOOK_EVENTS = [
  { topic: "post.published", label: "Post published" },
  { topic: "post.updated", label: "Published post updated" },
  { topic: "post.unpublished", label: "Post unpublished" },
  { topic: "post.deleted", label: "Post deleted" },
  { topic: "subscriber.added", label: "Subscriber added" },
  { topic: "subscriber.unsubscribed", label: "Subscriber unsubscribed" },
  { topic: "comment.added", label: "Comment added" },
  { topic: "newsletter.sent", label: "Newsletter sent" },
] as const;

export type WebhookTopic = (typeof WEBHOOK_EVENTS)[number]["topic"];

export const WEBHOOK_TOPICS: readonly WebhookTopic[] = WEBHOOK_EVENTS.map((e) => e.topic);

/** The event a "Send test" delivers: not a site event, never queued by one. */
export const PING_EVENT = "ping";

export function isWebhookTopic(topic: string): topic is WebhookTopic {
  return (WEBHOOK_TOPICS as readonly string[]).includes(topic);
}

/** Where the screens live. */
export const INTEGRATIONS_PATH = "/admin/integrations";
export const webhookPath = (uid: string) => `${INTEGRATIONS_PATH}/webhooks/${uid}`;
