/**
 * Tables (docs/behaviour.md §tables). Stored form, whatever wrote it (the editor, an API client,
 * the plain field):
 * `<figure class="ik-table"><table><caption>…</caption><thead><tr><th scope="col">…</th></tr></thead>
 * <tbody><tr><td>…</td></tr></tbody></table></figure>` (caption optional).
 *
 * Save: a GitHub-style pipe table typed without the editor becomes a table (Markdown's own table
 * grammar, read with `marked`), and every table is brought to the stored form (no column widths,
 * no inline styles, the header row in <thead>).
 * Render: the page wraps each table in a focusable box that scrolls sideways by itself; an e-mail
 * gets a plain bordered table that mail programs draw.
 */
import { Element, Text } from "domhandler";
import { Marked, Parser, type Tokens } from "marked";
import {
  type ChildNode,
  type Document,
  findElements,
  hasClass,
  isTag,
  isText,
  parseHtml,
} from "./html-tree.server";

const markdown = new Marked({ gfm: true });

/* ---------- pipe tables typed as text ---------- */

const PIPE_ROW = /^\s*\|.*\|\s*$/;
const DELIMITER_ROW = /^\s*\|(\s*:?-+:?\s*\|)+\s*$/;

/** A node that is only lines of plain text: a text node, a <br>, a <p> of text and <br>s. */
function isLineNode(node: ChildNode): boolean {
  if (isText(node)) return true;
  if (!isTag(node)) return false;
  if (node.name === "br") return true;
  return (
    node.name === "p" &&
    node.children.every((c) => isText(c) || (isTag(c) && (c.name === "br" || c.name === "span")))
  );
}

function textOf(node: ChildNode): string {
  if (isText(node)) return node.data;
  if (!isTag(node)) return "";
  if (node.name === "br") return "\n";
  return node.children.map(textOf).join("");
}

/** Where a paragraph ended, among the lines. */
const PARAGRAPH_END = "\u2029";

/** The lines of a run of line nodes, with a PARAGRAPH_END line after each paragraph. */
function linesOf(nodes: ChildNode[]): string[] {
  const lines: string[] = [""];
  for (const node of nodes) {
    const paragraph = isTag(node) && node.name === "p";
    if (paragraph && lines[lines.length - 1] !== "") lines.push("");
    const [first = "", ...rest] = textOf(node).split("\n");
    lines[lines.length - 1] += first;
    lines.push(...rest);
    if (paragraph) lines.push(PARAGRAPH_END, "");
  }
  return lines;
}

function el(name: string, attribs: Record<string, string> = {}, children: ChildNode[] = []) {
  const element = new Element(name, attribs, children);
  for (const child of children) child.parent = element;
  relink(children);
  return element;
}

function inlineNodes(cell: Tokens.TableCell): ChildNode[] {
  const html = new Parser().parseInline(cell.tokens);
  return parseHtml(html).children as ChildNode[];
}

function tableFromToken(token: Tokens.Table): Element {
  const head = el(
    "tr",
    {},
    token.header.map((c) => el("th", { scope: "col" }, inlineNodes(c))),
  );
  const rows = token.rows.map((row) =>
    el(
      "tr",
      {},
      row.map((c) => el("td", {}, inlineNodes(c))),
    ),
  );
  const table = el("table", {}, [el("thead", {}, [head]), el("tbody", {}, rows)]);
  return el("figure", { class: "ik-table" }, [table]);
}

function paragraph(lines: string[]): Element | null {
  const kept = lines.filter((l) => l.trim() !== "");
  if (kept.length === 0) return null;
  const children: ChildNode[] = [];
  kept.forEach((line, i) => {
    if (i > 0) children.push(el("br"));
    children.push(new Text(line));
  });
  return el("p", {}, children);
}

/** Blocks for lines holding at least one pipe table, or null when they hold none. */
function blocksFromLines(lines: string[]): Element[] | null {
  const out: Element[] = [];
  let text: string[] = [];
  let found = false;
  const flush = () => {
    for (const part of text.join("\n").split(/\n\s*\n|\u2029/)) {
      const p = paragraph(part.split("\n"));
      if (p) out.push(p);
    }
    text = [];
  };
  // The next line that is not a paragraph's end.
  const next = (i: number) => {
    let j = i;
    while (lines[j] === PARAGRAPH_END) j++;
    return j;
  };
  for (let i = 0; i < lines.length; ) {
    const line = lines[i] ?? "";
    if (PIPE_ROW.test(line) && DELIMITER_ROW.test(lines[next(i + 1)] ?? "")) {
      const rows = [line, lines[next(i + 1)] ?? ""];
      let end = next(i + 1) + 1;
      while (PIPE_ROW.test(lines[next(end)] ?? "")) {
        rows.push(lines[next(end)] ?? "");
        end = next(end) + 1;
      }
      const token = markdown
        .lexer(rows.map((l) => l.trim()).join("\n"))
        .find((t): t is Tokens.Table => t.type === "table");
      if (token) {
        flush();
        out.push(tableFromToken(token));
        found = true;
        i = end;
        continue;
      }
    }
    text.push(line);
    i++;
  }
  flush();
  return found ? out : null;
}

/** Pipe tables typed in runs of plain lines at the top level become tables. */
function pipeTables(doc: Document): void {
  const runs: ChildNode[][] = [];
  let run: ChildNode[] = [];
  for (const node of doc.children) {
    if (isLineNode(node)) run.push(node);
    else if (run.length > 0) {
      runs.push(run);
      run = [];
    }
  }
  if (run.length > 0) runs.push(run);
  for (const nodes of runs) {
    if (!nodes.some((n) => textOf(n).includes("|"))) continue;
    const blocks = blocksFromLines(linesOf(nodes));
    if (!blocks) continue;
    const first = nodes[0] as ChildNode;
    const at = doc.children.indexOf(first);
    for (const b of blocks) b.parent = doc;
    doc.children.splice(at, nodes.length, ...blocks);
    relink(doc.children);
  }
}

function relink(children: ChildNode[]): void {
  children.forEach((child, i) => {
    child.prev = children[i - 1] ?? null;
    child.next = children[i + 1] ?? null;
  });
}

/* ---------- the stored form ---------- */

const elementsIn = (node: Element, name: string) =>
  node.children.filter((c): c is Element => isTag(c) && c.name === name);

/** A cell's content: a lone paragraph (as the editor writes cells) is unwrapped. */
function cellContent(cell: Element): ChildNode[] {
  const blocks = cell.children.filter((c) => !(isText(c) && c.data.trim() === ""));
  const only = blocks[0];
  if (blocks.length === 1 && only && isTag(only) && only.name === "p") return only.children;
  return cell.children;
}

function cell(source: Element, name: "th" | "td", scope?: "col" | "row"): Element {
  const attribs: Record<string, string> = {};
  for (const span of ["colspan", "rowspan"]) {
    const value = source.attribs[span];
    if (value && /^[1-9][0-9]?$/.test(value) && value !== "1") attribs[span] = value;
  }
  if (scope) attribs.scope = scope;
  return el(name, attribs, cellContent(source));
}

function rowsOf(table: Element): { rows: Element[]; headRows: Element[] } {
  const rows: Element[] = [];
  const headRows: Element[] = [];
  for (const child of table.children) {
    if (!isTag(child)) continue;
    if (child.name === "tr") rows.push(child);
    if (child.name === "thead") headRows.push(...elementsIn(child, "tr"));
    if (child.name === "tbody" || child.name === "tfoot") rows.push(...elementsIn(child, "tr"));
  }
  // No <thead>: a first row of header cells (the editor's header row) is the header.
  const first = rows[0];
  if (headRows.length === 0 && first) {
    const cells = first.children.filter(isTag);
    if (cells.length > 0 && cells.every((c) => c.name === "th"))
      headRows.push(rows.shift() as Element);
  }
  return { rows, headRows };
}

function captionOf(table: Element, figure: Element | null): Element | null {
  const caption = elementsIn(table, "caption")[0];
  const figcaption = figure ? elementsIn(figure, "figcaption")[0] : undefined;
  const source = caption ?? figcaption;
  if (!source || textOf(source).trim() === "") return null;
  return el("caption", {}, cellContent(source));
}

function canonicalTable(table: Element, figure: Element | null): Element | null {
  const { rows, headRows } = rowsOf(table);
  if (rows.length === 0 && headRows.length === 0) return null;
  const cellsOf = (row: Element) =>
    row.children.filter(isTag).filter((c) => c.name === "td" || c.name === "th");
  const parts: Element[] = [];
  const caption = captionOf(table, figure);
  if (caption) parts.push(caption);
  if (headRows.length > 0) {
    parts.push(
      el(
        "thead",
        {},
        headRows.map((r) =>
          el(
            "tr",
            {},
            cellsOf(r).map((c) => cell(c, "th", "col")),
          ),
        ),
      ),
    );
  }
  if (rows.length > 0) {
    const body = rows.map((r) =>
      el(
        "tr",
        {},
        cellsOf(r).map((c) => (c.name === "th" ? cell(c, "th", "row") : cell(c, "td"))),
      ),
    );
    parts.push(el("tbody", {}, body));
  }
  return el("figure", { class: "ik-table" }, [el("table", {}, parts)]);
}

function replaceNode(old: ChildNode, next: ChildNode | null): void {
  const parent = old.parent;
  if (!parent) return;
  const siblings = parent.children;
  const at = siblings.indexOf(old);
  if (next) {
    next.parent = parent;
    siblings.splice(at, 1, next);
  } else siblings.splice(at, 1);
  relink(siblings);
}

/** Every table in the stored form; an empty one is dropped. Outermost first, so nested ones too. */
function normaliseTables(doc: Document): void {
  for (const table of findElements(doc, (e) => e.name === "table")) {
    const parent = table.parent;
    const figure = parent && isTag(parent) && parent.name === "figure" ? parent : null;
    const wrapped =
      figure?.children.filter(isTag).every((c) => c === table || c.name === "figcaption") ?? false;
    replaceNode(wrapped && figure ? figure : table, canonicalTable(table, wrapped ? figure : null));
  }
}

/** The save step (pipeline.server.ts SAVE_STEPS). */
export function tablesSaveStep(doc: Document): void {
  pipeTables(doc);
  normaliseTables(doc);
}

/* ---------- what each place gets ---------- */

const EMAIL_CELL = "border:1px solid #999999;padding:6px 8px;text-align:left;vertical-align:top";

function scrollBox(table: Element, figure: Element | null): void {
  const caption = elementsIn(table, "caption")[0];
  const label = caption ? textOf(caption).replace(/\s+/g, " ").trim() : "";
  const target = figure ?? table;
  const box = el("div", {
    class: "ik-table-scroll",
    role: "region",
    tabindex: "0",
    "aria-label": label || "Table",
  });
  replaceNode(target, box);
  target.parent = box;
  box.children = [target];
  relink(box.children);
}

function emailTable(table: Element, figure: Element | null): void {
  table.attribs = {
    border: "1",
    cellpadding: "6",
    cellspacing: "0",
    style: "border-collapse:collapse;margin:16px 0",
  };
  for (const c of findElements(table, (e) => e.name === "th" || e.name === "td")) {
    c.attribs.style = c.name === "th" ? `${EMAIL_CELL};font-weight:bold` : EMAIL_CELL;
  }
  // Mail programs know tables, not figures.
  if (figure) replaceNode(figure, table);
}

/** The render step (pipeline.server.ts RENDER_STEPS); typed without it, which imports this. */
export function tablesRenderStep(doc: Document, ctx: { target: string }): void {
  if (ctx.target !== "page" && ctx.target !== "email") return;
  for (const table of findElements(doc, (e) => e.name === "table")) {
    const parent = table.parent;
    const figure = parent && isTag(parent) && hasClass(parent, "ik-table") ? parent : null;
    if (ctx.target === "page") scrollBox(table, figure);
    else emailTable(table, figure);
  }
}
