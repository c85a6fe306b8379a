/**
 * Edit Post's editorial notes as the server reads them (docs/behaviour.md §editorial-notes):
 * `?notes` forms whose button names the step (`intent`: note-open, note-reply, note-resolve,
 * note-reopen) → the domain (app/domain/notes/notes.server.ts). A plain post comes back to the
 * thread with a message; a fetcher (`js=1`) gets the outcome as data, with no reload.
 */
import { data } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/domain/access/actor.server";
import { isDomainError } from "~/domain/errors.server";
import { noteBlocks } from "~/domain/notes/anchor.server";
import {
  listThreads,
  openThread,
  replyToThread,
  setThreadResolved,
} from "~/domain/notes/notes.server";
import { getDb } from "~/platform/db.server";
import { redirectWithFlash } from "~/web/flash.server";
import { parseIntent, readForm } from "~/web/forms.server";

const NOTE_INTENTS = ["note-open", "note-reply", "note-resolve", "note-reopen"] as const;
const NotesIntentSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.enum(NOTE_INTENTS) }),
]);

/** What a notes form gets back: the outcome, or the refusal with what was typed. */
export type NotesResult = {
  notes: {
    ok: boolean;
    message: string;
    intent: string;
    threadId?: number;
    /** The thread a refused reply was for, and the text to put back. */
    thread?: string;
    body?: string;
  };
};

const MESSAGES: Record<(typeof NOTE_INTENTS)[number], string> = {
  "note-open": "Note added",
  "note-reply": "Reply added",
  "note-resolve": "Note resolved",
  "note-reopen": "Note reopened",
};

export async function notesAction(request: Request, actor: SessionUser, postId: number) {
  const form = await readForm(request);
  const { fields } = form;
  const js = fields.js === "1";
  let intent = "";
  try {
    intent = parseIntent(form, NotesIntentSchema).intent;
    const step = intent as (typeof NOTE_INTENTS)[number];
    const { threadId } =
      step === "note-open"
        ? openThread(actor, {
            postId,
            body: fields.body,
            block: fields.block || undefined,
            quote: fields.quote || undefined,
            version: fields.postVersion || undefined,
          })
        : step === "note-reply"
          ? replyToThread(actor, { threadId: fields.thread, body: fields.body })
          : setThreadResolved(actor, fields.thread, step === "note-resolve");
    const message = MESSAGES[step];
    if (js) return data<NotesResult>({ notes: { ok: true, message, intent, threadId } });
    return redirectWithFlash(`/admin/posts/edit/${postId}#note-${threadId}`, {
      type: "success",
      message,
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    // Answered in the page (a plain post too), so what was typed is kept beside the message.
    return data<NotesResult>(
      {
        notes: {
          ok: false,
          message: `Error saving note: ${error.message}`,
          intent,
          thread: fields.thread,
          body: fields.body,
        },
      },
      { status: error.status },
    );
  }
}

/** What Edit Post shows of a post's notes: its threads and the blocks a note can be put on. */
export function notesFor(post: { id: number; content: string }) {
  return {
    threads: listThreads(getDb(), post.id, post.content),
    blocks: noteBlocks(post.content),
  };
}
