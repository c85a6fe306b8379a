/**
 * What a writer sees of a gallery in the editor (docs/behaviour.md §galleries): its images in
 * order, each with Edit (the image dialog: alt text, caption, credit), "Move earlier", "Move later"
 * and Remove; Add image; the number of columns and the gallery's caption. Images also reorder by
 * dragging one onto another. After a move, focus stays on the moved image's button.
 */
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { useEffect, useId, useRef, useState } from "react";
import { creditLine, type Gallery, type ImageDetails } from "./image-details";
import { OPEN_IMAGE_DIALOG_COMMAND } from "./image-dialog";

/** `list` with the item at `from` moved to `to`. */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const next = list.slice();
  const [item] = next.splice(from, 1);
  next.splice(Math.max(0, Math.min(next.length, to)), 0, item);
  return next;
}

const nameOf = (image: ImageDetails, i: number) =>
  image.decorative || !image.altText ? `image ${i + 1}` : `image ${i + 1}, ${image.altText}`;

export function GalleryEditor({
  gallery,
  onChange,
}: {
  gallery: Gallery;
  /** The gallery changed; null removes it. */
  onChange: (next: Gallery | null) => void;
}) {
  const [editor] = useLexicalComposerContext();
  const root = useRef<HTMLDivElement>(null);
  const [dragging, setDragging] = useState<number | null>(null);
  const [focusAfter, setFocusAfter] = useState<{ index: number; action: string } | null>(null);
  const ids = { heading: useId(), columns: useId(), caption: useId() };
  const { images } = gallery;

  useEffect(() => {
    if (!focusAfter || !root.current) return;
    const item =
      root.current.querySelectorAll<HTMLElement>(".editor-gallery-item")[focusAfter.index];
    // A move to either end disables the button used: focus goes to the other direction's.
    const other = focusAfter.action === "earlier" ? "later" : "earlier";
    const target = [focusAfter.action, other, "edit"]
      .map((action) => item?.querySelector<HTMLButtonElement>(`[data-action="${action}"]`))
      .find((button) => button && !button.disabled);
    target?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  const update = (next: Partial<Gallery>) => onChange({ ...gallery, ...next });
  const move = (from: number, to: number, action: string) => {
    if (to < 0 || to >= images.length || from === to) return;
    update({ images: moveItem(images, from, to) });
    setFocusAfter({ index: to, action });
  };
  const openDialog = (
    heading: string,
    initial: ImageDetails | undefined,
    save: (image: ImageDetails) => void,
  ) => editor.dispatchCommand(OPEN_IMAGE_DIALOG_COMMAND, { heading, initial, onSave: save });

  return (
    <section className="editor-gallery editor-chrome" ref={root} aria-labelledby={ids.heading}>
      <div className="editor-gallery-head">
        <p id={ids.heading} className="editor-gallery-title">
          Gallery ({images.length} {images.length === 1 ? "image" : "images"})
        </p>
        <div className="editor-gallery-setting">
          <label htmlFor={ids.columns}>Columns</label>
          <select
            id={ids.columns}
            value={gallery.columns}
            onChange={(event) => update({ columns: Number(event.target.value) })}
          >
            {[2, 3, 4].map((n) => (
              <option key={n} value={n}>
                {n}
              </option>
            ))}
          </select>
        </div>
        <button type="button" className="button" onClick={() => onChange(null)}>
          Remove gallery
        </button>
      </div>
      <ol className="editor-gallery-items" data-columns={gallery.columns}>
        {images.map((image, i) => (
          <li
            // Images may repeat; the position and address together tell them apart.
            key={`${i}-${image.src}`}
            className={`editor-gallery-item${dragging === i ? " is-dragging" : ""}`}
            draggable
            onDragStart={(event) => {
              setDragging(i);
              event.dataTransfer.effectAllowed = "move";
              event.dataTransfer.setData("application/x-inkwell-gallery-item", String(i));
            }}
            onDragEnd={() => setDragging(null)}
            onDragOver={(event) => {
              if (dragging === null) return;
              event.preventDefault();
              event.dataTransfer.dropEffect = "move";
            }}
            onDrop={(event) => {
              event.preventDefault();
              if (dragging !== null) move(dragging, i, "edit");
              setDragging(null);
            }}
          >
            <img
              src={image.src}
              alt={image.decorative ? "" : image.altText}
              draggable={false}
              width={image.width}
              height={image.height}
            />
            {image.caption || image.credit ? (
              <p className="editor-gallery-caption">
                {image.caption}
                {image.caption && image.credit ? " " : null}
                {image.credit ? (
                  <span className="editor-image-credit">{creditLine(image)}</span>
                ) : null}
              </p>
            ) : null}
            {!image.decorative && !image.altText ? (
              <p className="editor-gallery-warning">No alt text</p>
            ) : null}
            <div className="editor-gallery-actions">
              {(
                [
                  ["edit", "Edit", false],
                  ["earlier", "Move earlier", i === 0],
                  ["later", "Move later", i === images.length - 1],
                  ["remove", "Remove", false],
                ] as const
              ).map(([action, label, disabled]) => (
                <button
                  key={action}
                  type="button"
                  className="button"
                  data-action={action}
                  disabled={disabled}
                  onClick={() => {
                    if (action === "earlier") move(i, i - 1, action);
                    else if (action === "later") move(i, i + 1, action);
                    else if (action === "remove") {
                      const rest = images.filter((_, j) => j !== i);
                      onChange(rest.length ? { ...gallery, images: rest } : null);
                    } else {
                      openDialog("Edit Gallery Image", image, (next) =>
                        update({ images: images.map((old, j) => (j === i ? next : old)) }),
                      );
                    }
                  }}
                >
                  {label}
                  <span className="visually-hidden"> {nameOf(image, i)}</span>
                </button>
              ))}
            </div>
          </li>
        ))}
      </ol>
      <div className="editor-gallery-foot">
        <button
          type="button"
          className="button"
          onClick={() =>
            openDialog("Add Gallery Image", undefined, (image) =>
              update({ images: [...images, image] }),
            )
          }
        >
          Add image
        </button>
        <div className="editor-gallery-setting editor-gallery-caption-field">
          <label htmlFor={ids.caption}>Gallery caption</label>
          <input
            id={ids.caption}
            type="text"
            autoComplete="off"
            defaultValue={gallery.caption}
            onBlur={(event) => {
              if (event.target.value.trim() !== gallery.caption) {
                update({ caption: event.target.value.trim() });
              }
            }}
          />
        </div>
      </div>
    </section>
  );
}
