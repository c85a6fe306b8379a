/**
 * The image dialog (docs/behaviour.md §editor, §galleries): an image by URL or upload, with its
 * alternative text (required, or the explicit "This image is decorative"), caption and credit.
 * The same dialog edits an image already in the post and adds or edits a gallery's images.
 */
import { createCommand, type LexicalCommand } from "lexical";
import { useEffect, useId, useState } from "react";
import toast from "react-hot-toast";
import { ALLOWED_IMAGE_PROTOCOLS, normaliseUrl } from "~/domain/posts/link-protocols";
import { DialogForm, Modal } from "./dialogs";
import type { ImageDetails } from "./image-details";

/** Opens the image dialog for an image already in the post, or for a gallery's new image. */
export type ImageDialogRequest = {
  heading: string;
  initial?: ImageDetails;
  onSave: (image: ImageDetails) => void;
};

export const OPEN_IMAGE_DIALOG_COMMAND: LexicalCommand<ImageDialogRequest> =
  createCommand("OPEN_IMAGE_DIALOG");

export const ALT_REQUIRED =
  "Describe the image for people who cannot see it, or mark it as decorative.";

type UploadAnswer = { type?: string; message?: string; url?: string };

export function ImageDialog({
  open,
  heading = "Add Image",
  initial,
  uploadCollection,
  onInsert,
  onClose,
}: {
  open: boolean;
  heading?: string;
  initial?: ImageDetails;
  uploadCollection: "posts" | "newsletters";
  onInsert: (image: ImageDetails) => void;
  onClose: () => void;
}) {
  const [error, setError] = useState("");
  const [busy, setBusy] = useState(false);
  const [text, setText] = useState({ alt: "", caption: "", credit: "" });
  const [decorative, setDecorative] = useState(false);
  const ids = {
    url: useId(),
    alt: useId(),
    altHint: useId(),
    caption: useId(),
    credit: useId(),
    file: useId(),
    error: useId(),
  };
  useEffect(() => {
    if (open) {
      setError("");
      setBusy(false);
      setText({
        alt: initial?.decorative ? "" : (initial?.altText ?? ""),
        caption: initial?.caption ?? "",
        credit: initial?.credit ?? "",
      });
      setDecorative(initial?.decorative ?? false);
    }
  }, [open, initial]);

  /** The image with the dialog's text, or null (and the reason shown) when alt text is missing. */
  function details(src: string): ImageDetails | null {
    const altText = text.alt.trim();
    if (!decorative && !altText) {
      setError(ALT_REQUIRED);
      document.getElementById(ids.alt)?.focus();
      return null;
    }
    const same = initial?.src === src;
    return {
      src,
      altText: decorative ? "" : altText,
      decorative,
      caption: text.caption.trim(),
      credit: text.credit.trim(),
      ...(same ? { width: initial?.width, height: initial?.height } : {}),
    };
  }

  async function upload(form: HTMLFormElement) {
    const file = new FormData(form).get("file");
    if (!(file instanceof File) || file.size === 0) {
      setError("Choose an image to upload.");
      return;
    }
    if (!details("/")) return;
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
    const image = details(answer.url);
    if (image) onInsert(image);
  }

  const field = (key: "caption" | "credit", label: string, id: string) => (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        autoComplete="off"
        value={text[key]}
        onChange={(event) => setText({ ...text, [key]: event.target.value })}
      />
    </div>
  );

  const saveLabel = initial ? "Save Image" : "Add Image";
  return (
    <Modal open={open} onClose={onClose}>
      {(headingId) => (
        <div className="editor-image-dialog admin-form">
          <h2 id={headingId}>{heading}</h2>
          <div className="field">
            <label htmlFor={ids.alt}>Alternative text (required)</label>
            <input
              id={ids.alt}
              type="text"
              autoComplete="off"
              value={text.alt}
              disabled={decorative}
              aria-describedby={
                error === ALT_REQUIRED ? `${ids.altHint} ${ids.error}` : ids.altHint
              }
              aria-invalid={error === ALT_REQUIRED ? true : undefined}
              onChange={(event) => setText({ ...text, alt: event.target.value })}
              // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes focus, as dialogs do
              autoFocus
            />
            <p id={ids.altHint} className="hint">
              What the image shows, for people who cannot see it.
            </p>
          </div>
          <label className="check">
            <input
              type="checkbox"
              checked={decorative}
              onChange={(event) => {
                setDecorative(event.target.checked);
                if (event.target.checked && error === ALT_REQUIRED) setError("");
              }}
            />
            This image is decorative (it needs no description)
          </label>
          {field("caption", "Caption", ids.caption)}
          {field("credit", "Credit (shown as “Photo: …”)", ids.credit)}
          <DialogForm
            onSubmit={(form) => {
              const raw = String(new FormData(form).get("url") ?? "").trim();
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
              const image = details(src);
              if (image) onInsert(image);
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
                  defaultValue={initial?.src ?? ""}
                />
              </div>
              <button type="submit" className="button button-primary">
                {saveLabel}
              </button>
            </fieldset>
          </DialogForm>
          <DialogForm onSubmit={(form) => void upload(form)}>
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
