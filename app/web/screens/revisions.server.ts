/**
 * Edit Post's Revisions panel as the server reads it: the list, the diff of
 * `?revision=ID`, and `?restore=ID` (a plain form post) → restore, then back
 * to Edit Post with a message. The rules live in
 * app/domain/workflow/revision-views.server.ts.
 */
import type { SessionUser } from "~/domain/access/actor.server";
import { isDomainError } from "~/domain/errors.server";
import {
  listRevisions,
  restoreRevision,
  revisionDiff,
} from "~/domain/workflow/revision-views.server";
import { redirectWithFlash } from "~/web/flash.server";

const revisionId = (value: string | null) =>
  value && /^\d{1,15}$/.test(value) ? Number(value) : undefined;

/** The loader's part: the revisions and, for `?revision=ID`, its diff (an unknown id shows none). */
export function revisionsFor(actor: SessionUser, postId: number, query: URLSearchParams) {
  const revisions = listRevisions(actor, postId);
  const wanted = revisionId(query.get("revision"));
  let diff: ReturnType<typeof revisionDiff> | null = null;
  if (wanted !== undefined) {
    try {
      diff = revisionDiff(actor, postId, wanted);
    } catch (error) {
      if (!isDomainError(error)) throw error;
    }
  }
  return { revisions, diff };
}

/** Restore this revision → Edit Post with "Revision restored", or the refusal as a message. */
export async function restoreAction(actor: SessionUser, postId: number, value: string) {
  const to = `/admin/posts/edit/${postId}`;
  try {
    restoreRevision(actor, postId, revisionId(value) ?? 0);
    return redirectWithFlash(to, { type: "success", message: "Revision restored" });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return redirectWithFlash(to, {
      type: "error",
      message: `Error restoring revision: ${error.message}`,
    });
  }
}
