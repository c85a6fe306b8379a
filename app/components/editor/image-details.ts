/**
 * One image as the editor keeps it (a single image or a gallery's item) and its stored HTML
 * (docs/behaviour.md §galleries): a bare `<img>` when it has neither caption nor credit, otherwise
 * `<figure class="ik-image"><img …><figcaption><span class="ik-caption">…</span>
 * <span class="ik-credit">…</span></figcaption></figure>`. A decorative image is
 * `alt="" role="presentation"`.
 */

export type ImageDetails = {
  src: string;
  altText: string;
  /** The writer said the image is decorative: stored `alt="" role="presentation"`. */
  decorative?: boolean;
  caption?: string;
  credit?: string;
  width?: number;
  height?: number;
};

/** A gallery as the editor keeps it (gallery-node.tsx). */
export type Gallery = { columns: number; caption: string; images: ImageDetails[] };

function positiveInt(value: string | null): number | undefined {
  if (!value || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n > 0 ? n : undefined;
}

/** The details of an `<img>`, and of the figure around it when there is one. */
export function readImage(img: HTMLImageElement, figure?: Element | null): ImageDetails {
  const alt = img.getAttribute("alt") ?? "";
  const text = (selector: string) =>
    figure?.querySelector(`:scope > figcaption ${selector}`)?.textContent?.trim() ?? "";
  let caption = text(".ik-caption");
  const credit = text(".ik-credit");
  if (figure && !caption && !credit) {
    caption = figure.querySelector(":scope > figcaption")?.textContent?.trim() ?? "";
  }
  return {
    src: img.getAttribute("src") ?? "",
    altText: alt,
    decorative: alt === "" && img.getAttribute("role") === "presentation",
    ...(caption ? { caption } : {}),
    ...(credit ? { credit } : {}),
    width: positiveInt(img.getAttribute("width")),
    height: positiveInt(img.getAttribute("height")),
  };
}

/** The `<img>` of an image. */
export function imageElement(image: ImageDetails): HTMLImageElement {
  const img = document.createElement("img");
  img.setAttribute("src", image.src);
  img.setAttribute("alt", image.decorative ? "" : image.altText);
  if (image.width) img.setAttribute("width", String(image.width));
  if (image.height) img.setAttribute("height", String(image.height));
  if (image.decorative) img.setAttribute("role", "presentation");
  return img;
}

/** The image's stored element: a bare `<img>` or, with a caption or credit, its figure. */
export function imageFigure(image: ImageDetails, always = false): HTMLElement {
  const img = imageElement(image);
  const parts: HTMLElement[] = [];
  for (const [name, value] of [
    ["ik-caption", image.caption],
    ["ik-credit", image.credit],
  ] as const) {
    if (!value?.trim()) continue;
    const span = document.createElement("span");
    span.className = name;
    span.textContent = value.trim();
    parts.push(span);
  }
  if (parts.length === 0 && !always) return img;
  const figure = document.createElement("figure");
  figure.className = "ik-image";
  figure.append(img);
  if (parts.length > 0) {
    const figcaption = document.createElement("figcaption");
    parts.forEach((part, i) => {
      if (i > 0) figcaption.append(" ");
      figcaption.append(part);
    });
    figure.append(figcaption);
  }
  return figure;
}

/** What the editor shows of an image's caption and credit, as the page does. */
export function creditLine(image: ImageDetails): string {
  return image.credit?.trim() ? `Photo: ${image.credit.trim()}` : "";
}
