/**
 * Images with captions and credits, and galleries (docs/behaviour.md §galleries): the save step
 * that brings whatever the editor, the plain field or an API client sent to the one stored form.
 *
 *   <figure class="ik-image"><img src alt width height><figcaption><span class="ik-caption">…</span>
 *   <span class="ik-credit">…</span></figcaption></figure>
 *   <figure class="ik-gallery" data-columns="2|3|4"><ul class="ik-gallery-grid"><li>(an ik-image
 *   figure)</li>…</ul><figcaption>…</figcaption></figure>
 *
 * Columns are clamped to 2–4 (3 when missing), empty captions and credits are dropped, an image
 * figure without an image and a gallery without images are removed. A decorative image is stored
 * `alt="" role="presentation"`; no other image keeps a `role`.
 */

import { Element, Text } from "domhandler";
import { textContent } from "domutils";
import {
  type ChildNode,
  type Document,
  findElements,
  hasClass,
  isTag,
  isText,
} from "./html-tree.server";

export const MIN_COLUMNS = 2;
export const MAX_COLUMNS = 4;
export const DEFAULT_COLUMNS = 3;

export const isImageFigure = (el: Element) => el.name === "figure" && hasClass(el, "ik-image");
export const isGallery = (el: Element) => el.name === "figure" && hasClass(el, "ik-gallery");

/** The number of columns a gallery is shown in, from whatever `data-columns` says. */
export function clampColumns(value: string | undefined): number {
  const n = Number.parseInt(value ?? "", 10);
  if (Number.isNaN(n)) return DEFAULT_COLUMNS;
  return Math.min(MAX_COLUMNS, Math.max(MIN_COLUMNS, n));
}

/** Whether an element says nothing a reader would see (no text, no image). */
export function isBlank(el: Element): boolean {
  return textContent(el).trim() === "" && findElements(el, (e) => e.name === "img").length === 0;
}

/** `children` become `parent`'s children, moved from wherever they were. */
export function setChildren(parent: Element, children: ChildNode[]) {
  for (const child of children) {
    if (child.parent && child.parent !== parent) {
      const siblings = child.parent.children;
      siblings.splice(siblings.indexOf(child), 1);
    }
    child.parent = parent;
  }
  parent.children = children;
  children.forEach((child, i) => {
    child.prev = children[i - 1] ?? null;
    child.next = children[i + 1] ?? null;
  });
}

/** A new element with `children` moved into it. */
export function element(
  name: string,
  attribs: Record<string, string>,
  children: ChildNode[] = [],
): Element {
  const el = new Element(name, attribs);
  setChildren(el, children);
  return el;
}

/** `old` gives way to `next` (none: removed). */
export function replaceNode(old: ChildNode, next: ChildNode[]) {
  const parent = old.parent;
  if (!parent) return;
  const siblings = parent.children.slice();
  siblings.splice(siblings.indexOf(old), 1, ...next);
  old.parent = null;
  setChildren(parent as Element, siblings);
}

export function removeNode(node: ChildNode) {
  replaceNode(node, []);
}

function spanOf(caption: Element, name: string): Element | undefined {
  return findElements(caption, (el) => el.name === "span" && hasClass(el, name))[0];
}

/** The caption and credit of an image figure (either may be missing). */
export function captionParts(figure: Element): { caption?: Element; credit?: Element } {
  const figcaption = figure.children.find((c): c is Element => isTag(c) && c.name === "figcaption");
  if (!figcaption) return {};
  const caption = spanOf(figcaption, "ik-caption");
  const credit = spanOf(figcaption, "ik-credit");
  if (!caption && !credit && !isBlank(figcaption)) {
    // A hand-written <figcaption> without the spans: all of it is the caption.
    return { caption: element("span", { class: "ik-caption" }, figcaption.children.slice()) };
  }
  return { caption, credit };
}

/** An image figure in the stored form; false when it holds no image. */
function normaliseImageFigure(figure: Element): boolean {
  const img = findElements(figure, (el) => el.name === "img")[0];
  if (!img) return false;
  const { caption, credit } = captionParts(figure);
  const parts = [caption, credit].filter((p): p is Element => p !== undefined && !isBlank(p));
  for (const part of parts) trimEdges(part);
  const children: ChildNode[] = [img];
  if (parts.length > 0) {
    const inner: ChildNode[] = parts.length === 2 ? [parts[0], new Text(" "), parts[1]] : parts;
    children.push(element("figcaption", {}, inner));
  }
  figure.attribs = { class: figure.attribs.class ?? "ik-image" };
  setChildren(figure, children);
  return true;
}

/** Leading and trailing white space inside a caption or credit is dropped. */
function trimEdges(el: Element) {
  const first = el.children[0];
  if (first && isText(first)) first.data = first.data.replace(/^\s+/, "");
  const last = el.children[el.children.length - 1];
  if (last && isText(last)) last.data = last.data.replace(/\s+$/, "");
}

/** A gallery in the stored form; false when it holds no image. */
function normaliseGallery(gallery: Element): boolean {
  const ownCaption = gallery.children.find(
    (c): c is Element => isTag(c) && c.name === "figcaption",
  );
  const items: Element[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isTag(node) || node === ownCaption) continue;
      if (isImageFigure(node)) {
        if (findElements(node, (el) => el.name === "img").length > 0) items.push(node);
      } else if (node.name === "img") {
        items.push(element("figure", { class: "ik-image" }, [node]));
      } else if (!(node.name === "figcaption")) {
        walk(node.children);
      }
    }
  };
  walk(gallery.children);
  if (items.length === 0) return false;
  const grid = element(
    "ul",
    { class: "ik-gallery-grid" },
    items.map((item) => element("li", {}, [item])),
  );
  const children: ChildNode[] = [grid];
  if (ownCaption && !isBlank(ownCaption)) {
    ownCaption.attribs = {};
    trimEdges(ownCaption);
    children.push(ownCaption);
  }
  gallery.attribs = {
    class: gallery.attribs.class ?? "ik-gallery",
    "data-columns": String(clampColumns(gallery.attribs["data-columns"])),
  };
  setChildren(gallery, children);
  return true;
}

const INLINE = new Set([
  "a",
  "b",
  "br",
  "code",
  "del",
  "em",
  "i",
  "img",
  "mark",
  "s",
  "span",
  "strong",
  "sub",
  "sup",
  "u",
]);

const isEmptyParagraph = (node: ChildNode | null): node is Element =>
  node !== null && isTag(node) && node.name === "p" && node.children.length === 0;

/**
 * The editor keeps a captioned image inside its paragraph (`<p>text<figure>…</figure>more</p>`);
 * HTML closes the paragraph at the figure, leaving `<p>text</p><figure>…</figure>more<p></p>`.
 * The text after the figure goes back into a paragraph of its own and the empty ones go.
 */
function repairSplitParagraphs(doc: Document) {
  const figures = findElements(doc, (el) => isImageFigure(el) || isGallery(el));
  for (const figure of figures) {
    if (isEmptyParagraph(figure.prev)) removeNode(figure.prev);
    const stray: ChildNode[] = [];
    let node = figure.next;
    while (node && (isText(node) || (isTag(node) && INLINE.has(node.name)))) {
      stray.push(node);
      node = node.next;
    }
    if (!isEmptyParagraph(node)) continue;
    if (stray.every((n) => isText(n) && n.data.trim() === "")) {
      for (const n of stray) removeNode(n);
      removeNode(node);
    } else {
      setChildren(node, stray);
    }
  }
}

/**
 * An image's `role` is kept only as the decorative marker: `role="presentation"` with `alt=""`.
 * (Other elements' roles are the footnotes' rule: anchors.ts keepSafeAnchors.)
 */
function keepDecorativeMarker(doc: Document) {
  for (const el of findElements(doc, (e) => e.name === "img" && e.attribs.role !== undefined)) {
    const decorative = el.attribs.role === "presentation" && el.attribs.alt === "";
    if (!decorative) delete el.attribs.role;
  }
  for (const el of findElements(doc, (e) => e.attribs["data-columns"] !== undefined)) {
    if (!isGallery(el)) delete el.attribs["data-columns"];
  }
}

/** The save step (pipeline.server.ts SAVE_STEPS). */
export function saveGalleries(doc: Document): void {
  repairSplitParagraphs(doc);
  for (const gallery of findElements(doc, isGallery)) {
    if (!normaliseGallery(gallery)) removeNode(gallery);
  }
  for (const figure of findElements(doc, isImageFigure)) {
    if (!normaliseImageFigure(figure)) removeNode(figure);
  }
  keepDecorativeMarker(doc);
}
