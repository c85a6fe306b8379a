/**
 * Edit Post's Revisions panel as the server reads it: the list, the diff of
 * `?revision=ID`, and `?restore=ID` (a plain form post) → restore, then back
 * to Edit Post with a message. The rules live in
 * app/domain/workflow/revision-views.server.ts.
 */
import { data } from "react-router";
import type { SessionUser } from "~/domain/access/actor.server";
import { isDomainError } from "~/domain/errors.server";
import { storeAutosave } from "~/domain/workflow/autosave.server";
import {
  listRevisions,
  restoreRevision,
  revisionDiff,
} from "~/domain/workflow/revision-views.server";
import { redirectWithOutcome } from "~/web/flash.server";
import { readForm } from "~/web/forms.server";
import { withCategoryName } from "~/web/screens/post-form.server";

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
  return redirectWithOutcome(`/admin/posts/edit/${postId}`, "Error restoring revision", () => {
    restoreRevision(actor, postId, revisionId(value) ?? 0);
    return { type: "success", message: "Revision restored" };
  });
}

/** `?autosave=1` (the editor's fetch every 30 s): the actor's rolling autosave → `{savedAt}`. */
export async function autosaveAction(request: Request, actor: SessionUser, postId: number) {
  try {
    const form = withCategoryName(await readForm(request, { maxFieldBytes: 4 * 1024 * 1024 }));
    await form.discard();
    const saved = storeAutosave(actor, postId, {
      title: form.fields.title,
      category: form.fields.category,
      summary: form.fields.summary,
      content: form.fields.content,
      tags: form.lists.tags ?? [],
    });
    return { type: "success" as const, ...saved };
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data({ type: "error" as const, message: error.message }, { status: error.status });
  }
}
