/**
 * The contents box (docs/behaviour.md §footnotes): a block the writer places; it is stored empty,
 * `<nav class="ik-contents"></nav>`, and filled from the post's headings when the post is shown.
 */
import {
  $applyNodeReplacement,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type SerializedLexicalNode,
} from "lexical";
import type { JSX } from "react";

export class ContentsNode extends DecoratorNode<JSX.Element> {
  static getType(): string {
    return "ik-contents";
  }

  static clone(node: ContentsNode): ContentsNode {
    return new ContentsNode(node.__key);
  }

  static importJSON(_json: SerializedLexicalNode): ContentsNode {
    return $createContentsNode();
  }

  static importDOM(): DOMConversionMap | null {
    return {
      nav: (element: HTMLElement) =>
        element.classList.contains("ik-contents")
          ? {
              // What a rendered box lists is generated: only the box itself is kept.
              conversion: () => ({ node: $createContentsNode(), after: () => [] }),
              priority: 1,
            }
          : null,
    };
  }

  exportJSON(): SerializedLexicalNode {
    return { ...super.exportJSON(), type: "ik-contents", version: 1 };
  }

  exportDOM(): DOMExportOutput {
    const nav = document.createElement("nav");
    nav.className = "ik-contents";
    return { element: nav };
  }

  createDOM(): HTMLElement {
    const div = document.createElement("div");
    div.className = "editor-contents";
    return div;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): false {
    return false;
  }

  getTextContent(): string {
    return "";
  }

  decorate(): JSX.Element {
    return (
      <p className="editor-contents-label">
        <strong>Contents</strong> — generated from the headings
      </p>
    );
  }
}

export function $createContentsNode(): ContentsNode {
  return $applyNodeReplacement(new ContentsNode());
}

export function $isContentsNode(node: LexicalNode | null | undefined): node is ContentsNode {
  return node instanceof ContentsNode;
}
