/**
 * A footnote in the editor (docs/behaviour.md §footnotes): an inline node where the reference
 * stands, showing its number, holding its note's HTML. It exports the canonical reference
 * (app/domain/content/anchors.ts); the note list is written after the document by
 * `$exportEditorHtml` (export-html.ts). Loading stored HTML reads each reference's note from the
 * list and leaves the list itself out, so editing and saving again writes the same HTML.
 */
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { $dfs } from "@lexical/utils";
import {
  $applyNodeReplacement,
  $getNodeByKey,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from "lexical";
import { type JSX, useEffect, useRef, useState } from "react";
import { FootnoteDialog } from "./footnote-dialog";

export type SerializedFootnoteNode = Spread<{ note: string }, SerializedLexicalNode>;

/** The note a stored reference points to: its list item's content without the backlink. */
function noteOf(sup: HTMLElement): string {
  const target = sup.querySelector("a")?.getAttribute("href") ?? "";
  const li = target.startsWith("#") ? sup.ownerDocument.getElementById(target.slice(1)) : null;
  if (!li) return "";
  const copy = li.cloneNode(true) as HTMLElement;
  for (const back of Array.from(copy.querySelectorAll('a[href^="#fnref-"]'))) back.remove();
  return copy.innerHTML.trim();
}

export class FootnoteNode extends DecoratorNode<JSX.Element> {
  __note: string;

  static getType(): string {
    return "ik-footnote";
  }

  static clone(node: FootnoteNode): FootnoteNode {
    return new FootnoteNode(node.__note, node.__key);
  }

  static importJSON(json: SerializedFootnoteNode): FootnoteNode {
    return $createFootnoteNode(json.note);
  }

  static importDOM(): DOMConversionMap | null {
    return {
      sup: (element: HTMLElement) =>
        element.classList.contains("ik-fnref")
          ? {
              conversion: (sup: HTMLElement) => {
                const note = noteOf(sup);
                // A reference without its note is dropped, as the server does.
                return { node: note ? $createFootnoteNode(note) : null, after: () => [] };
              },
              priority: 1,
            }
          : null,
      // The note list is generated from the references.
      section: (element: HTMLElement) =>
        element.classList.contains("ik-footnotes")
          ? { conversion: () => ({ node: null, after: () => [] }), priority: 1 }
          : null,
    };
  }

  constructor(note: string, key?: NodeKey) {
    super(key);
    this.__note = note;
  }

  exportJSON(): SerializedFootnoteNode {
    return { ...super.exportJSON(), type: "ik-footnote", version: 1, note: this.__note };
  }

  exportDOM(): DOMExportOutput {
    const n = $footnoteNodes().findIndex((f) => f.is(this)) + 1;
    const sup = document.createElement("sup");
    sup.className = "ik-fnref";
    sup.id = `fnref-${n}`;
    const a = document.createElement("a");
    a.setAttribute("href", `#fn-${n}`);
    a.setAttribute("role", "doc-noteref");
    a.textContent = String(n);
    sup.append(a);
    return { element: sup };
  }

  createDOM(): HTMLElement {
    const span = document.createElement("span");
    span.className = "editor-footnote";
    return span;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): boolean {
    return true;
  }

  getTextContent(): string {
    return "";
  }

  getNote(): string {
    return this.getLatest().__note;
  }

  setNote(note: string): this {
    const writable = this.getWritable();
    writable.__note = note;
    return writable;
  }

  decorate(): JSX.Element {
    return <FootnoteView nodeKey={this.__key} note={this.__note} />;
  }
}

export function $createFootnoteNode(note: string): FootnoteNode {
  return $applyNodeReplacement(new FootnoteNode(note));
}

export function $isFootnoteNode(node: LexicalNode | null | undefined): node is FootnoteNode {
  return node instanceof FootnoteNode;
}

/** The document's footnotes in text order: their numbers are their places here. */
export function $footnoteNodes(): FootnoteNode[] {
  return $dfs()
    .map(({ node }) => node)
    .filter($isFootnoteNode);
}

/** The number shown in the editor, kept up to date as footnotes are added and removed. */
function useFootnoteNumber(nodeKey: NodeKey): number {
  const [editor] = useLexicalComposerContext();
  const read = () =>
    editor
      .getEditorState()
      .read(() => $footnoteNodes().findIndex((f) => f.getKey() === nodeKey) + 1);
  const [n, setN] = useState(read);
  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        editorState.read(() => setN($footnoteNodes().findIndex((f) => f.getKey() === nodeKey) + 1));
      }),
    [editor, nodeKey],
  );
  return n;
}

function FootnoteView({ nodeKey, note }: { nodeKey: NodeKey; note: string }) {
  const [editor] = useLexicalComposerContext();
  const n = useFootnoteNumber(nodeKey);
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    const el = button.current;
    if (!el) return;
    // The editor handles keys typed inside it; Enter and Space on the number are the button's.
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Enter" && event.key !== " ") return;
      event.preventDefault();
      event.stopPropagation();
      setOpen(true);
    };
    el.addEventListener("keydown", onKey);
    return () => el.removeEventListener("keydown", onKey);
  }, []);
  return (
    <>
      <button
        ref={button}
        type="button"
        className="editor-footnote-ref"
        aria-label={`Footnote ${n}: edit its note`}
        onClick={() => setOpen(true)}
      >
        {n}
      </button>
      <FootnoteDialog
        open={open}
        number={n}
        note={note}
        onClose={() => setOpen(false)}
        onSave={(html) => {
          editor.update(() => {
            const node = $getNodeByKey(nodeKey);
            if ($isFootnoteNode(node)) node.setNote(html);
          });
          setOpen(false);
        }}
        onRemove={() => {
          editor.update(() => $getNodeByKey(nodeKey)?.remove());
          setOpen(false);
        }}
      />
    </>
  );
}
