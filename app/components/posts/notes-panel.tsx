import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { useFetcher } from "react-router";
import type { NoteBlock } from "~/domain/notes/anchor.server";
import type { NoteView, ThreadView } from "~/domain/notes/notes.server";
import { useHydrated } from "~/hooks/use-hydrated";
import type { NotesResult } from "~/web/screens/notes.server";
import {
  announce,
  listen,
  NOTE_OPENED_EVENT,
  NOTE_PASSAGE_EVENT,
  type NoteOpenedDetail,
  type NotePassageDetail,
} from "./notes-events";

type Refused = NotesResult["notes"] | undefined;

const stamp = (date: Date | string) => {
  const iso = new Date(date).toISOString();
  return { iso, text: `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` };
};

/**
 * A notes form: a fetcher form, so it posts as a plain form without JavaScript (and the page
 * comes back at the thread) and without a reload with it (`js=1`). The form empties after it worked.
 */
function NoteForm({
  postId,
  className,
  children,
  onDone,
}: {
  postId: number;
  className?: string;
  children: (busy: boolean) => ReactNode;
  onDone?: (result: NotesResult["notes"]) => void;
}) {
  const fetcher = useFetcher<NotesResult>();
  const hydrated = useHydrated();
  const form = useRef<HTMLFormElement>(null);
  const seen = useRef<unknown>(null);
  useEffect(() => {
    const notes = fetcher.data?.notes;
    if (fetcher.state !== "idle" || !notes || seen.current === fetcher.data) return;
    seen.current = fetcher.data;
    if (notes.ok) form.current?.reset();
    onDone?.(notes);
  }, [fetcher.state, fetcher.data, onDone]);
  const error = fetcher.data?.notes.ok === false ? fetcher.data.notes.message : null;
  return (
    <fetcher.Form
      ref={form}
      method="post"
      action={`/admin/posts/edit/${postId}?notes`}
      className={className}
    >
      {hydrated ? <input type="hidden" name="js" value="1" /> : null}
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
      {children(fetcher.state !== "idle")}
    </fetcher.Form>
  );
}

function Note({ note }: { note: NoteView }) {
  const when = stamp(note.createdAt);
  return (
    <>
      <p className="note-meta">
        <strong>{note.authorName}</strong> <time dateTime={when.iso}>{when.text}</time>
      </p>
      <p className="note-body">{note.body}</p>
    </>
  );
}

function Thread({
  postId,
  thread,
  refused,
}: {
  postId: number;
  thread: ThreadView;
  refused: Refused;
}) {
  const replyId = useId();
  const mine = refused && !refused.ok && refused.thread === String(thread.id) ? refused : undefined;
  const resolved = thread.resolvedAt !== null;
  return (
    <li
      id={`note-${thread.id}`}
      className={`note-thread${resolved ? " is-resolved" : ""}`}
      tabIndex={-1}
    >
      <article aria-labelledby={`note-${thread.id}-title`}>
        <h3 id={`note-${thread.id}-title`} className="note-title">
          {resolved ? "Resolved note" : "Open note"} by {thread.authorName}
        </h3>
        <blockquote className="note-quote">{thread.quote || "(no passage quoted)"}</blockquote>
        {thread.anchored ? null : <p className="note-removed">Passage removed</p>}
        <Note note={thread} />
        {thread.replies.length > 0 ? (
          <ol className="note-replies" aria-label="Replies">
            {thread.replies.map((reply) => (
              <li key={reply.id}>
                <Note note={reply} />
              </li>
            ))}
          </ol>
        ) : null}
        {resolved ? <p className="note-resolved">Resolved by {thread.resolvedBy}</p> : null}
        {mine ? (
          <p className="form-error" role="alert">
            {mine.message}
          </p>
        ) : null}
        <NoteForm postId={postId} className="note-reply-form">
          {(busy) => (
            <>
              <input type="hidden" name="thread" value={thread.id} />
              <label htmlFor={replyId}>Reply</label>
              <textarea
                id={replyId}
                name="body"
                rows={2}
                maxLength={2000}
                required
                defaultValue={mine?.intent === "note-reply" ? mine.body : undefined}
              />
              <div className="note-actions">
                <button
                  type="submit"
                  name="intent"
                  value="note-reply"
                  className="button button-secondary"
                  disabled={busy}
                >
                  Reply
                </button>
                <button
                  type="submit"
                  name="intent"
                  value={resolved ? "note-reopen" : "note-resolve"}
                  className="button button-secondary"
                  formNoValidate
                  disabled={busy}
                >
                  {resolved ? "Reopen" : "Resolve"}
                </button>
              </div>
            </>
          )}
        </NoteForm>
      </article>
    </li>
  );
}

/**
 * Edit Post's editorial notes (docs/behaviour.md §editorial-notes): every thread with its
 * passage, replies, a reply form and Resolve/Reopen, and "Add a note" on a paragraph. With
 * JavaScript, "Add note" in the editor's toolbar puts the selected passage here instead.
 */
export function NotesPanel({
  post,
  threads,
  blocks,
  refused,
}: {
  post: { id: number; version: number };
  threads: ThreadView[];
  blocks: NoteBlock[];
  refused?: Refused;
}) {
  const [passage, setPassage] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const noteField = useRef<HTMLTextAreaElement>(null);
  const open = threads.filter((t) => t.resolvedAt === null).length;
  const opening = refused && !refused.ok && refused.intent === "note-open" ? refused : undefined;

  useEffect(
    () =>
      listen<NotePassageDetail>(NOTE_PASSAGE_EVENT, ({ quote }) => {
        setPassage(quote);
        setStatus("");
        requestAnimationFrame(() => noteField.current?.focus());
      }),
    [],
  );

  const opened = (result: NotesResult["notes"]) => {
    if (!result.ok || result.threadId === undefined) return;
    if (passage !== null) {
      announce<NoteOpenedDetail>(NOTE_OPENED_EVENT, { threadId: result.threadId });
      setStatus("Note added. Save the post to keep it on the passage.");
      setPassage(null);
    } else {
      setStatus("Note added.");
    }
  };

  return (
    <section className="admin-panel notes-panel" aria-labelledby="notes-heading">
      <h2 id="notes-heading">
        Editorial notes <span className="notes-count">({open} open)</span>
      </h2>
      <p className="notes-hint">Notes stay in the back office: readers never see them.</p>
      {threads.length > 0 ? (
        <ol className="note-threads">
          {threads.map((thread) => (
            <Thread key={thread.id} postId={post.id} thread={thread} refused={refused} />
          ))}
        </ol>
      ) : (
        <p>No notes yet.</p>
      )}
      <h3 id="add-note-heading">Add a note</h3>
      {opening ? (
        <p className="form-error" role="alert">
          {opening.message}
        </p>
      ) : null}
      <NoteForm postId={post.id} className="admin-form add-note-form" onDone={opened}>
        {(busy) => (
          <>
            <input type="hidden" name="postVersion" value={post.version} />
            {passage !== null ? (
              <div className="field">
                <span className="field-label">Passage</span>
                <blockquote className="note-quote">{passage}</blockquote>
                <input type="hidden" name="quote" value={passage} />
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => setPassage(null)}
                >
                  Choose a paragraph instead
                </button>
              </div>
            ) : (
              <div className="field">
                <label htmlFor="note-block">Paragraph</label>
                <select id="note-block" name="block" required defaultValue="">
                  <option value="" disabled>
                    Choose a paragraph…
                  </option>
                  {blocks.map((block) => (
                    <option key={block.index} value={block.index}>
                      {`${block.index + 1}. ${block.label}`}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <div className="field">
              <label htmlFor="note-body">Note</label>
              <textarea
                ref={noteField}
                id="note-body"
                name="body"
                rows={3}
                maxLength={2000}
                required
                aria-describedby="note-body-hint"
                defaultValue={opening?.body}
              />
              <p id="note-body-hint" className="field-hint">
                Mention a colleague with @ and their name, e.g. @maya-okafor; they are e-mailed a
                link.
              </p>
            </div>
            <button
              type="submit"
              name="intent"
              value="note-open"
              className="button button-primary"
              disabled={busy}
            >
              Add note
            </button>
          </>
        )}
      </NoteForm>
      <p className="notes-status" role="status">
        {status}
      </p>
    </section>
  );
}
