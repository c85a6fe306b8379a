/**
 * Toolbar buttons for footnotes and the contents box (docs/behaviour.md §footnotes): "Footnote"
 * asks for the note and inserts its reference at the caret; "Outline" inserts the box.
 * "Members only from here" places the members-only line (docs/members.md), moving it if present.
 */
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $dfs, $insertNodeToNearestRoot } from "@lexical/utils";
import { $getRoot, $getSelection, $insertNodes, $isRangeSelection } from "lexical";
import { useRef, useState } from "react";
import { $createContentsNode } from "./contents-node";
import { FootnoteDialog } from "./footnote-dialog";
import { $createFootnoteNode } from "./footnote-node";
import { $createMembersOnlyNode, $isMembersOnlyNode } from "./members-only-node";
import { ToolButton } from "./tool-button";

export function ContentTools() {
  const [editor] = useLexicalComposerContext();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement | null>(null);
  const close = () => {
    setOpen(false);
    requestAnimationFrame(() => button.current?.focus());
  };
  return (
    <div className="editor-tool-group">
      <ToolButton
        label="Footnote"
        buttonRef={(el) => {
          button.current = el;
        }}
        onClick={() => setOpen(true)}
      >
        <span className="editor-tool-footnote">
          x<sup>1</sup>
        </span>
      </ToolButton>
      <ToolButton
        label="Outline"
        onClick={() =>
          editor.update(() => {
            if (!$isRangeSelection($getSelection())) $getRoot().selectEnd();
            $insertNodeToNearestRoot($createContentsNode());
          })
        }
      >
        ☰
      </ToolButton>
      <ToolButton
        label="Members only from here"
        onClick={() =>
          editor.update(() => {
            for (const { node } of $dfs()) if ($isMembersOnlyNode(node)) node.remove();
            if (!$isRangeSelection($getSelection())) $getRoot().selectEnd();
            $insertNodeToNearestRoot($createMembersOnlyNode());
          })
        }
      >
        ⊘
      </ToolButton>
      <FootnoteDialog
        open={open}
        number={null}
        note=""
        onClose={close}
        onSave={(html) => {
          editor.update(() => {
            if (!$isRangeSelection($getSelection())) $getRoot().selectEnd();
            $insertNodes([$createFootnoteNode(html)]);
          });
          close();
        }}
      />
    </div>
  );
}
