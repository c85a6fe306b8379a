/**
 * Small Lexical plugins of the editor: the HTML kept in the form field,
 * automatic links limited to the allowed protocols. Enter and Shift+Enter keep
 * Lexical's rich-text meaning (docs/decisions/026-editor-enter-and-sanitising.md).
 */
import { autoLinkEmailMatcher, autoLinkUrlMatcher, type LinkMatcher } from "@lexical/link";
import { AutoLinkPlugin } from "@lexical/react/LexicalAutoLinkPlugin";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { BLUR_COMMAND, COMMAND_PRIORITY_LOW, type LexicalEditor, mergeRegister } from "lexical";
import { type RefObject, useEffect } from "react";
import { LINK_REL, normaliseUrl } from "~/domain/posts/link-protocols";
import { $exportEditorHtml } from "./export-html";

/** The editor's HTML, as the form field carries it. */
export function editorHtml(editor: LexicalEditor): string {
  return editor.read(() => $exportEditorHtml(editor));
}

/**
 * Writes the editor's HTML into the hidden form field: on every change, on
 * blur, and once more when the form is submitted (before the router reads it).
 *
 * Until the writer changes something, the field keeps the HTML it was given.
 * Stored HTML may hold markup the editor has no node for (a table or a figure
 * from an API client, which the server's allowlist accepts): merely opening
 * and saving a post must not lose it.
 */
export function HtmlFieldPlugin({ input }: { input: RefObject<HTMLInputElement | null> }) {
  const [editor] = useLexicalComposerContext();
  useEffect(() => {
    const original = input.current?.value ?? "";
    // The editor's own rendering of the loaded document, once the updates of
    // mounting (node transforms being registered) have settled.
    let loaded: string | null = null;
    const settle = setTimeout(() => {
      loaded = editorHtml(editor);
    }, 0);
    const write = () => {
      if (!input.current) return;
      const html = editorHtml(editor);
      input.current.value = loaded === null || html === loaded ? original : html;
    };
    const form = input.current?.form ?? null;
    form?.addEventListener("submit", write, { capture: true });
    const unregister = mergeRegister(
      editor.registerUpdateListener(({ dirtyElements, dirtyLeaves }) => {
        if (dirtyElements.size > 0 || dirtyLeaves.size > 0) write();
      }),
      editor.registerCommand(
        BLUR_COMMAND,
        () => {
          write();
          return false;
        },
        COMMAND_PRIORITY_LOW,
      ),
    );
    return () => {
      clearTimeout(settle);
      form?.removeEventListener("submit", write, { capture: true });
      unregister();
    };
  }, [editor, input]);
  return null;
}

function withAllowedUrl(matcher: LinkMatcher): LinkMatcher {
  return (text) => {
    const match = matcher(text);
    if (!match) return null;
    const url = normaliseUrl(match.url);
    return url ? { ...match, url, attributes: { rel: LINK_REL } } : null;
  };
}

const MATCHERS = [withAllowedUrl(autoLinkUrlMatcher), withAllowedUrl(autoLinkEmailMatcher)];

/** Typed web and e-mail addresses become links (docs/behaviour.md §editor "automatic links"). */
export function AutoLinks() {
  return <AutoLinkPlugin matchers={MATCHERS} />;
}
