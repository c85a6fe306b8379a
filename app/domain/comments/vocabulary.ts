/** Comment statuses (docs/behaviour.md §comments); browser-safe, shared by the schema and screens. */
export const COMMENT_STATUSES = ["pending", "approved", "spam", "trash"] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** The moderation screen's tabs and row actions (docs/behaviour.md §comments). */
export const COMMENT_TABS = ["all", ...COMMENT_STATUSES] as const;
export type CommentTab = (typeof COMMENT_TABS)[number];
export const MODERATION_ACTIONS = ["approve", "unapprove", "spam", "trash", "delete"] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

/** Flood control: one comment per address in this many milliseconds. */
export const COMMENT_FLOOD_MS = 15_000;
/** More links than this send a comment to Spam. */
export const COMMENT_MAX_LINKS = 2;
export const COMMENT_MAX_LENGTH = 5000;
export const COMMENT_NAME_MAX = 100;
/** The honeypot field: hidden from people, filled in by bots. */
export const COMMENT_HONEYPOT = "website";
