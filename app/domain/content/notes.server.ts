/**
 * Editorial notes in stored content (docs/behaviour.md §editorial-notes): a passage a note is
 * about is wrapped in `<mark class="ik-note" data-note="THREAD_ID">`, so the note moves with its
 * text through edits, saves and revisions. Readers never get it: the render step unwraps every
 * such mark (keeping the text) for every target, and `stripNotes` does the same for stored content
 * that leaves the site without a render (exports, a post turned into a newsletter).
 */
import {
  type ChildNode,
  type Document,
  type Element,
  findElements,
  hasClass,
  parseHtml,
  serializeHtml,
} from "./html-tree.server";

/** Whether `el` is a note's anchor. */
export function isNoteMark(el: Element): boolean {
  return el.name === "mark" && hasClass(el, "ik-note");
}

/** Replaces `el` by its children, in place. */
function unwrap(el: Element) {
  const parent = el.parent;
  if (!parent) return;
  const siblings = parent.children;
  const at = siblings.indexOf(el);
  const children: ChildNode[] = el.children;
  for (const child of children) child.parent = parent;
  siblings.splice(at, 1, ...children);
  // Keep the sibling links right for later walkers.
  for (let i = 0; i < siblings.length; i++) {
    const node = siblings[i] as ChildNode;
    node.prev = (siblings[i - 1] as ChildNode | undefined) ?? null;
    node.next = (siblings[i + 1] as ChildNode | undefined) ?? null;
  }
}

/** Render step: every note anchor unwrapped, for every target. */
export function unwrapNotes(doc: Document): void {
  // Innermost first is not needed: unwrapping keeps the nested marks, found in the same list.
  for (const mark of findElements(doc, isNoteMark)) unwrap(mark);
}

/** Stored content without its note anchors (the text kept); content without any is returned as is. */
export function stripNotes(html: string): string {
  if (!html.includes("ik-note")) return html;
  const doc = parseHtml(html);
  unwrapNotes(doc);
  return serializeHtml(doc);
}

/** The thread ids anchored in stored content. */
export function anchoredNoteIds(html: string): Set<number> {
  const ids = new Set<number>();
  if (!html.includes("ik-note")) return ids;
  for (const mark of findElements(parseHtml(html), isNoteMark)) {
    const id = Number(mark.attribs["data-note"]);
    if (Number.isSafeInteger(id) && id > 0) ids.add(id);
  }
  return ids;
}
