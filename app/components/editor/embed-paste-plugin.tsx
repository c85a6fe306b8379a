/**
 * A link pasted alone on an empty line becomes an embed card once the server resolves it
 * (docs/behaviour.md §embeds); when it cannot, the link stays and the reason is announced.
 */
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import {
  $getNodeByKey,
  $getSelection,
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
          let paragraphKey: string | null = null;
          editor.getEditorState().read(() => {
            const selection = $getSelection();
            if (!$isRangeSelection(selection)) return;
            const block = selection.anchor.getNode().getTopLevelElement();
            if ($isParagraphNode(block) && block.getTextContent().trim() === "") {
              paragraphKey = block.getKey();
            }
          });
          if (!paragraphKey) return false;
          const key: string = paragraphKey;
          setNote(`Looking up ${text}…`);
          resolveEmbed(text).then((r) => {
            if (!r.ok) {
              setNote(r.message);
              return;
            }
            setNote(`Embedded: ${r.embed.title || text}`);
            editor.update(() => {
              const paragraph = $getNodeByKey(key);
              if (paragraph && paragraph.getTextContent().trim() === text) {
                paragraph.replace($createEmbedNode(text, r.embed.title));
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
