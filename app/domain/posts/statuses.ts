/**
 * The posts vocabulary, browser-safe: `db/schema.ts` builds the column from
 * it and screens import it without pulling in the database.
 *
 * draft → reviewing (a Contributor's Publish) → published; draft or reviewing →
 * scheduled (Schedule, with a time) → published at that time by the scheduler;
 * any of them → trash.
 */
export const POST_STATUSES = ["draft", "reviewing", "scheduled", "published", "trash"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export function isPostStatus(value: unknown): value is PostStatus {
  return typeof value === "string" && (POST_STATUSES as readonly string[]).includes(value);
}
