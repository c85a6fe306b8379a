/**
 * The editor's toolbar (docs/behaviour.md §editor "Rich editor"): real buttons with names, the
 * toggles say whether they are on (aria-pressed), every button is reachable with
 * Tab and the arrow keys move along the toolbar.
 */
import { $createCodeNode, $isCodeNode } from "@lexical/code";
import { $isLinkNode, $toggleLink } from "@lexical/link";
import {
  $isListNode,
  INSERT_ORDERED_LIST_COMMAND,
  INSERT_UNORDERED_LIST_COMMAND,
  ListNode,
  REMOVE_LIST_COMMAND,
} from "@lexical/list";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { INSERT_HORIZONTAL_RULE_COMMAND } from "@lexical/react/LexicalHorizontalRuleNode";
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
  $createTextNode,
  $getSelection,
  $insertNodes,
  $isElementNode,
  $isRangeSelection,
  $isRootOrShadowRoot,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  type LexicalEditor,
  type LexicalNode,
  mergeRegister,
  type RangeSelection,
  REDO_COMMAND,
  type TextFormatType,
  UNDO_COMMAND,
} from "lexical";
import {
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useLayoutEffect,
  useRef,
  useState,
} from "react";
import { LINK_REL } from "~/domain/posts/link-protocols";
import { ImageDialog, LinkDialog } from "./dialogs";
import { $createImageNode } from "./image-node";

type BlockType =
  | "paragraph"
  | "h1"
  | "h2"
  | "h3"
  | "quote"
  | "bullet"
  | "number"
  | "code"
  | "other";

type ToolbarState = {
  formats: Record<"bold" | "italic" | "underline" | "strikethrough" | "code", boolean>;
  block: BlockType;
  link: string | null;
};

const EMPTY: ToolbarState = {
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

function $readToolbarState(): ToolbarState {
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

function ToolButton({
  label,
  pressed,
  disabled,
  onClick,
  children,
  buttonRef,
}: {
  label: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
  buttonRef?: (el: HTMLButtonElement | null) => void;
}) {
  return (
    <button
      ref={buttonRef}
      type="button"
      className="editor-tool"
      aria-label={label}
      title={label}
      aria-pressed={pressed}
      disabled={disabled}
      // Keep the editor's selection: the click must not move focus before the command runs.
      onMouseDown={(event) => event.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

function setBlock(editor: LexicalEditor, current: BlockType, target: BlockType) {
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

export function Toolbar({
  editorId,
  uploadCollection,
}: {
  editorId: string;
  uploadCollection: "posts" | "newsletters";
}) {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<ToolbarState>(EMPTY);
  const [canUndo, setCanUndo] = useState(false);
  const [canRedo, setCanRedo] = useState(false);
  const [dialog, setDialog] = useState<"link" | "image" | null>(null);
  const returnFocus = useRef<HTMLButtonElement | null>(null);
  const linkButton = useRef<HTMLButtonElement | null>(null);
  const imageButton = useRef<HTMLButtonElement | null>(null);

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          editorState.read(() => setState($readToolbarState()), { editor });
        }),
        editor.registerCommand(
          CAN_UNDO_COMMAND,
          (value) => {
            setCanUndo(value);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
        editor.registerCommand(
          CAN_REDO_COMMAND,
          (value) => {
            setCanRedo(value);
            return false;
          },
          COMMAND_PRIORITY_LOW,
        ),
      ),
    [editor],
  );

  const closeDialog = useCallback(() => {
    setDialog(null);
    const button = returnFocus.current;
    // After the dialog has closed, focus goes back to the button that opened it.
    requestAnimationFrame(() => button?.focus());
  }, []);

  const format = (type: TextFormatType) => editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);

  // One Tab stop for the whole toolbar (the ARIA toolbar pattern): the last
  // button used keeps tabindex 0, the others -1; arrows, Home and End move along.
  const toolbar = useRef<HTMLDivElement>(null);
  const enabledButtons = () =>
    Array.from(toolbar.current?.querySelectorAll<HTMLButtonElement>("button:not(:disabled)") ?? []);
  const rove = (target: HTMLButtonElement | undefined) => {
    if (!target) return;
    for (const button of toolbar.current?.querySelectorAll("button") ?? []) {
      button.tabIndex = button === target ? 0 : -1;
    }
  };
  useLayoutEffect(() => {
    // After every render: if the Tab stop became disabled (undo, redo), the first enabled button takes it.
    const buttons = enabledButtons();
    if (!buttons.some((button) => button.getAttribute("tabindex") === "0")) rove(buttons[0]);
  });

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    const buttons = enabledButtons();
    const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
    if (index < 0) return;
    const next = {
      ArrowRight: (index + 1) % buttons.length,
      ArrowLeft: (index - 1 + buttons.length) % buttons.length,
      Home: 0,
      End: buttons.length - 1,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    rove(buttons[next]);
    buttons[next]?.focus();
  }

  const block = state.block;
  return (
    <div
      className="editor-toolbar"
      ref={toolbar}
      role="toolbar"
      aria-label="Formatting"
      aria-controls={editorId}
      onKeyDown={onKeyDown}
      onFocus={(event) => {
        if (event.target instanceof HTMLButtonElement) rove(event.target);
      }}
    >
      <div className="editor-tool-group">
        <ToolButton label="Bold" pressed={state.formats.bold} onClick={() => format("bold")}>
          <b>B</b>
        </ToolButton>
        <ToolButton label="Italic" pressed={state.formats.italic} onClick={() => format("italic")}>
          <i>I</i>
        </ToolButton>
        <ToolButton
          label="Underline"
          pressed={state.formats.underline}
          onClick={() => format("underline")}
        >
          <u>U</u>
        </ToolButton>
        <ToolButton
          label="Strikethrough"
          pressed={state.formats.strikethrough}
          onClick={() => format("strikethrough")}
        >
          <s>S</s>
        </ToolButton>
        <ToolButton label="Inline code" pressed={state.formats.code} onClick={() => format("code")}>
          {"</>"}
        </ToolButton>
      </div>
      <div className="editor-tool-group">
        {(["h1", "h2", "h3"] as const).map((tag, i) => (
          <ToolButton
            key={tag}
            label={`Heading ${i + 1}`}
            pressed={block === tag}
            onClick={() => setBlock(editor, block, tag)}
          >
            {`H${i + 1}`}
          </ToolButton>
        ))}
      </div>
      <div className="editor-tool-group">
        <ToolButton
          label="Bulleted list"
          pressed={block === "bullet"}
          onClick={() => setBlock(editor, block, "bullet")}
        >
          • ≡
        </ToolButton>
        <ToolButton
          label="Numbered list"
          pressed={block === "number"}
          onClick={() => setBlock(editor, block, "number")}
        >
          1.≡
        </ToolButton>
        <ToolButton
          label="Quote"
          pressed={block === "quote"}
          onClick={() => setBlock(editor, block, "quote")}
        >
          ❝
        </ToolButton>
        <ToolButton
          label="Code block"
          pressed={block === "code"}
          onClick={() => setBlock(editor, block, "code")}
        >
          {"{ }"}
        </ToolButton>
        <ToolButton
          label="Horizontal rule"
          onClick={() => editor.dispatchCommand(INSERT_HORIZONTAL_RULE_COMMAND, undefined)}
        >
          ―
        </ToolButton>
      </div>
      <div className="editor-tool-group">
        <ToolButton
          label="Link"
          pressed={state.link !== null}
          buttonRef={(el) => {
            linkButton.current = el;
          }}
          onClick={() => {
            returnFocus.current = linkButton.current;
            setDialog("link");
          }}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            className="editor-icon"
          >
            <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
            <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
          </svg>
        </ToolButton>
        <ToolButton
          label="Image"
          buttonRef={(el) => {
            imageButton.current = el;
          }}
          onClick={() => {
            returnFocus.current = imageButton.current;
            setDialog("image");
          }}
        >
          <svg
            aria-hidden="true"
            viewBox="0 0 24 24"
            width="20"
            height="20"
            className="editor-icon"
          >
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m4 18 5-5 4 4 3-3 4 4" />
          </svg>
        </ToolButton>
      </div>
      <div className="editor-tool-group">
        <ToolButton
          label="Undo"
          disabled={!canUndo}
          onClick={() => editor.dispatchCommand(UNDO_COMMAND, undefined)}
        >
          ↶
        </ToolButton>
        <ToolButton
          label="Redo"
          disabled={!canRedo}
          onClick={() => editor.dispatchCommand(REDO_COMMAND, undefined)}
        >
          ↷
        </ToolButton>
      </div>

      <LinkDialog
        open={dialog === "link"}
        initialUrl={state.link ?? ""}
        canRemove={state.link !== null}
        onClose={closeDialog}
        onRemove={() => {
          editor.update(() => $toggleLink(null));
          closeDialog();
        }}
        onApply={(url) => {
          editor.update(() => {
            const selection = $getSelection();
            if ($isRangeSelection(selection) && selection.isCollapsed() && state.link === null) {
              // Nothing selected: the address itself becomes the link's text.
              const text = $createTextNode(url);
              $insertNodes([text]);
              text.select(0, text.getTextContentSize());
            }
            $toggleLink(url, { rel: LINK_REL });
          });
          closeDialog();
        }}
      />
      <ImageDialog
        open={dialog === "image"}
        uploadCollection={uploadCollection}
        onClose={closeDialog}
        onInsert={(image) => {
          editor.update(() => {
            $insertNodes([$createImageNode(image)]);
          });
          closeDialog();
        }}
      />
    </div>
  );
}
