/**
 * "Add note" in the editor's toolbar (docs/behaviour.md §editorial-notes): the selected passage
 * goes to the notes panel on Edit Post, which opens the thread; the thread's id comes back and
 * the passage is wrapped in its mark (NoteMarkNode), stored with the next save. Shown only where
 * a notes panel is on the page.
 */
import { $wrapSelectionInMarkNode } from "@lexical/mark";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $getSelection, $isRangeSelection, $setSelection, type RangeSelection } from "lexical";
import { useEffect, useRef, useState } from "react";
import {
  announce,
  listen,
  NOTE_OPENED_EVENT,
  NOTE_PASSAGE_EVENT,
  type NoteOpenedDetail,
  type NotePassageDetail,
} from "~/components/posts/notes-events";
import { $createNoteMarkNode } from "./notes-mark";
import { ToolButton } from "./tool-button";

export function NoteTool() {
  const [editor] = useLexicalComposerContext();
  const [available, setAvailable] = useState(false);
  const [hint, setHint] = useState("");
  const passage = useRef<RangeSelection | null>(null);

  useEffect(() => {
    setAvailable(document.querySelector(".notes-panel") !== null);
    return listen<NoteOpenedDetail>(NOTE_OPENED_EVENT, ({ threadId }) => {
      const selection = passage.current;
      passage.current = null;
      if (!selection) return;
      editor.update(() => {
        const range = selection.clone();
        $wrapSelectionInMarkNode(range, range.isBackward(), String(threadId), (ids) =>
          $createNoteMarkNode(ids),
        );
        $setSelection(null);
      });
    });
  }, [editor]);

  if (!available) return null;
  return (
    <>
      <ToolButton
        label="Add note"
        // Shown after the toolbar's first render: it joins the toolbar's one Tab stop as a -1.
        buttonRef={(el) => {
          if (el && !el.hasAttribute("tabindex")) el.tabIndex = -1;
        }}
        onClick={() => {
          const quote = editor.getEditorState().read(() => {
            const selection = $getSelection();
            if (!$isRangeSelection(selection) || selection.isCollapsed()) return "";
            passage.current = selection.clone();
            return selection.getTextContent().replace(/\s+/g, " ").trim();
          });
          if (!quote) {
            passage.current = null;
            setHint("Select a passage first, then press Add note.");
            return;
          }
          setHint("");
          announce<NotePassageDetail>(NOTE_PASSAGE_EVENT, { quote: quote.slice(0, 1000) });
        }}
      >
        ✎
      </ToolButton>
      <span className="visually-hidden" role="status">
        {hint}
      </span>
    </>
  );
}
