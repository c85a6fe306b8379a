/**
 * The workflow's words, browser-safe (db/schema.ts and screens import them).
 *
 * A revision is `save` (every explicit save, status change, restore and
 * scheduled publish; all kept) or `autosave` (the editor's rolling copy,
 * one per user and post, replaced each time).
 */
export const REVISION_KINDS = ["save", "autosave"] as const;
export type RevisionKind = (typeof REVISION_KINDS)[number];
