/**
 * The editor's HTML (docs/behaviour.md §footnotes): Lexical's export of the document followed by
 * the footnotes' note list, numbered in text order, in the canonical form the server stores.
 */
import { $generateHtmlFromNodes } from "@lexical/html";
import type { LexicalEditor } from "lexical";
import { footnotesSectionHtml } from "~/domain/content/anchors";
import { $footnoteNodes } from "./footnote-node";

export function $exportEditorHtml(editor: LexicalEditor): string {
  const html = $generateHtmlFromNodes(editor, null);
  const notes = $footnoteNodes().map((node) => node.getNote());
  return notes.length > 0 ? html + footnotesSectionHtml(notes) : html;
}
