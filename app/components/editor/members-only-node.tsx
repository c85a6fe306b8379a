/**
 * The "members only from here" line (docs/members.md "Members-only posts"): a block the writer
 * places once; it is stored as `<hr class="ik-members-only">` and, on a members-only post, readers
 * who are not members get only what comes before it (app/domain/access/reading.server.ts).
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
import { MEMBERS_MARKER_CLASS } from "~/domain/posts/visibility";

export class MembersOnlyNode extends DecoratorNode<JSX.Element> {
  static getType(): string {
    return "ik-members-only";
  }

  static clone(node: MembersOnlyNode): MembersOnlyNode {
    return new MembersOnlyNode(node.__key);
  }

  static importJSON(_json: SerializedLexicalNode): MembersOnlyNode {
    return $createMembersOnlyNode();
  }

  static importDOM(): DOMConversionMap | null {
    return {
      // Above the plain horizontal rule's conversion (priority 0).
      hr: (element: HTMLElement) =>
        element.classList.contains(MEMBERS_MARKER_CLASS)
          ? { conversion: () => ({ node: $createMembersOnlyNode() }), priority: 1 }
          : null,
    };
  }

  exportJSON(): SerializedLexicalNode {
    return { ...super.exportJSON(), type: "ik-members-only", version: 1 };
  }

  exportDOM(): DOMExportOutput {
    const hr = document.createElement("hr");
    hr.className = MEMBERS_MARKER_CLASS;
    return { element: hr };
  }

  createDOM(): HTMLElement {
    const div = document.createElement("div");
    div.className = "editor-members-only";
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
      <p className="editor-members-only-label">
        <strong>Members only from here</strong> — on a Members post, others see what is above
      </p>
    );
  }
}

export function $createMembersOnlyNode(): MembersOnlyNode {
  return $applyNodeReplacement(new MembersOnlyNode());
}

/** The marker already in the document, if any: a post has at most one. */
export function $isMembersOnlyNode(node: LexicalNode | null | undefined): node is MembersOnlyNode {
  return node instanceof MembersOnlyNode;
}
