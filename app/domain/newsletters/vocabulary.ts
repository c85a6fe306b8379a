/**
 * The newsletters' words, in one browser-safe place: whom a newsletter goes to
 * and the statuses of a newsletter and of each delivery. `db/schema.ts`, the
 * domain and the Send Newsletter screen read them from here.
 */
import { AUDIENCES, findAudience } from "~/domain/subscribers/vocabulary";

/** A newsletter goes to one audience, or to every Active subscriber ("All"). */
export const NEWSLETTER_AUDIENCES = ["All", ...AUDIENCES] as const;
export type NewsletterAudience = (typeof NEWSLETTER_AUDIENCES)[number];

/** "All" reads "All Subscribers"; an audience reads as its name. */
export function newsletterAudienceLabel(audience: NewsletterAudience): string {
  return audience === "All" ? "All Subscribers" : audience;
}

/** The Send Newsletter form's audience choices, as it shows and posts them. */
export const NEWSLETTER_AUDIENCE_CHOICES = NEWSLETTER_AUDIENCES.map(newsletterAudienceLabel);

/** "All Subscribers", "all", "news" … → the stored audience name; anything else as it came. */
export function findNewsletterAudience(value: string): NewsletterAudience | undefined {
  const v = value.trim().toLowerCase();
  return v === "all" || v === "all subscribers" ? "All" : findAudience(v);
}

/**
 * A `scheduled` newsletter is a draft waiting for its send time (Send later);
 * it has no deliveries until it is queued. A finished newsletter is `sent` when no delivery failed, `partly sent` when
 * some were delivered and some failed, `failed` when none was delivered and
 * some failed.
 */
export const NEWSLETTER_STATUSES = [
  "draft",
  "scheduled",
  "queued",
  "sending",
  "sent",
  "partly sent",
  "failed",
] as const;
export type NewsletterStatus = (typeof NEWSLETTER_STATUSES)[number];

/** `skipped`: the reader was no longer Active (or was deleted) when their turn came. */
export const DELIVERY_STATUSES = ["pending", "sent", "failed", "skipped"] as const;

/** "Send a test" goes to the staff member, or to at most this many typed addresses. */
export const MAX_TEST_ADDRESSES = 5;
