/**
 * The link and image dialogs: native <dialog> opened modally (Escape closes it,
 * the rest of the page is inert), rendered at the end of <body> so their forms
 * are not nested in the post form; focus goes back to the toolbar button.
 */
import { type ReactNode, useEffect, useId, useRef, useState } from "react";
import { createPortal } from "react-dom";
import toast from "react-hot-toast";
import {
  ALLOWED_IMAGE_PROTOCOLS,
  ALLOWED_LINK_PROTOCOLS,
  normaliseUrl,
} from "~/domain/posts/link-protocols";

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

type UploadAnswer = { type?: string; message?: string; url?: string };

export function ImageDialog({
  open,
  uploadCollection,
  onInsert,
  onClose,
}: {
  open: boolean;
  uploadCollection: "posts" | "newsletters";
  onInsert: (image: { src: string; altText: string }) => void;
  onClose: () => void;
}) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const ids = { url: useId(), alt: useId(), file: useId(), error: useId() };
  useEffect(() => {
    if (open) {
      setError("");
      setBusy(false);
    }
  }, [open]);

  async function upload(form: HTMLFormElement) {
    const data = new FormData(form);
    const file = data.get("file");
    const altText = String(data.get("alt") ?? "").trim();
    if (!(file instanceof File) || file.size === 0) {
      setError("Choose an image to upload.");
      return;
    }
    const body = new FormData();
    body.set("file", file);
    body.set("collection", uploadCollection);
    setBusy(true);
    setError("");
    let answer: UploadAnswer;
    try {
      const response = await fetch("/upload/image", {
        method: "POST",
        body,
        credentials: "same-origin",
      });
      answer = (await response.json().catch(() => ({}))) as UploadAnswer;
    } catch {
      // docs/behaviour.md §editor: the request itself failed.
      setBusy(false);
      setError("Error uploading image.");
      toast.error("Error uploading image.");
      return;
    }
    setBusy(false);
    // docs/behaviour.md §editor: the upload fails when the answer carries no url.
    if (!answer.url || answer.type === "error") {
      const reason = answer.message ? `: ${answer.message}` : "";
      setError(`Failed to upload image${reason}`);
      toast.error("Failed to upload image");
      return;
    }
    toast.success("Image uploaded successfully");
    onInsert({ src: answer.url, altText });
  }

  return (
    <Modal open={open} onClose={onClose}>
      {(headingId) => (
        <div className="editor-image-dialog admin-form">
          <h2 id={headingId}>Add Image</h2>
          <div className="field">
            <label htmlFor={ids.alt}>Alternative text</label>
            <input
              id={ids.alt}
              name="alt"
              form={`${ids.file}-form`}
              type="text"
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes focus, as dialogs do
              autoFocus
            />
          </div>
          <DialogForm
            id={`${ids.url}-form`}
            onSubmit={(form) => {
              const raw = String(new FormData(form).get("url") ?? "").trim();
              const altInput = document.getElementById(ids.alt) as HTMLInputElement | null;
              // docs/behaviour.md §editor: an image is added only when the URL is not empty.
              if (!raw) {
                setError("Enter the image's URL.");
                return;
              }
              const src = normaliseUrl(raw, ALLOWED_IMAGE_PROTOCOLS);
              if (!src) {
                setError(
                  "Image URLs must start with http:// or https:// (or be a path on this site).",
                );
                return;
              }
              onInsert({ src, altText: altInput?.value.trim() ?? "" });
            }}
          >
            <fieldset>
              <legend>By URL</legend>
              <div className="field">
                <label htmlFor={ids.url}>Image URL</label>
                <input
                  id={ids.url}
                  name="url"
                  type="text"
                  inputMode="url"
                  placeholder="https://"
                  autoComplete="off"
                />
              </div>
              <button type="submit" className="button button-primary">
                Add Image
              </button>
            </fieldset>
          </DialogForm>
          <DialogForm id={`${ids.file}-form`} onSubmit={(form) => void upload(form)}>
            <fieldset disabled={busy}>
              <legend>From your computer</legend>
              <div className="field">
                <label htmlFor={ids.file}>Image file</label>
                <input id={ids.file} name="file" type="file" accept="image/*" />
              </div>
              <button type="submit" className="button button-primary">
                {busy ? "Uploading…" : "Upload Image"}
              </button>
            </fieldset>
          </DialogForm>
          {error ? (
            <p id={ids.error} className="editor-dialog-error" role="alert">
              {error}
            </p>
          ) : null}
          <div className="editor-dialog-actions">
            <button type="button" className="button" onClick={onClose}>
              Cancel
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}
