/**
 * The link dialog (the image dialog: image-dialog.tsx): native <dialog> opened modally (Escape closes it,
 * the rest of the page is inert), rendered at the end of <body> so their forms
 * are not nested in the post form; focus goes back to the toolbar button.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import { ALLOWED_LINK_PROTOCOLS, normaliseUrl } from "~/domain/posts/link-protocols";

export function Modal({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: (headingId: string) => ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) dialog.showModal();
    if (!open && dialog.open) dialog.close();
  }, [open]);
  return createPortal(
    <dialog
      ref={ref}
      className="editor-dialog"
      aria-labelledby={headingId}
      onClose={onClose}
      onCancel={onClose}
    >
      {open ? children(headingId) : null}
    </dialog>,
    document.body,
  );
}

/** A form inside a dialog: submitting it never navigates; `onSubmit` gets the form. */
export function DialogForm({
  onSubmit,
  children,
  ...form
}: {
  id?: string;
  className?: string;
  onSubmit: (form: HTMLFormElement) => void;
  children: ReactNode;
}) {
  return (
    <form
      {...form}
      method="dialog"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit(event.currentTarget);
      }}
    >
      {children}
    </form>
  );
}

/** A dialog's Cancel button. */
export function CancelButton({ onClose }: { onClose: () => void }) {
  return (
    <button type="button" className="button" onClick={onClose}>
      Cancel
    </button>
  );
}

/** A dialog form's error line and buttons: submit, an optional remove, Cancel. */
export function DialogFooter({
  error,
  errorId,
  submit,
  remove,
  onClose,
}: {
  error: string;
  errorId: string;
  submit: string;
  remove?: { label: string; onClick: () => void };
  onClose: () => void;
}) {
  return (
    <>
      {error ? (
        <p id={errorId} className="editor-dialog-error" role="alert">
          {error}
        </p>
      ) : null}
      <div className="editor-dialog-actions">
        <button type="submit" className="button button-primary">
          {submit}
        </button>
        {remove ? (
          <button type="button" className="button" onClick={remove.onClick}>
            {remove.label}
          </button>
        ) : null}
        <button type="button" className="button" onClick={onClose}>
          Cancel
        </button>
      </div>
    </>
  );
}

export const LINK_PROTOCOL_MESSAGE = `Links must use one of these protocols: ${ALLOWED_LINK_PROTOCOLS.join(", ")}.`;

export function LinkDialog({
  open,
  initialUrl,
  canRemove,
  onApply,
  onRemove,
  onClose,
}: {
  open: boolean;
  initialUrl: string;
  canRemove: boolean;
  onApply: (url: string) => void;
  onRemove: () => void;
  onClose: () => void;
}) {
  const [error, setError] = useState("");
  const inputId = useId();
  const errorId = useId();
  useEffect(() => {
    if (open) setError("");
  }, [open]);
  return (
    <Modal open={open} onClose={onClose}>
      {(headingId) => (
        <DialogForm
          className="admin-form"
          onSubmit={(form) => {
            const raw = String(new FormData(form).get("url") ?? "").trim();
            // docs/behaviour.md §editor: a link is added only when the URL is not empty.
            if (!raw) {
              setError("Enter the link's URL.");
              return;
            }
            const url = normaliseUrl(raw, ALLOWED_LINK_PROTOCOLS);
            if (!url) {
              setError(LINK_PROTOCOL_MESSAGE);
              return;
            }
            onApply(url);
          }}
        >
          <h2 id={headingId}>Add Link</h2>
          <div className="field">
            <label htmlFor={inputId}>URL</label>
            <input
              id={inputId}
              name="url"
              type="text"
              inputMode="url"
              defaultValue={initialUrl}
              placeholder="https://"
              autoComplete="off"
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes focus, as dialogs do
              autoFocus
            />
          </div>
          <DialogFooter
            error={error}
            errorId={errorId}
            submit="Add Link"
            remove={canRemove ? { label: "Remove Link", onClick: onRemove } : undefined}
            onClose={onClose}
          />
        </DialogForm>
      )}
    </Modal>
  );
}
