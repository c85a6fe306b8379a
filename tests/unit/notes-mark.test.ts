/**
 * The editor keeps an editorial note's anchor: `<mark class="ik-note" data-note="ID">` loads into
 * the editor and is exported again unchanged, and the server's allowlist keeps it
 * (docs/behaviour.md §editorial-notes).
 */
import { createHeadlessEditor } from "@lexical/headless";
import { withDOM } from "@lexical/headless/dom";
import { $generateHtmlFromNodes } from "@lexical/html";
import { $wrapSelectionInMarkNode } from "@lexical/mark";
import { $createParagraphNode, $createRangeSelection, $createTextNode, $getRoot } from "lexical";
import { describe, expect, test } from "vitest";
import { $loadHtml } from "~/components/editor/load-html";
import { EDITOR_NODES, EDITOR_THEME } from "~/components/editor/nodes";
import { $createNoteMarkNode } from "~/components/editor/notes-mark";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";

const newEditor = () =>
  createHeadlessEditor({
    nodes: EDITOR_NODES,
    theme: EDITOR_THEME,
    onError: (error) => {
      throw error;
    },
  });

describe("the note mark in the editor", () => {
  test("loads and exports the stored anchor unchanged, and the allowlist keeps it", () => {
    const html = '<p>Before <mark class="ik-note" data-note="12">the passage</mark> after.</p>';
    const out = withDOM((window) => {
      const editor = newEditor();
      editor.update(() => $loadHtml(editor, html, new window.DOMParser()), { discrete: true });
      return editor.read(() => $generateHtmlFromNodes(editor, null));
    });
    expect(out).toContain('<mark class="ik-note" data-note="12">');
    expect(out).toContain("the passage</span></mark>");
    expect(sanitizePostHtml(out)).toContain('<mark class="ik-note" data-note="12">');
  });

  test("wraps a selection, as the toolbar's Add note does", () => {
    const out = withDOM(() => {
      const editor = newEditor();
      editor.update(
        () => {
          const text = $createTextNode("One two three");
          $getRoot().clear().append($createParagraphNode().append(text));
          const selection = $createRangeSelection();
          selection.anchor.set(text.getKey(), 4, "text");
          selection.focus.set(text.getKey(), 7, "text");
          $wrapSelectionInMarkNode(selection, false, "7", (ids) => $createNoteMarkNode(ids));
        },
        { discrete: true },
      );
      return editor.read(() => $generateHtmlFromNodes(editor, null));
    });
    expect(out).toMatch(
      /One <\/span><mark class="ik-note" data-note="7"><span[^>]*>two<\/span><\/mark>/,
    );
  });
});
