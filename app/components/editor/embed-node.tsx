/**
 * An embed card in the editor (docs/behaviour.md §embeds): a block showing the link's thumbnail,
 * title and provider, with Refresh and Remove. It reads and writes the stored card
 * `<figure class="ik-embed" data-embed-url="URL"><a href="URL">title</a></figure>`.
 */
import {
  $applyNodeReplacement,
  $getNodeByKey,
  DecoratorNode,
  type DOMConversionMap,
  type DOMExportOutput,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from "lexical";
import type { JSX } from "react";
import { EmbedCardView } from "./embed-card";

export type SerializedEmbedNode = Spread<{ url: string; title: string }, SerializedLexicalNode>;

export class EmbedNode extends DecoratorNode<JSX.Element> {
  __url: string;
  __title: string;

  static getType(): string {
    return "embed";
  }

  static clone(node: EmbedNode): EmbedNode {
    return new EmbedNode(node.__url, node.__title, node.__key);
  }

  static importJSON(json: SerializedEmbedNode): EmbedNode {
    return $createEmbedNode(json.url, json.title);
  }

  static importDOM(): DOMConversionMap | null {
    return {
      figure: (el: HTMLElement) =>
        el.classList.contains("ik-embed") && el.dataset.embedUrl
          ? {
              conversion: (node: Node) => {
                const figure = node as HTMLElement;
                const url = figure.dataset.embedUrl ?? "";
                const title = figure.querySelector("a")?.textContent?.trim() ?? "";
                return { node: $createEmbedNode(url, title === url ? "" : title) };
              },
              priority: 3,
            }
          : null,
    };
  }

  constructor(url: string, title: string, key?: NodeKey) {
    super(key);
    this.__url = url;
    this.__title = title;
  }

  exportJSON(): SerializedEmbedNode {
    return {
      ...super.exportJSON(),
      type: "embed",
      version: 1,
      url: this.__url,
      title: this.__title,
    };
  }

  exportDOM(): DOMExportOutput {
    const figure = document.createElement("figure");
    figure.className = "ik-embed";
    figure.setAttribute("data-embed-url", this.__url);
    const a = document.createElement("a");
    a.setAttribute("href", this.__url);
    a.textContent = this.__title || this.__url;
    figure.append(a);
    return { element: figure };
  }

  createDOM(): HTMLElement {
    const div = document.createElement("div");
    div.className = "editor-embed";
    return div;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): false {
    return false;
  }

  setTitle(title: string) {
    this.getWritable().__title = title;
  }

  decorate(editor: LexicalEditor): JSX.Element {
    const key = this.getKey();
    return (
      <EmbedCardView
        url={this.__url}
        title={this.__title}
        onTitle={(title) =>
          editor.update(() => {
            const node = $getNodeByKey(key);
            if ($isEmbedNode(node)) node.setTitle(title);
          })
        }
        onRemove={() =>
          editor.update(() => {
            $getNodeByKey(key)?.remove();
          })
        }
      />
    );
  }
}

export function $createEmbedNode(url: string, title: string): EmbedNode {
  return $applyNodeReplacement(new EmbedNode(url, title));
}

export function $isEmbedNode(node: LexicalNode | null | undefined): node is EmbedNode {
  return node instanceof EmbedNode;
}
