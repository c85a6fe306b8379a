/**
 * What Publish warns about before a post goes out (docs/behaviour.md §workflow): each check reads
 * the post about to be published and names what a reader would miss. Warnings never refuse the
 * publish; the writer confirms ("Publish anyway").
 */
import { altTextCheck } from "~/domain/content/alt-text.server";
import { openNotesWarning } from "~/domain/notes/notes.server";
import type { DbOrTx } from "~/platform/db.server";

export type PublishCandidate = { id: number | null; content: string };
export type PublishWarningCheck = (db: DbOrTx, post: PublishCandidate) => string[];

// biome-ignore format: one check a line
const CHECKS: PublishWarningCheck[] = [
  openNotesWarning, // editorial notes still open
  altTextCheck, // images without alt text
];

/** Every check's warnings, in the checks' order; [] when nothing needs a second look. */
export function publishWarnings(db: DbOrTx, post: PublishCandidate): string[] {
  return CHECKS.flatMap((check) => check(db, post));
}
