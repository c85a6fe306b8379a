/**
 * The editor's table tools (docs/behaviour.md §tables): "Table" opens a dialog (rows, columns,
 * header row, caption); with the caret in a table, buttons add and remove a row and a column,
 * switch the header row on and off and edit the caption.
 */
import { useLexicalComposerContext } from "@lexical/react/LexicalComposerContext";
import { TablePlugin } from "@lexical/react/LexicalTablePlugin";
import {
  $deleteTableColumnAtSelection,
  $deleteTableRowAtSelection,
  $insertTableColumnAtSelection,
  $insertTableRowAtSelection,
  $isTableCellNode,
  $isTableNode,
  $isTableRowNode,
  $isTableSelection,
  INSERT_TABLE_COMMAND,
  TableCellHeaderStates,
  type TableNode,
} from "@lexical/table";
import { $findMatchingParent } from "@lexical/utils";
import { $getSelection, $getState, $isRangeSelection, $setState } from "lexical";
import { useEffect, useId, useRef, useState } from "react";
import { CheckField } from "~/components/admin/fields";
import { CancelButton, DialogForm, Modal } from "./dialogs";
import { captionState } from "./table-html";
import { ToolButton } from "./tool-button";

/** The table holding the selection, if any. */
function $selectedTable(): TableNode | null {
  const selection = $getSelection();
  if (!$isRangeSelection(selection) && !$isTableSelection(selection)) return null;
  return $findMatchingParent(selection.anchor.getNode(), $isTableNode) as TableNode | null;
}

function $firstRowCells(table: TableNode) {
  const row = table.getFirstChild();
  return $isTableRowNode(row) ? row.getChildren().filter($isTableCellNode) : [];
}

type TableState = { inTable: boolean; headerRow: boolean; caption: string };
const OUTSIDE: TableState = { inTable: false, headerRow: false, caption: "" };

function $readTableState(): TableState {
  const table = $selectedTable();
  if (!table) return OUTSIDE;
  const cells = $firstRowCells(table);
  return {
    inTable: true,
    headerRow: cells.length > 0 && cells.every((c) => c.hasHeaderState(TableCellHeaderStates.ROW)),
    caption: $getState(table, captionState),
  };
}

const clamp = (value: FormDataEntryValue | null, max: number) =>
  Math.min(max, Math.max(1, Math.trunc(Number(value) || 1)));

function TableDialog({
  open,
  mode,
  caption,
  onInsert,
  onCaption,
  onClose,
}: {
  open: boolean;
  mode: "insert" | "caption";
  caption: string;
  onInsert: (rows: number, columns: number, header: boolean, caption: string) => void;
  onCaption: (caption: string) => void;
  onClose: () => void;
}) {
  const ids = { rows: useId(), columns: useId(), caption: useId() };
  const inserting = mode === "insert";
  return (
    <Modal open={open} onClose={onClose}>
      {(headingId) => (
        <DialogForm
          className="admin-form"
          onSubmit={(form) => {
            const data = new FormData(form);
            const text = String(data.get("caption") ?? "").trim();
            if (!inserting) return onCaption(text);
            onInsert(
              clamp(data.get("rows"), 50),
              clamp(data.get("columns"), 12),
              data.get("header") === "on",
              text,
            );
          }}
        >
          <h2 id={headingId}>{inserting ? "Insert Table" : "Table Caption"}</h2>
          {inserting ? (
            <>
              <div className="field">
                <label htmlFor={ids.rows}>Rows</label>
                <input id={ids.rows} name="rows" type="number" min={1} max={50} defaultValue={3} />
              </div>
              <div className="field">
                <label htmlFor={ids.columns}>Columns</label>
                <input
                  id={ids.columns}
                  name="columns"
                  type="number"
                  min={1}
                  max={12}
                  defaultValue={3}
                />
              </div>
              <CheckField label="First row is a header row" name="header" defaultChecked />
            </>
          ) : null}
          <div className="field">
            <label htmlFor={ids.caption}>Caption (optional)</label>
            <input
              id={ids.caption}
              name="caption"
              type="text"
              defaultValue={caption}
              autoComplete="off"
              // biome-ignore lint/a11y/noAutofocus: the dialog's first field takes focus, as dialogs do
              autoFocus={!inserting}
            />
          </div>
          <div className="editor-dialog-actions">
            <button type="submit" className="button button-primary">
              {inserting ? "Insert Table" : "Save Caption"}
            </button>
            <CancelButton onClose={onClose} />
          </div>
        </DialogForm>
      )}
    </Modal>
  );
}

/** Lexical's table behaviour (cell selection, Tab between cells); no merging or colours. */
export function EditorTables() {
  return <TablePlugin hasCellMerge={false} hasCellBackgroundColor={false} />;
}

/** The toolbar's table group. */
export function TableTools() {
  const [editor] = useLexicalComposerContext();
  const [state, setState] = useState<TableState>(OUTSIDE);
  const [dialog, setDialog] = useState<"insert" | "caption" | null>(null);
  const opener = useRef<HTMLButtonElement | null>(null);
  const buttons = useRef<Record<"insert" | "caption", HTMLButtonElement | null>>({
    insert: null,
    caption: null,
  });

  useEffect(
    () =>
      editor.registerUpdateListener(({ editorState }) => {
        editorState.read(() => setState($readTableState()), { editor });
      }),
    [editor],
  );

  const open = (kind: "insert" | "caption") => ({
    buttonRef: (el: HTMLButtonElement | null) => {
      buttons.current[kind] = el;
    },
    onClick: () => {
      opener.current = buttons.current[kind];
      setDialog(kind);
    },
  });
  const close = () => {
    setDialog(null);
    const button = opener.current;
    requestAnimationFrame(() => button?.focus());
  };
  const inTable = (fn: () => void) => () => editor.update(fn);

  return (
    <div className="editor-tool-group">
      <ToolButton label="Table" {...open("insert")}>
        ▦
      </ToolButton>
      {state.inTable ? (
        <>
          <ToolButton label="Add row" onClick={inTable(() => $insertTableRowAtSelection(true))}>
            R+
          </ToolButton>
          <ToolButton label="Remove row" onClick={inTable(() => $deleteTableRowAtSelection())}>
            R−
          </ToolButton>
          <ToolButton
            label="Add column"
            onClick={inTable(() => $insertTableColumnAtSelection(true))}
          >
            C+
          </ToolButton>
          <ToolButton
            label="Remove column"
            onClick={inTable(() => $deleteTableColumnAtSelection())}
          >
            C−
          </ToolButton>
          <ToolButton
            label="Header row"
            pressed={state.headerRow}
            onClick={inTable(() => {
              const table = $selectedTable();
              if (!table) return;
              const header = state.headerRow
                ? TableCellHeaderStates.NO_STATUS
                : TableCellHeaderStates.ROW;
              for (const cell of $firstRowCells(table)) {
                cell.setHeaderStyles(header, TableCellHeaderStates.ROW);
              }
            })}
          >
            H̲
          </ToolButton>
          <ToolButton label="Table caption" {...open("caption")}>
            Cap
          </ToolButton>
        </>
      ) : null}
      <TableDialog
        open={dialog !== null}
        mode={dialog ?? "insert"}
        caption={dialog === "caption" ? state.caption : ""}
        onClose={close}
        onCaption={(caption) => {
          editor.update(() => {
            const table = $selectedTable();
            if (table) $setState(table, captionState, caption);
          });
          close();
        }}
        onInsert={(rows, columns, header, caption) => {
          editor.dispatchCommand(INSERT_TABLE_COMMAND, {
            rows: String(rows),
            columns: String(columns),
            includeHeaders: header ? { rows: true, columns: false } : false,
          });
          if (caption) {
            editor.update(() => {
              const table = $selectedTable();
              if (table) $setState(table, captionState, caption);
            });
          }
          close();
        }}
      />
    </div>
  );
}
