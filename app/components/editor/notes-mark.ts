/**
 * An editorial note's passage in the editor (docs/behaviour.md §editorial-notes): Lexical's
 * MarkNode, drawn and exported as the stored anchor `<mark class="ik-note" data-note="ID">`, and
 * read back from it, so a note stays on its text through every save.
 */
import { MarkNode } from "@lexical/mark";
import {
  $applyNodeReplacement,
  $getDocument,
  type DOMConversionMap,
  type DOMExportOutput,
  type EditorConfig,
  type LexicalNode,
} from "lexical";

function noteMark(id: string | undefined): HTMLElement {
  const element = $getDocument().createElement("mark");
  element.className = "ik-note";
  if (id) element.setAttribute("data-note", id);
  return element;
}

export class NoteMarkNode extends MarkNode {
  $config() {
    return this.config("ik-note", { extends: MarkNode });
  }

  createDOM(_config: EditorConfig): HTMLElement {
    const element = noteMark(this.getIDs()[0]);
    element.id = `note-passage-${this.getIDs()[0] ?? ""}`;
    return element;
  }

  updateDOM(prevNode: this, element: HTMLElement): boolean {
    return prevNode.getIDs()[0] !== this.getIDs()[0] || element.tagName !== "MARK";
  }

  exportDOM(): DOMExportOutput {
    return { element: noteMark(this.getIDs()[0]) };
  }

  static importDOM(): DOMConversionMap | null {
    return {
      mark: (node: HTMLElement) =>
        node.classList.contains("ik-note") && /^\d+$/.test(node.getAttribute("data-note") ?? "")
          ? {
              conversion: (element: HTMLElement) => ({
                node: $createNoteMarkNode([element.getAttribute("data-note") as string]),
              }),
              priority: 1,
            }
          : null,
    };
  }

  // The anchor is part of the post's HTML, so it is written whenever the editor exports it.
  excludeFromCopy(): boolean {
    return false;
  }
}

export function $createNoteMarkNode(ids: readonly string[]): NoteMarkNode {
  return $applyNodeReplacement(new NoteMarkNode(ids));
}

export function $isNoteMarkNode(node: LexicalNode | null | undefined): node is NoteMarkNode {
  return node instanceof NoteMarkNode;
}
