/**
 * Tables in the editor (docs/behaviour.md §tables): the caption, kept as state on Lexical's table
 * node, read from and written to the table's <caption>. The server's save step
 * (app/domain/content/tables.server.ts) brings what the editor writes to the stored form.
 */
import { TableNode } from "@lexical/table";
import {
  $getState,
  $setState,
  createState,
  type DOMConversionMap,
  type DOMExportOutput,
  type HTMLConfig,
  isHTMLElement,
  type LexicalEditor,
  type LexicalNode,
} from "lexical";

export const captionState = createState("ikCaption", {
  parse: (value) => (typeof value === "string" ? value : ""),
});

function exportTable(editor: LexicalEditor, node: LexicalNode): DOMExportOutput {
  const table = node as TableNode;
  const output = table.exportDOM(editor);
  const caption = $getState(table, captionState).trim();
  return {
    ...output,
    after: (element) => {
      const out = output.after ? output.after(element) : element;
      if (caption && out && isHTMLElement(out)) {
        const el = out.ownerDocument.createElement("caption");
        el.textContent = caption;
        out.prepend(el);
      }
      return out;
    },
  };
}

const importTable: DOMConversionMap = {
  table: (domNode) => {
    const base = TableNode.importDOM?.()?.table?.(domNode);
    if (!base) return null;
    return {
      priority: 4,
      conversion: (element) => {
        const out = base.conversion(element);
        const caption = element.querySelector(":scope > caption")?.textContent?.trim() ?? "";
        if (out?.node && !Array.isArray(out.node) && caption) {
          $setState(out.node, captionState, caption);
        }
        return out;
      },
    };
  },
  // The caption's text lives on the table node, not in a cell.
  caption: () => ({ priority: 4, conversion: () => ({ node: null, after: () => [] }) }),
};

/** The editor's `html` setting: tables read and written with their caption. */
export const TABLE_HTML: HTMLConfig = {
  import: importTable,
  export: new Map([[TableNode, exportTable]]),
};
