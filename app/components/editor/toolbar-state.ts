/**
 * What the toolbar shows (the formats and block at the caret, the link it is in)
 * and how a block button turns the selected blocks into another kind.
 */
import { $createCodeNode, $isCodeNode } from "@lexical/code";
import { $isLinkNode } from "@lexical/link";
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListNode,
  REMOVE_LIST_COMMAND,
} from "@lexical/list";
import {
  $createHeadingNode,
  $createQuoteNode,
  $isHeadingNode,
  $isQuoteNode,
  type HeadingTagType,
} from "@lexical/rich-text";
import { $setBlocksType } from "@lexical/selection";
import { $findMatchingParent, $getNearestNodeOfType } from "@lexical/utils";
import {
  $createParagraphNode,
  $getSelection,
  $isElementNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  type LexicalEditor,
  type LexicalNode,
  type RangeSelection,
} from "lexical";

export type BlockType =
  | "paragraph"
  | "h1"
  | "h2"
  | "h3"
  | "quote"
  | "bullet"
  | "number"
  | "code"
  | "other";

export type ToolbarState = {
  formats: Record<"bold" | "italic" | "underline" | "strikethrough" | "code", boolean>;
  block: BlockType;
  link: string | null;
};

export const EMPTY: ToolbarState = {
  formats: { bold: false, italic: false, underline: false, strikethrough: false, code: false },
  block: "paragraph",
  link: null,
};

/**
 * The node the caret is in. A click below the last line of an empty editor puts
 * the caret on the root itself; the block there is the one the caret is next to.
 */
function $anchorNode(selection: RangeSelection): LexicalNode {
  const { anchor } = selection;
  const node = anchor.getNode();
  if (!$isRootOrShadowRoot(node) || !$isElementNode(node)) return node;
  const size = node.getChildrenSize();
  return node.getChildAtIndex(Math.min(anchor.offset, size - 1)) ?? node;
}

export function $readToolbarState(): ToolbarState {
  const selection = $getSelection();
  if (!$isRangeSelection(selection)) return EMPTY;
  const anchor = $anchorNode(selection);
  const top = $isRootOrShadowRoot(anchor)
    ? anchor
    : ($findMatchingParent(anchor, (n) => {
        const parent = n.getParent();
        return parent !== null && $isRootOrShadowRoot(parent);
      }) ?? anchor);
  let block: BlockType = "other";
  if ($isListNode(top)) {
    const list = $getNearestNodeOfType(anchor, ListNode) ?? top;
    block = list.getListType() === "number" ? "number" : "bullet";
  } else if ($isHeadingNode(top)) {
    const tag = top.getTag();
    block = tag === "h1" || tag === "h2" || tag === "h3" ? tag : "other";
  } else if ($isQuoteNode(top)) block = "quote";
  else if ($isCodeNode(top)) block = "code";
  else if (top.getType() === "paragraph") block = "paragraph";
  const linkNode = $findMatchingParent(anchor, $isLinkNode);
  return {
    formats: {
      bold: selection.hasFormat("bold"),
      italic: selection.hasFormat("italic"),
      underline: selection.hasFormat("underline"),
      strikethrough: selection.hasFormat("strikethrough"),
      code: selection.hasFormat("code"),
    },
    block,
    link: linkNode && $isLinkNode(linkNode) ? linkNode.getURL() : null,
  };
}

export function setBlock(editor: LexicalEditor, current: BlockType, target: BlockType) {
  if (target === "bullet" || target === "number") {
    if (current === target) editor.dispatchCommand(REMOVE_LIST_COMMAND, undefined);
    else
      editor.dispatchCommand(
        target === "bullet" ? INSERT_UNORDERED_LIST_COMMAND : INSERT_ORDERED_LIST_COMMAND,
        undefined,
      );
    return;
  }
  editor.update(() => {
    let selection = $getSelection();
    if (!$isRangeSelection(selection)) return;
    const anchor = $anchorNode(selection);
    if (anchor !== selection.anchor.getNode() && $isElementNode(anchor)) {
      anchor.selectStart();
      selection = $getSelection();
      if (!$isRangeSelection(selection)) return;
    }
    if (current === target) {
      $setBlocksType(selection, () => $createParagraphNode());
    } else if (target === "quote") {
      $setBlocksType(selection, () => $createQuoteNode());
    } else if (target === "code") {
      $setBlocksType(selection, () => $createCodeNode());
    } else if (target === "h1" || target === "h2" || target === "h3") {
      const tag: HeadingTagType = target;
      $setBlocksType(selection, () => $createHeadingNode(tag));
    }
  });
}
