/**
 * The Lexical editor behind RichTextField. Client-only (".client"): it is
 * imported lazily once the page has hydrated, so Lexical ships only with the
 * screens that render a rich-text field. Its HTML travels in a hidden input
 * named like the textarea it replaces.
 */
import { LexicalComposer } from "@lexical/react/LexicalComposer";
import { ContentEditable } from "@lexical/react/LexicalContentEditable";
import { LexicalErrorBoundary } from "@lexical/react/LexicalErrorBoundary";
import { HistoryPlugin } from "@lexical/react/LexicalHistoryPlugin";
import { HorizontalRulePlugin } from "@lexical/react/LexicalHorizontalRulePlugin";
import { LinkPlugin } from "@lexical/react/LexicalLinkPlugin";
import { ListPlugin } from "@lexical/react/LexicalListPlugin";
import { RichTextPlugin } from "@lexical/react/LexicalRichTextPlugin";
import { $createParagraphNode, $getRoot, type LexicalEditor } from "lexical";
import { useRef } from "react";
import { normaliseUrl } from "~/domain/posts/link-protocols";
import { EditorChromePlugin } from "./chrome-plugin";
import { EmbedPastePlugin } from "./embed-paste-plugin";
import type { RichTextFieldProps } from "./field-props";
import { $loadHtml } from "./load-html";
import { MarkdownTools } from "./markdown-tools";
import { EDITOR_HTML, EDITOR_NODES, EDITOR_THEME } from "./nodes";
import { AutoLinks, HtmlFieldPlugin } from "./plugins";
import { EditorTables } from "./table-tools";
import { Toolbar } from "./toolbar";
import "~/styles/editor.css";

/** Loads the field's HTML (an existing post) into the editor. */
function initialState(html: string) {
  return (editor: LexicalEditor) => {
    if (!html.trim()) {
      // An updater replaces Lexical's default empty paragraph; put it back.
      $getRoot().append($createParagraphNode());
      return;
    }
    $loadHtml(editor, html, new DOMParser());
  };
}

const validateUrl = (url: string) => normaliseUrl(url) === url;

export default function RichTextEditor({
  name,
  label,
  defaultValue = "",
  uploadCollection,
  id = name,
  describedBy,
}: RichTextFieldProps) {
  const input = useRef<HTMLInputElement>(null);
  const labelId = `${id}-label`;
  const initialConfig = {
    namespace: `inkwell-${name}`,
    nodes: EDITOR_NODES,
    theme: EDITOR_THEME,
    html: EDITOR_HTML,
    editorState: initialState(defaultValue),
    onError: (error: Error) => {
      console.error(error);
    },
  };
  return (
    <div className="field rich-text-field rich-text-editor">
      {/* A contenteditable is not labelable: the label names it through aria-labelledby
          and a click on it moves focus into the editor. */}
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a label takes no keyboard focus; the editor itself is in the tab order */}
      <label id={labelId} htmlFor={id} onClick={() => document.getElementById(id)?.focus()}>
        {label}
      </label>
      <LexicalComposer initialConfig={initialConfig}>
        <div className="editor-frame">
          <Toolbar editorId={id} uploadCollection={uploadCollection} />
          <div className="editor-body">
            <RichTextPlugin
              contentEditable={
                <ContentEditable
                  id={id}
                  className="editor-content"
                  role="textbox"
                  ariaMultiline
                  ariaLabelledBy={labelId}
                  ariaDescribedBy={describedBy}
                />
              }
              ErrorBoundary={LexicalErrorBoundary}
            />
          </div>
        </div>
        <HistoryPlugin delay={500} />
        <ListPlugin />
        <LinkPlugin validateUrl={validateUrl} />
        <AutoLinks />
        <HorizontalRulePlugin />
        <EditorTables />
        <MarkdownTools />
        <EditorChromePlugin />
        <HtmlFieldPlugin input={input} />
        <EmbedPastePlugin />
      </LexicalComposer>
      <input ref={input} type="hidden" name={name} defaultValue={defaultValue} />
    </div>
  );
}
