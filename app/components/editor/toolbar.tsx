/**
 * The editor's toolbar (docs/behaviour.md §editor "Rich editor"): real buttons with names, the
 * toggles say whether they are on (aria-pressed), every button is reachable with
 * Tab and the arrow keys move along the toolbar.
 */
import { $toggleLink } from "@lexical/link";
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { INSERT_HORIZONTAL_RULE_COMMAND } from "@lexical/react/LexicalHorizontalRuleNode";
import {
  $createTextNode,
  $getSelection,
  $insertNodes,
  $isRangeSelection,
  CAN_REDO_COMMAND,
  CAN_UNDO_COMMAND,
  COMMAND_PRIORITY_LOW,
  FORMAT_TEXT_COMMAND,
  mergeRegister,
  REDO_COMMAND,
  UNDO_COMMAND,
} from "lexical";
import { type ReactNode, useCallback, useEffect, useRef, useState } from "react";
import { LINK_REL } from "~/domain/posts/link-protocols";
import { ContentTools } from "./content-tools";
import { LinkDialog } from "./dialogs";
import { $createGalleryNode } from "./gallery-node";
import { ImageDialog, type ImageDialogRequest, OPEN_IMAGE_DIALOG_COMMAND } from "./image-dialog";
import { $createImageNode } from "./image-node";
import { NoteTool } from "./notes-tool";
import { TableTools } from "./table-tools";
import { ToolButton } from "./tool-button";
import {
  $readToolbarState,
  type BlockType,
  EMPTY,
  setBlock,
  type ToolbarState,
} from "./toolbar-state";
import { useRovingToolbar } from "./use-roving-toolbar";

/** The text formats, in toolbar order: the name read out and what the button shows. */
const FORMAT_BUTTONS: { format: keyof ToolbarState["formats"]; label: string; glyph: ReactNode }[] =
  [
    { format: "bold", label: "Bold", glyph: <b>B</b> },
    { format: "italic", label: "Italic", glyph: <i>I</i> },
    { format: "underline", label: "Underline", glyph: <u>U</u> },
    { format: "strikethrough", label: "Strikethrough", glyph: <s>S</s> },
    { format: "code", label: "Inline code", glyph: "</>" },
  ];

/** The block kinds after the headings, in toolbar order. */
const BLOCK_BUTTONS: { block: BlockType; label: string; glyph: string }[] = [
  { block: "bullet", label: "Bulleted list", glyph: "• ≡" },
  { block: "number", label: "Numbered list", glyph: "1.≡" },
  { block: "quote", label: "Quote", glyph: "❝" },
  { block: "code", label: "Code block", glyph: "{ }" },
];

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
  // The image dialog opened by a block (edit an image, a gallery's images) rather than "Image".
  const [imageRequest, setImageRequest] = useState<ImageDialogRequest | null>(null);
  const returnFocus = useRef<HTMLElement | null>(null);
  const dialogButtons = useRef<Record<"link" | "image", HTMLButtonElement | null>>({
    link: null,
    image: null,
  });
  // A button that opens a dialog; focus returns to it when the dialog closes.
  const dialogButton = (kind: "link" | "image") => ({
    buttonRef: (el: HTMLButtonElement | null) => {
      dialogButtons.current[kind] = el;
    },
    onClick: () => {
      returnFocus.current = dialogButtons.current[kind];
      setDialog(kind);
    },
  });

  useEffect(
    () =>
      mergeRegister(
        editor.registerUpdateListener(({ editorState }) => {
          editorState.read(() => setState($readToolbarState()), { editor });
        }),
        editor.registerCommand(
          OPEN_IMAGE_DIALOG_COMMAND,
          (request) => {
            returnFocus.current = document.activeElement as HTMLElement | null;
            setImageRequest(request);
            setDialog("image");
            return true;
          },
          COMMAND_PRIORITY_LOW,
        ),
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
    setImageRequest(null);
    const button = returnFocus.current;
    // After the dialog has closed, focus goes back to the button that opened it.
    requestAnimationFrame(() => button?.focus());
  }, []);

  const format = (type: keyof ToolbarState["formats"]) =>
    editor.dispatchCommand(FORMAT_TEXT_COMMAND, type);

  const { toolbar, onKeyDown, onFocus } = useRovingToolbar();

  const block = state.block;
  return (
    <div
      className="editor-toolbar"
      ref={toolbar}
      role="toolbar"
      aria-label="Formatting"
      aria-controls={editorId}
      onKeyDown={onKeyDown}
      onFocus={onFocus}
    >
      <div className="editor-tool-group">
        {FORMAT_BUTTONS.map(({ format: type, label, glyph }) => (
          <ToolButton
            key={type}
            label={label}
            pressed={state.formats[type]}
            onClick={() => format(type)}
          >
            {glyph}
          </ToolButton>
        ))}
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
        {BLOCK_BUTTONS.map(({ block: target, label, glyph }) => (
          <ToolButton
            key={target}
            label={label}
            pressed={block === target}
            onClick={() => setBlock(editor, block, target)}
          >
            {glyph}
          </ToolButton>
        ))}
        <ToolButton
          label="Horizontal rule"
          onClick={() => editor.dispatchCommand(INSERT_HORIZONTAL_RULE_COMMAND, undefined)}
        >
          ―
        </ToolButton>
      </div>
      <div className="editor-tool-group">
        <ToolButton label="Link" pressed={state.link !== null} {...dialogButton("link")}>
          <EditorIcon>
            <path d="M10 14a4 4 0 0 0 5.66 0l3-3a4 4 0 0 0-5.66-5.66l-1 1" />
            <path d="M14 10a4 4 0 0 0-5.66 0l-3 3a4 4 0 0 0 5.66 5.66l1-1" />
          </EditorIcon>
        </ToolButton>
        <ToolButton label="Image" {...dialogButton("image")}>
          <EditorIcon>
            <rect x="3" y="4" width="18" height="16" rx="2" />
            <circle cx="9" cy="10" r="2" />
            <path d="m4 18 5-5 4 4 3-3 4 4" />
          </EditorIcon>
        </ToolButton>
        <ToolButton
          label="Gallery"
          onClick={() =>
            editor.dispatchCommand(OPEN_IMAGE_DIALOG_COMMAND, {
              heading: "Add Gallery",
              onSave: (image) =>
                editor.update(() => {
                  $insertNodes([$createGalleryNode({ columns: 3, caption: "", images: [image] })]);
                }),
            })
          }
        >
          <EditorIcon>
            <rect x="3" y="3" width="8" height="8" rx="1" />
            <rect x="13" y="3" width="8" height="8" rx="1" />
            <rect x="3" y="13" width="8" height="8" rx="1" />
            <rect x="13" y="13" width="8" height="8" rx="1" />
          </EditorIcon>
        </ToolButton>
        <NoteTool />
      </div>
      <TableTools />
      <ContentTools />
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
        heading={imageRequest?.heading}
        initial={imageRequest?.initial}
        uploadCollection={uploadCollection}
        onClose={closeDialog}
        onInsert={(image) => {
          if (imageRequest) imageRequest.onSave(image);
          else editor.update(() => $insertNodes([$createImageNode(image)]));
          closeDialog();
        }}
      />
    </div>
  );
}

/** A line icon in a toolbar button (the button's name is its label). */
function EditorIcon({ children }: { children: ReactNode }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20" className="editor-icon">
      {children}
    </svg>
  );
}
