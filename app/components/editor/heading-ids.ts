/**
 * Heading ids in the editor (docs/behaviour.md §footnotes): an h2/h3 loaded with an id keeps it
 * (as node state), and the export writes the ids the server's save step would give
 * (app/domain/content/anchors.ts `headingIds`), so the editor's HTML is stored unchanged and a
 * heading keeps its address from one save to the next.
 */
import { $createHeadingNode, HeadingNode } from "@lexical/rich-text";
import {
  $getRoot,
  $getState,
  $setState,
  createState,
  type DOMConversionOutput,
  type DOMExportOutput,
  type HTMLConfig,
  isHTMLElement,
  type LexicalEditor,
  type LexicalNode,
} from "lexical";
import { headingIds } from "~/domain/content/anchors";

const headingId = createState("headingId", {
  parse: (value) => (typeof value === "string" ? value : ""),
});

/** Lexical's own heading import, with the id kept as node state. */
function $convertHeading(element: HTMLElement): DOMConversionOutput | null {
  const tag = element.nodeName.toLowerCase() as "h2" | "h3";
  const own = HeadingNode.importDOM?.()?.[tag]?.(element);
  const output = own?.conversion?.(element) ?? { node: $createHeadingNode(tag) };
  const id = element.getAttribute("id");
  if (output?.node instanceof HeadingNode && id) $setState(output.node, headingId, id);
  return output;
}

const withId = (element: HTMLElement) =>
  element.hasAttribute("id") ? { conversion: $convertHeading, priority: 1 as const } : null;

/** The post's h2/h3 nodes in document order, with the ids their export gets. */
function $headingIds(): Map<string, string> {
  const headings: HeadingNode[] = [];
  const walk = (nodes: LexicalNode[]) => {
    for (const node of nodes) {
      if (node instanceof HeadingNode) {
        if (node.getTag() === "h2" || node.getTag() === "h3") headings.push(node);
      } else if ("getChildren" in node && typeof node.getChildren === "function") {
        walk(node.getChildren() as LexicalNode[]);
      }
    }
  };
  walk($getRoot().getChildren());
  const ids = headingIds(
    headings.map((h) => ({ text: h.getTextContent(), id: $getState(h, headingId) || null })),
  );
  return new Map(headings.map((h, i) => [h.getKey(), ids[i] as string]));
}

function exportHeading(editor: LexicalEditor, node: LexicalNode): DOMExportOutput {
  const output = (node as HeadingNode).exportDOM(editor);
  const id = $headingIds().get(node.getKey());
  if (id && isHTMLElement(output.element)) {
    // The id first, as the server writes it.
    const attributes = Array.from(output.element.attributes).map((a) => [a.name, a.value]);
    for (const [name] of attributes) output.element.removeAttribute(name as string);
    output.element.setAttribute("id", id);
    for (const [name, value] of attributes)
      output.element.setAttribute(name as string, value as string);
  }
  return output;
}

/** The editor's HTML import and export additions (passed as the editor's `html` config). */
export const HEADING_HTML: HTMLConfig = {
  import: { h2: withId, h3: withId },
  export: new Map([[HeadingNode, exportHeading]]),
};
