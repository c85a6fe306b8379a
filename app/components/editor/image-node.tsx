/**
 * An image in the post body. Lexical 0.52 ships no image node in its packages (only the
 * playground has one), so this is a small DecoratorNode with HTML import and export. Inline, like
 * <img> in HTML, so it sits inside a paragraph and survives a round trip as `<p><img …></p>`.
 * With a caption or credit it is written as the captioned figure (image-details.ts); the save step
 * takes that figure out of its paragraph (docs/behaviour.md §galleries). "Edit image" opens the
 * image dialog for its alt text, caption and credit.
 */
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import {
  $applyNodeReplacement,
  $getNodeByKey,
  DecoratorNode,
  type DOMConversionMap,
  type DOMConversionOutput,
  type DOMExportOutput,
  type LexicalNode,
  type NodeKey,
  type SerializedLexicalNode,
  type Spread,
} from "lexical";
import type { JSX } from "react";
import { creditLine, type ImageDetails, imageFigure, readImage } from "./image-details";
import { OPEN_IMAGE_DIALOG_COMMAND } from "./image-dialog";

export type SerializedImageNode = Spread<ImageDetails, SerializedLexicalNode>;

function $convertImageElement(domNode: Node): DOMConversionOutput | null {
  const img = domNode as HTMLImageElement;
  if (!img.getAttribute("src")) return { node: null };
  return { node: $createImageNode(readImage(img)) };
}

/** A captioned figure (not a gallery's item): one image node; its caption is read, not imported. */
function $convertFigureElement(domNode: Node): DOMConversionOutput | null {
  const figure = domNode as HTMLElement;
  const img = figure.querySelector("img");
  if (!img?.getAttribute("src")) return { node: null };
  return { node: $createImageNode(readImage(img, figure)), forChild: () => null };
}

export class ImageNode extends DecoratorNode<JSX.Element> {
  __image: ImageDetails;

  static getType(): string {
    return "image";
  }

  static clone(node: ImageNode): ImageNode {
    return new ImageNode(node.__image, node.__key);
  }

  static importJSON(json: SerializedImageNode): ImageNode {
    return $createImageNode(json);
  }

  static importDOM(): DOMConversionMap | null {
    return {
      img: () => ({ conversion: $convertImageElement, priority: 0 }),
      figure: (node: HTMLElement) =>
        node.classList.contains("ik-image") && !node.closest(".ik-gallery")
          ? { conversion: $convertFigureElement, priority: 1 }
          : null,
    };
  }

  constructor(image: ImageDetails, key?: NodeKey) {
    super(key);
    this.__image = { ...image };
  }

  exportJSON(): SerializedImageNode {
    return { ...super.exportJSON(), type: "image", version: 1, ...this.__image };
  }

  exportDOM(): DOMExportOutput {
    return { element: imageFigure(this.__image) };
  }

  createDOM(): HTMLElement {
    const span = document.createElement("span");
    span.className = "editor-image";
    return span;
  }

  updateDOM(): false {
    return false;
  }

  isInline(): boolean {
    return true;
  }

  getSrc(): string {
    return this.__image.src;
  }

  getAltText(): string {
    return this.__image.altText;
  }

  getImage(): ImageDetails {
    return this.getLatest().__image;
  }

  setImage(image: ImageDetails): void {
    this.getWritable().__image = { ...image };
  }

  decorate(): JSX.Element {
    return <EditableImage image={this.__image} nodeKey={this.__key} />;
  }
}

/** The image as the editor shows it, with its caption and credit and the button that edits it. */
function EditableImage({ image, nodeKey }: { image: ImageDetails; nodeKey: NodeKey }) {
  const [editor] = useLexicalComposerContext();
  const credit = creditLine(image);
  const plain = (
    <img
      src={image.src}
      alt={image.decorative ? "" : image.altText}
      width={image.width}
      height={image.height}
      draggable={false}
    />
  );
  return (
    <span className="editor-image-frame">
      {plain}
      {image.caption || credit ? (
        <span className="editor-image-caption">
          {image.caption}
          {image.caption && credit ? " " : null}
          {credit ? <span className="editor-image-credit">{credit}</span> : null}
        </span>
      ) : null}
      <button
        type="button"
        className="button editor-image-edit editor-chrome"
        onClick={() =>
          editor.dispatchCommand(OPEN_IMAGE_DIALOG_COMMAND, {
            heading: "Edit Image",
            initial: image,
            onSave: (next) =>
              editor.update(() => {
                const node = $getNodeByKey(nodeKey);
                if ($isImageNode(node)) node.setImage(next);
              }),
          })
        }
      >
        Edit image
        <span className="visually-hidden">
          {image.decorative || !image.altText ? "" : `: ${image.altText}`}
        </span>
      </button>
    </span>
  );
}

export function $createImageNode(image: ImageDetails): ImageNode {
  return $applyNodeReplacement(new ImageNode(image));
}

export function $isImageNode(node: LexicalNode | null | undefined): node is ImageNode {
  return node instanceof ImageNode;
}
