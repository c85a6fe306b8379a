/**
 * How stored images with captions and credits, and galleries, are shown (docs/behaviour.md
 * §galleries):
 * - page: every credit reads "Photo: …"; each gallery image links to its full-size file (the
 *   original upload, which is what `src` stores), the link named by the image's alt text or, for a
 *   decorative image, "Image N of M, full size"; the grid itself is CSS (app/styles/galleries.css).
 * - e-mail and feed: no grid (mail clients drop it): each image on its own line, its caption and
 *   credit as text under it, then the gallery's caption.
 * - API and Markdown: the stored form, untouched.
 */

import { Text } from "domhandler";
import { textContent } from "domutils";
import {
  captionParts,
  element,
  isGallery,
  isImageFigure,
  replaceNode,
  setChildren,
} from "./galleries.server";
import {
  type ChildNode,
  type Document,
  type Element,
  findElements,
  hasClass,
  isTag,
} from "./html-tree.server";

export const CREDIT_LABEL = "Photo: ";

function labelCredits(root: Document) {
  for (const credit of findElements(
    root,
    (el) => el.name === "span" && hasClass(el, "ik-credit"),
  )) {
    const label = element("span", { class: "ik-credit-label" }, [new Text(CREDIT_LABEL)]);
    setChildren(credit, [label, ...credit.children]);
  }
}

function linkGalleryImages(gallery: Element) {
  const images = findElements(gallery, (el) => el.name === "img");
  images.forEach((img, i) => {
    const attribs: Record<string, string> = { href: img.attribs.src, class: "ik-gallery-link" };
    if ((img.attribs.alt ?? "").trim() === "") {
      attribs["aria-label"] = `Image ${i + 1} of ${images.length}, full size`;
    }
    const link = element("a", attribs);
    replaceNode(img, [link]);
    setChildren(link, [img]);
  });
}

/** One image as e-mail and feeds show it: the image, then its caption and credit as text. */
function stackedImage(figure: Element, email: boolean): ChildNode[] {
  const img = findElements(figure, (el) => el.name === "img")[0];
  if (!img) return [];
  if (email) img.attribs.style = "max-width:100%;height:auto;display:block";
  const out: ChildNode[] = [element("p", {}, [img])];
  const { caption, credit } = captionParts(figure);
  const lines: ChildNode[] = [];
  if (caption) lines.push(...caption.children.slice());
  if (credit) {
    if (lines.length > 0) lines.push(element("br", {}));
    lines.push(new Text(CREDIT_LABEL), ...credit.children.slice());
  }
  if (lines.length > 0) {
    out.push(element("p", { class: "ik-image-caption" }, [element("small", {}, lines)]));
  }
  return out;
}

function stackGallery(gallery: Element, email: boolean) {
  const out: ChildNode[] = [];
  for (const figure of findElements(gallery, isImageFigure))
    out.push(...stackedImage(figure, email));
  const caption = gallery.children.find((c): c is Element => isTag(c) && c.name === "figcaption");
  if (caption && textContent(caption).trim() !== "") {
    out.push(element("p", { class: "ik-gallery-caption" }, caption.children.slice()));
  }
  replaceNode(gallery, out);
}

/** The render step (pipeline.server.ts RENDER_STEPS); `target` as in RenderContext. */
export function renderGalleries(doc: Document, ctx: { target: string }): void {
  if (ctx.target === "page") {
    labelCredits(doc);
    for (const gallery of findElements(doc, isGallery)) linkGalleryImages(gallery);
    return;
  }
  if (ctx.target === "email" || ctx.target === "feed") {
    const email = ctx.target === "email";
    for (const gallery of findElements(doc, isGallery)) stackGallery(gallery, email);
    for (const figure of findElements(doc, isImageFigure)) {
      replaceNode(figure, stackedImage(figure, email));
    }
  }
}
