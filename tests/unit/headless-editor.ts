/**
 * A headless Lexical editor with the browser editor's nodes and theme
 * (app/components/editor/nodes.ts), for tests of the editor's own HTML: documents are built and
 * exported with $generateHtmlFromNodes, the same call the browser makes.
 */
import { createHeadlessEditor } from "@lexical/headless";
import { withDOM } from "@lexical/headless/dom";
import { $generateHtmlFromNodes } from "@lexical/html";
import { $getRoot, type LexicalNode } from "lexical";
import { $loadHtml } from "~/components/editor/load-html";
import { EDITOR_NODES, EDITOR_THEME } from "~/components/editor/nodes";

export const newEditor = () =>
  createHeadlessEditor({
    nodes: EDITOR_NODES,
    theme: EDITOR_THEME,
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
    return editor.read(() => $generateHtmlFromNodes(editor, null));
  });
}

/** Loads HTML into a fresh editor (as editing a post does) and exports it again. */
export function reload(html: string): string {
  return withDOM((window) => {
    const editor = newEditor();
    editor.update(
      () => {
        $loadHtml(editor, html, new window.DOMParser());
      },
      { discrete: true },
    );
    return editor.read(() => $generateHtmlFromNodes(editor, null));
  });
}
