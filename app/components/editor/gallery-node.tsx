/**
 * A gallery in the post body (docs/behaviour.md §galleries): a block DecoratorNode holding its
 * images (each with alt text, caption and credit), its number of columns (2–4) and an optional
 * caption. Written as `<figure class="ik-gallery" data-columns="N"><ul class="ik-gallery-grid">
 * <li><figure class="ik-image">…</figure></li>…</ul><figcaption>…</figcaption></figure>` and read
 * back from the same. What the writer edits it with: gallery-editor.tsx.
 */
import {
  $applyNodeReplacement,
  $getNodeByKey,
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type LexicalEditor,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  SKIP_DOM_SELECTION_TAG,
  type Spread,
} from "lexical";
import type { JSX } from "react";
import { GalleryEditor } from "./gallery-editor";
import { type Gallery, type ImageDetails, imageFigure, readImage } from "./image-details";

export type { Gallery };

export type SerializedGalleryNode = Spread<Gallery, SerializedLexicalNode>;

export const GALLERY_COLUMNS = [2, 3, 4] as const;

export function clampGalleryColumns(value: unknown): number {
  const n = Number.parseInt(String(value ?? ""), 10);
  if (Number.isNaN(n)) return 3;
  return Math.min(4, Math.max(2, n));
}

/** A stored gallery: every list item's image, its columns and caption. */
function $convertGalleryElement(domNode: Node): DOMConversionOutput | null {
  const el = domNode as HTMLElement;
  const images: ImageDetails[] = [];
  for (const img of Array.from(el.querySelectorAll("img"))) {
    if (!img.getAttribute("src")) continue;
    images.push(readImage(img, img.closest("figure.ik-image")));
  }
  const caption = el.querySelector(":scope > figcaption")?.textContent?.trim() ?? "";
  return {
    node: images.length
      ? $createGalleryNode({
          columns: clampGalleryColumns(el.getAttribute("data-columns")),
          caption,
          images,
        })
      : null,
    forChild: () => null,
  };
}

export class GalleryNode extends DecoratorNode<JSX.Element> {
  __gallery: Gallery;

  static getType(): string {
    return "gallery";
  }

  static clone(node: GalleryNode): GalleryNode {
    return new GalleryNode(node.__gallery, node.__key);
  }

  static importJSON(json: SerializedGalleryNode): GalleryNode {
    return $createGalleryNode(json);
  }

  static importDOM(): DOMConversionMap | null {
    return {
      figure: (node: HTMLElement) =>
        node.classList.contains("ik-gallery")
          ? { conversion: $convertGalleryElement, priority: 2 }
          : null,
    };
  }

  constructor(gallery: Gallery, key?: NodeKey) {
    super(key);
    this.__gallery = {
      columns: clampGalleryColumns(gallery.columns),
      caption: gallery.caption ?? "",
      images: gallery.images.map((image) => ({ ...image })),
    };
  }

  exportJSON(): SerializedGalleryNode {
    return { ...super.exportJSON(), type: "gallery", version: 1, ...this.__gallery };
  }

  exportDOM(): DOMExportOutput {
    const figure = document.createElement("figure");
    figure.className = "ik-gallery";
    figure.setAttribute("data-columns", String(this.__gallery.columns));
    const grid = document.createElement("ul");
    grid.className = "ik-gallery-grid";
    for (const image of this.__gallery.images) {
      const li = document.createElement("li");
      li.append(imageFigure(image, true));
      grid.append(li);
    }
    figure.append(grid);
    if (this.__gallery.caption.trim()) {
      const caption = document.createElement("figcaption");
      caption.textContent = this.__gallery.caption.trim();
      figure.append(caption);
    }
    return { element: figure };
  }

  createDOM(): HTMLElement {
    const div = document.createElement("div");
    div.className = "editor-gallery-block";
    return div;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): false {
    return false;
  }

  getGallery(): Gallery {
    return this.getLatest().__gallery;
  }

  setGallery(gallery: Gallery): void {
    this.getWritable().__gallery = {
      columns: clampGalleryColumns(gallery.columns),
      caption: gallery.caption,
      images: gallery.images.map((image) => ({ ...image })),
    };
  }

  getTextContent(): string {
    return "";
  }

  decorate(editor: LexicalEditor): JSX.Element {
    const key = this.__key;
    const change = (next: Gallery | null) =>
      editor.update(
        () => {
          const node = $getNodeByKey(key);
          if (!$isGalleryNode(node)) return;
          if (next) node.setGallery(next);
          else node.remove();
        },
        { tag: SKIP_DOM_SELECTION_TAG },
      );
    return <GalleryEditor gallery={this.__gallery} onChange={change} />;
  }
}

export function $createGalleryNode(gallery: Gallery): GalleryNode {
  return $applyNodeReplacement(new GalleryNode(gallery));
}

export function $isGalleryNode(node: LexicalNode | null | undefined): node is GalleryNode {
  return node instanceof GalleryNode;
}
