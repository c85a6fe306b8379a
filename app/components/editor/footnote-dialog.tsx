/**
 * The footnote dialog (docs/behaviour.md §footnotes): the note's text, written as plain text
 * (a blank line starts a new paragraph). A note that already has markup (a link typed in HTML)
 * keeps it unless its text is changed.
 */
import { useId, useState } from "react";
import { escapeText } from "~/utils/escape";
import { DialogFooter, DialogForm, Modal } from "./dialogs";

/** Plain text as note HTML: paragraphs at blank lines, line breaks as `<br>`. */
export function noteFromText(text: string): string {
  return text
    .trim()
    .split(/\n\s*\n/)
    .map((para) => `<p>${escapeText(para.trim()).replace(/\s*\n\s*/g, "<br>")}</p>`)
    .join("");
}

/** A note's HTML as the text the dialog shows. */
export function noteToText(html: string): string {
  if (!html) return "";
  const doc = new DOMParser().parseFromString(html, "text/html");
  for (const br of Array.from(doc.querySelectorAll("br"))) br.replaceWith("\n");
  const blocks = Array.from(doc.body.children);
  return (blocks.length > 0 ? blocks.map((b) => b.textContent ?? "") : [doc.body.textContent ?? ""])
    .map((t) => t.trim())
    .join("\n\n");
}

export function FootnoteDialog({
  open,
  number,
  note,
  onSave,
  onRemove,
  onClose,
}: {
  open: boolean;
  /** The footnote's number, or null for a new one. */
  number: number | null;
  note: string;
  onSave: (html: string) => void;
  onRemove?: () => void;
  onClose: () => void;
}) {
  const [error, setError] = useState("");
  const inputId = useId();
  const errorId = useId();
  return (
    <Modal
      open={open}
      onClose={() => {
        setError("");
        onClose();
      }}
    >
      {(headingId) => (
        <DialogForm
          className="admin-form"
          onSubmit={(form) => {
            const text = String(new FormData(form).get("note") ?? "").trim();
            if (!text) {
              setError("Write the note's text.");
              return;
            }
            setError("");
            onSave(text === noteToText(note) ? note : noteFromText(text));
          }}
        >
          <h2 id={headingId}>{number === null ? "Add Footnote" : `Footnote ${number}`}</h2>
          <div className="field">
            <label htmlFor={inputId}>Note</label>
            <textarea
              id={inputId}
              name="note"
              rows={4}
              defaultValue={noteToText(note)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes focus, as dialogs do
              autoFocus
            />
          </div>
          <DialogFooter
            error={error}
            errorId={errorId}
            submit={number === null ? "Add Footnote" : "Save Note"}
            remove={onRemove ? { label: "Remove Footnote", onClick: onRemove } : undefined}
            onClose={onClose}
          />
        </DialogForm>
      )}
    </Modal>
  );
}
