/**
 * A link pasted alone on an empty line becomes an embed card once the server resolves it
 * (docs/behaviour.md §embeds); when it cannot, the link stays and the reason is announced.
 */
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import {
  $createParagraphNode,
  $getRoot,
  $getSelection,
  $isElementNode,
  $isParagraphNode,
  $isRangeSelection,
  COMMAND_PRIORITY_LOW,
  PASTE_COMMAND,
} from "lexical";
import { useEffect, useState } from "react";
import { resolveEmbed } from "./embed-card";
import { $createEmbedNode } from "./embed-node";

const LONE_URL = /^https?:\/\/\S+$/;

export function EmbedPastePlugin() {
  const [editor] = useLexicalComposerContext();
  const [note, setNote] = useState("");
  useEffect(
    () =>
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => {
          const text =
            event instanceof ClipboardEvent
              ? (event.clipboardData?.getData("text/plain") ?? "").trim()
              : "";
          if (!LONE_URL.test(text)) return false;
          let onEmptyLine = false;
          editor.getEditorState().read(() => {
            const selection = $getSelection();
            if (!$isRangeSelection(selection)) return;
            const block = selection.anchor.getNode().getTopLevelElement();
            onEmptyLine = block === null || block.getTextContent().trim() === "";
          });
          if (!onEmptyLine) return false;
          setNote(`Looking up ${text}…`);
          resolveEmbed(text).then((r) => {
            if (!r.ok) {
              setNote(r.message);
              return;
            }
            setNote(`Embedded: ${r.embed.title || text}`);
            editor.update(() => {
              // The line the link was pasted on, if it still holds only that link.
              const line = $getRoot()
                .getChildren()
                .find((node) => $isParagraphNode(node) && node.getTextContent().trim() === text);
              if (!line) return;
              const card = $createEmbedNode(text, r.embed.title);
              line.replace(card);
              // The caret was on the replaced line: it goes to the line after the card.
              const next = card.getNextSibling();
              if ($isElementNode(next)) next.selectStart();
              else {
                const after = $createParagraphNode();
                card.insertAfter(after);
                after.select();
              }
            });
          });
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor],
  );
  return (
    <p className="editor-embed-note" role="status">
      {note}
    </p>
  );
}
