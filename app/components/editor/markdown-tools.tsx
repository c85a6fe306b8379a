/**
 * Markdown while writing (docs/behaviour.md §markdown): shortcuts as you type (`## `, `- `, `1. `,
 * `> `, `**bold**`, backticks…) and plain text pasted from a Markdown source becoming rich text.
 * Only the transformers whose nodes the editor has (no check lists, no highlight).
 */
import {
  $generateNodesFromMarkdownString,
  BOLD_ITALIC_STAR,
  BOLD_ITALIC_UNDERSCORE,
  BOLD_STAR,
  BOLD_UNDERSCORE,
  CODE,
  HEADING,
  INLINE_CODE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  LINK,
  ORDERED_LIST,
  QUOTE,
  STRIKETHROUGH,
  type Transformer,
  UNORDERED_LIST,
} from "@lexical/markdown";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { MarkdownShortcutPlugin } from "@lexical/react/LexicalMarkdownShortcutPlugin";
import {
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  COMMAND_PRIORITY_LOW,
  PASTE_COMMAND,
} from "lexical";
import { useEffect } from "react";

export const EDITOR_TRANSFORMERS: Transformer[] = [
  HEADING,
  QUOTE,
  UNORDERED_LIST,
  ORDERED_LIST,
  CODE,
  INLINE_CODE,
  BOLD_ITALIC_STAR,
  BOLD_ITALIC_UNDERSCORE,
  BOLD_STAR,
  BOLD_UNDERSCORE,
  ITALIC_STAR,
  ITALIC_UNDERSCORE,
  STRIKETHROUGH,
  LINK,
];

/** Lines or spans that only Markdown writes: headings, lists, quotes, fences, emphasis, links. */
const MARKDOWN_SIGNS = [
  /^#{1,6} \S/m,
  /^\s*[-*+] \S/m,
  /^\s*\d+[.)] \S/m,
  /^> /m,
  /^```/m,
  /\*\*[^*\n]+\*\*/,
  /\[[^\]\n]+\]\([^)\s]+\)/,
  /`[^`\n]+`/,
];

export function looksLikeMarkdown(text: string): boolean {
  return MARKDOWN_SIGNS.some((sign) => sign.test(text));
}

function MarkdownPaste() {
  const [editor] = useLexicalComposerContext();
  useEffect(
    () =>
      editor.registerCommand(
        PASTE_COMMAND,
        (event) => {
          const data = event instanceof ClipboardEvent ? event.clipboardData : null;
          if (!data || data.types.includes("text/html")) return false;
          const text = data.getData("text/plain");
          if (!text || !looksLikeMarkdown(text)) return false;
          const selection = $getSelection();
          if (!$isRangeSelection(selection)) return false;
          event.preventDefault();
          const nodes = $generateNodesFromMarkdownString(text, EDITOR_TRANSFORMERS);
          $insertNodes(nodes);
          return true;
        },
        COMMAND_PRIORITY_LOW,
      ),
    [editor],
  );
  return null;
}

export function MarkdownTools() {
  return (
    <>
      <MarkdownShortcutPlugin transformers={EDITOR_TRANSFORMERS} />
      <MarkdownPaste />
    </>
  );
}
