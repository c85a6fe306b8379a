/**
 * The posts vocabulary, browser-safe: `db/schema.ts` builds the column from
 * it and screens import it without pulling in the database.
 *
 * draft → reviewing (a Contributor's Publish) → published; any of them → trash.
 */
export const POST_STATUSES = ["draft", "reviewing", "published", "trash"] as const;
export type PostStatus = (typeof POST_STATUSES)[number];

export function isPostStatus(value: unknown): value is PostStatus {
  return typeof value === "string" && (POST_STATUSES as readonly string[]).includes(value);
}
