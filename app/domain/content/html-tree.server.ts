/**
 * Post HTML as a tree, for the content blocks' save and render steps (docs/behaviour.md §editor):
 * one parse and one serialisation per pass, however many blocks look at it.
 */

import render from "dom-serializer";
import type { AnyNode, ChildNode, Document, Element } from "domhandler";
import { isTag, isText } from "domhandler";
import { parseDocument } from "htmlparser2";

export type { AnyNode, ChildNode, Document, Element };
export { isTag, isText };

export function parseHtml(html: string): Document {
  return parseDocument(html, { decodeEntities: true });
}

/** HTML as browsers write it: `<br>`, attribute values quoted, text entities kept minimal. */
export function serializeHtml(doc: Document | AnyNode[]): string {
  return render(doc, { encodeEntities: "utf8", selfClosingTags: false, emptyAttrs: true });
}

/** Every element below `root`, in document order, that `match` accepts. */
export function findElements(root: Document | Element, match: (el: Element) => boolean): Element[] {
  const found: Element[] = [];
  const walk = (nodes: ChildNode[]) => {
    for (const node of nodes) {
      if (!isTag(node)) continue;
      if (match(node)) found.push(node);
      walk(node.children);
    }
  };
  walk(root.children);
  return found;
}

/** The class names of an element. */
export function classesOf(el: Element): string[] {
  return (el.attribs.class ?? "").split(/\s+/).filter(Boolean);
}

export function hasClass(el: Element, name: string): boolean {
  return classesOf(el).includes(name);
}
