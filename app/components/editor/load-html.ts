import { $generateNodesFromDOM } from "@lexical/html";
import { $getRoot, $insertNodes, $setSelection, type LexicalEditor } from "lexical";

/**
 * Stored HTML as Lexical should read it. A code block is stored by other
 * writers (the demo posts, API clients) as `<pre><code>…</code></pre>`, and
 * Lexical's code node imports both the `<pre>` and a multi-line `<code>` as
 * code blocks, which would nest one block in another. The `<code>` wrapper is
 * unwrapped so the `<pre>` alone makes the block.
 */
export function prepareForEditor(dom: Document): Document {
  for (const code of Array.from(dom.querySelectorAll("pre > code"))) {
    const pre = code.parentElement;
    if (pre && pre.children.length === 1) pre.replaceChildren(...Array.from(code.childNodes));
  }
  return dom;
}

/**
 * Replaces the editor's content with the document parsed from `html` (inside an update).
 * The insertion needs a selection, which is dropped afterwards: an editor state that keeps
 * one makes Lexical focus the editor and scroll the page to it, so opening a post would
 * leave its title and summary off-screen (docs/behaviour.md §editor).
 */
export function $loadHtml(editor: LexicalEditor, html: string, parser: DOMParser): void {
  const dom = prepareForEditor(parser.parseFromString(html, "text/html"));
  $getRoot().clear().select();
  $insertNodes($generateNodesFromDOM(editor, dom));
  $setSelection(null);
}
