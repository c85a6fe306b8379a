/**
 * Headings and the contents box (docs/behaviour.md §footnotes). Saving gives every h2 and h3 an
 * id from its text (anchors.ts `headingIds`: unique in the post, kept across saves while the text
 * keeps its slug). Rendering fills each stored `<nav class="ik-contents"></nav>` with a nested
 * list of the post's h2 (and the h3 under each), linking to those ids; in an e-mail or a feed the
 * links go to the post's page when its address is known.
 */
import { removeElement, replaceElement } from "domutils";
import { escapeHtml } from "~/utils/escape";
import { headingIds } from "./anchors";
import {
  type ChildNode,
  type Document,
  type Element,
  findElements,
  hasClass,
  isTag,
  isText,
  parseHtml,
} from "./html-tree.server";

/** What the render steps here read of the render context (pipeline.server.ts RenderContext). */
export type LinkContext = { target: string; pageUrl?: string };

const isHeading = (el: Element) => el.name === "h2" || el.name === "h3";

/** Headings outside a contents box and the notes list: the post's own sections. */
function sectionHeadings(doc: Document): Element[] {
  const skipped = (el: Element) => el.name === "nav" || hasClass(el, "ik-footnotes");
  const found: Element[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isTag(node) || skipped(node)) continue;
      const el = node;
      if (isHeading(el)) found.push(el);
      else walk(el.children);
    }
  };
  walk(doc.children);
  return found;
}

/** A heading's text as the editor counts it: footnote numbers left out, a line break a space. */
export function headingText(heading: Element): string {
  let text = "";
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (isText(node)) text += node.data;
      else if (!isTag(node)) continue;
      else if (node.name === "br") text += " ";
      else if (!hasClass(node, "ik-fnref")) walk(node.children);
    }
  };
  walk(heading.children);
  return text;
}

/** Save step: h2/h3 ids. */
export function headingIdsStep(doc: Document): void {
  const headings = sectionHeadings(doc);
  const ids = headingIds(headings.map((h) => ({ text: headingText(h), id: h.attribs.id })));
  headings.forEach((h, i) => {
    const { id: _old, ...rest } = h.attribs;
    // The id comes first, as the editor writes it.
    h.attribs = { id: ids[i] as string, ...rest };
  });
}

/** Where a fragment link points for `ctx.target`: the page itself, or the post's address outside it. */
export function fragmentHref(id: string, ctx: LinkContext): string {
  const outside = ctx.target === "email" || ctx.target === "feed";
  return outside && ctx.pageUrl ? `${ctx.pageUrl}#${id}` : `#${id}`;
}

/** Render step: fills the contents boxes; a box with no headings to list is removed. */
export function contentsStep(doc: Document, ctx: LinkContext): void {
  const boxes = findElements(doc, (el) => el.name === "nav" && hasClass(el, "ik-contents"));
  if (boxes.length === 0) return;
  const link = (h: Element) =>
    `<a href="${escapeHtml(fragmentHref(h.attribs.id ?? "", ctx))}">${escapeHtml(headingText(h).trim())}</a>`;
  let html = "";
  let openH3 = false;
  let openH2 = false;
  for (const h of sectionHeadings(doc).filter((el) => el.attribs.id)) {
    if (h.name === "h2") {
      if (openH3) html += "</ol>";
      if (openH2) html += "</li>";
      html += `<li>${link(h)}`;
      openH2 = true;
      openH3 = false;
    } else {
      // An h3 before any h2 is listed at the top level.
      if (!openH2) {
        html += `<li>${link(h)}</li>`;
        continue;
      }
      if (!openH3) html += "<ol>";
      html += `<li>${link(h)}</li>`;
      openH3 = true;
    }
  }
  if (openH3) html += "</ol>";
  if (openH2) html += "</li>";
  for (const box of boxes) {
    if (html === "") {
      removeElement(box);
      continue;
    }
    const filled = parseHtml(
      `<nav class="ik-contents" aria-label="Contents"><p class="ik-contents-title">Contents</p><ol>${html}</ol></nav>`,
    ).children[0] as Element;
    replaceElement(box, filled);
  }
}
