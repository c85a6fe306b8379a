/**
 * The subscribers' words, in one browser-safe place: the audiences a reader
 * can subscribe to (with the labels the public form shows and the defaults of
 * each form) and a subscriber's statuses. `db/schema.ts`, the domain and the
 * components all read them from here.
 */

/** The newsletters a reader can subscribe to, as stored. */
export const AUDIENCES = ["News", "Music", "Promotions"] as const;
export type Audience = (typeof AUDIENCES)[number];

/** What the signup and staff forms call each audience. */
export const AUDIENCE_LABELS: Record<Audience, string> = {
  News: "News Emails",
  Music: "Music Updates",
  Promotions: "Promotions & Offers",
};

/** The audiences as checkbox options, in order. */
export const AUDIENCE_OPTIONS = AUDIENCES.map((value) => ({
  value,
  label: AUDIENCE_LABELS[value],
}));

/** The public signup forms preselect these. */
export const PUBLIC_DEFAULT_AUDIENCES: readonly Audience[] = ["News", "Promotions"];

/** Staff's Add Subscriber form, and a CSV row without an audience, use this. */
export const ADMIN_DEFAULT_AUDIENCES: readonly Audience[] = ["News"];

/** The audience a name stands for, in any case ("news" → "News"); undefined for none. */
export function findAudience(name: string): Audience | undefined {
  const wanted = name.trim().toLowerCase();
  return AUDIENCES.find((a) => a.toLowerCase() === wanted);
}

/** The Subscribers List's audience filter: everybody, or one audience by its lower-case name. */
export type AudienceFilter = "all" | Lowercase<Audience>;
export const AUDIENCE_FILTERS = [
  "all",
  ...AUDIENCES.map((a) => a.toLowerCase() as Lowercase<Audience>),
] as [AudienceFilter, ...AudienceFilter[]];

export function audienceFilterLabel(filter: AudienceFilter): string {
  return filter === "all" ? "All audiences" : (findAudience(filter) ?? filter);
}

/**
 * Inactive: set so by staff. Unsubscribed: the reader's own choice, which
 * only they undo. Bounced: the mail server refused the address for good
 * (a 5xx) or it was on an imported suppression list; skipped by sends until
 * staff make it Active again.
 */
export const SUBSCRIBER_STATUSES = ["Active", "Inactive", "Unsubscribed", "Bounced"] as const;
export type SubscriberStatus = (typeof SUBSCRIBER_STATUSES)[number];

/** The statuses staff may set; Unsubscribed is the reader's own. */
export const STAFF_STATUSES = ["Active", "Inactive"] as const;

/** A list in words, for messages: ["A", "B", "C"] → "A, B or C". */
export function inWords(list: readonly string[], last = "or"): string {
  return list.length < 2 ? list.join("") : `${list.slice(0, -1).join(", ")} ${last} ${list.at(-1)}`;
}
