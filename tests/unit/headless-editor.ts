/**
 * The browser editor, headless, for tests of its HTML: the same nodes, theme, HTML config and
 * export call (app/components/editor/export-html.ts) as the editor in the page.
 */
import { createHeadlessEditor } from "@lexical/headless";
import { withDOM } from "@lexical/headless/dom";
import { $getRoot, type LexicalNode } from "lexical";
import { $exportEditorHtml } from "~/components/editor/export-html";
import { $loadHtml } from "~/components/editor/load-html";
import { EDITOR_HTML, EDITOR_NODES, EDITOR_THEME } from "~/components/editor/nodes";

export const newEditor = () =>
  createHeadlessEditor({
    nodes: EDITOR_NODES,
    theme: EDITOR_THEME,
    html: EDITOR_HTML,
    onError: (error) => {
      throw error;
    },
  });

/** Builds a document with Lexical nodes and exports it as the browser editor would. */
export function exportDocument(build: () => LexicalNode[]): string {
  return withDOM(() => {
    const editor = newEditor();
    editor.update(
      () =>
        $getRoot()
          .clear()
          .append(...build()),
      { discrete: true },
    );
    return editor.read(() => $exportEditorHtml(editor));
  });
}

/** Loads HTML into a fresh editor (as editing a post does) and exports it again. */
export function reload(html: string): string {
  return withDOM((window) => {
    const editor = newEditor();
    editor.update(() => $loadHtml(editor, html, new window.DOMParser()), { discrete: true });
    return editor.read(() => $exportEditorHtml(editor));
  });
}
