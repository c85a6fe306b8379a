/**
 * The gallery lightbox on the post page (docs/behaviour.md §galleries). Without JavaScript a
 * gallery image is a link to its full-size file; with it, following that link opens the image in
 * a modal `<dialog>` instead: its caption and credit under it, "Image N of M", Previous and Next
 * buttons (and the Left and Right arrow keys, wrapping at the ends), a visible Close button and
 * Escape. Closing returns focus to the link of the image last shown.
 */
import { useCallback, useEffect, useId, useRef, useState } from "react";

type Slide = {
  link: HTMLAnchorElement;
  href: string;
  alt: string;
  caption: string;
  credit: string;
};

const LINK = ".ik-gallery a.ik-gallery-link";

function slidesOf(gallery: Element): Slide[] {
  return Array.from(gallery.querySelectorAll<HTMLAnchorElement>(LINK)).map((link) => {
    const figure = link.closest("figure.ik-image");
    const text = (selector: string) => figure?.querySelector(selector)?.textContent?.trim() ?? "";
    return {
      link,
      href: link.href,
      alt: link.querySelector("img")?.getAttribute("alt") ?? "",
      caption: text(".ik-caption"),
      credit: text(".ik-credit"),
    };
  });
}

export function Lightbox() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [slides, setSlides] = useState<Slide[]>([]);
  const [index, setIndex] = useState(0);
  const [open, setOpen] = useState(false);
  const headingId = useId();
  const current = slides[index];

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = (event.target as Element | null)?.closest?.<HTMLAnchorElement>(LINK);
      const gallery = link?.closest(".ik-gallery");
      if (!link || !gallery) return;
      const all = slidesOf(gallery);
      const at = all.findIndex((slide) => slide.link === link);
      if (at < 0) return;
      event.preventDefault();
      setSlides(all);
      setIndex(at);
      setOpen(true);
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, []);

  // Opened once its content is on the page, so focus lands on its first button (Close).
  useEffect(() => {
    if (open && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [open]);

  const step = useCallback(
    (by: number) => setIndex((i) => (slides.length ? (i + by + slides.length) % slides.length : 0)),
    [slides.length],
  );

  const close = () => dialog.current?.close();

  return (
    <dialog
      ref={dialog}
      className="lightbox"
      aria-labelledby={headingId}
      onClose={() => {
        setOpen(false);
        const link = slides[index]?.link;
        if (link?.isConnected) link.focus();
      }}
      onKeyDown={(event) => {
        if (event.key === "ArrowRight") {
          event.preventDefault();
          step(1);
        } else if (event.key === "ArrowLeft") {
          event.preventDefault();
          step(-1);
        }
      }}
    >
      {current ? (
        <div className="lightbox-frame">
          <div className="lightbox-bar">
            <h2 id={headingId} className="lightbox-count" aria-live="polite">
              Image {index + 1} of {slides.length}
            </h2>
            <button type="button" className="button lightbox-close" onClick={close}>
              Close
            </button>
          </div>
          <figure className="lightbox-figure">
            <img src={current.href} alt={current.alt} />
            {current.caption || current.credit ? (
              <figcaption>
                {current.caption ? <span className="ik-caption">{current.caption}</span> : null}
                {current.caption && current.credit ? " " : null}
                {current.credit ? <span className="ik-credit">{current.credit}</span> : null}
              </figcaption>
            ) : null}
          </figure>
          {slides.length > 1 ? (
            <div className="lightbox-nav">
              <button type="button" className="button" onClick={() => step(-1)}>
                <span aria-hidden="true">← </span>Previous image
              </button>
              <button type="button" className="button" onClick={() => step(1)}>
                Next image<span aria-hidden="true"> →</span>
              </button>
            </div>
          ) : null}
        </div>
      ) : null}
    </dialog>
  );
}
