/**
 * Stored post HTML as Markdown (docs/behaviour.md §markdown): CommonMark with GitHub's tables and
 * footnotes. Each content block has a rule: tables become pipe tables, footnote references
 * `[^N]` with their `[^N]: text` definitions at the end, the contents box is left out (a Markdown
 * reader builds its own), editorial-note marks keep only their text, an embed is its address on
 * a line of its own, an image is `![alt](src)` with its caption and credit as a line of text.
 *
 * Pure: HTML in, Markdown out, so tests can read the result back with `marked`.
 */
import TurndownService from "turndown";

type Node = TurndownService.Node;
type HTMLish = HTMLElement;

const classes = (node: Node) => ((node as HTMLish).getAttribute?.("class") ?? "").split(/\s+/);
const hasClass = (node: Node, name: string) => classes(node).includes(name);

/** Text for a table cell: one line, pipes escaped. */
function cellText(markdown: string): string {
  return markdown.replace(/\n+/g, " ").replace(/\|/g, "\\|").trim();
}

function addTableRules(service: TurndownService): void {
  service.addRule("tableCell", {
    filter: ["th", "td"],
    replacement: (content) => ` ${cellText(content)} |`,
  });
  service.addRule("tableRow", {
    filter: "tr",
    replacement: (content, node) => {
      const row = `|${content}\n`;
      const parent = node.parentNode as HTMLish | null;
      const table = node.closest?.("table") as HTMLTableElement | null;
      const first = table?.querySelector("tr");
      if (first !== node) return row;
      // GitHub's tables need a header row: the first row is it, whatever its cells are.
      const cells = (node as HTMLTableRowElement).children.length;
      const delimiter = `|${" --- |".repeat(Math.max(cells, 1))}\n`;
      return parent ? row + delimiter : row;
    },
  });
  service.addRule("tableSection", {
    filter: ["thead", "tbody", "tfoot"],
    replacement: (content) => content,
  });
  service.addRule("tableCaption", {
    filter: "caption",
    replacement: (content) => `${content.trim()}\n\n`,
  });
  service.addRule("table", {
    filter: "table",
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  service.addRule("tableFigure", {
    filter: (node) => node.nodeName === "FIGURE" && hasClass(node, "ik-table"),
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
}

function addFootnoteRules(service: TurndownService): void {
  service.addRule("footnoteRef", {
    filter: (node) => node.nodeName === "SUP" && hasClass(node, "ik-fnref"),
    replacement: (_content, node) => `[^${(node.textContent ?? "").trim()}]`,
  });
  service.addRule("footnotes", {
    filter: (node) => node.nodeName === "SECTION" && hasClass(node, "ik-footnotes"),
    replacement: (_content, node) => {
      const items = Array.from((node as HTMLish).querySelectorAll("li[id^='fn-']"));
      const lines = items.map((li) => {
        const n = (li.getAttribute("id") ?? "").slice(3);
        const copy = li.cloneNode(true) as HTMLish;
        for (const back of Array.from(copy.querySelectorAll("[role='doc-backlink']"))) {
          back.remove();
        }
        const text = service.turndown(copy.innerHTML).trim().replace(/\n+/g, " ");
        return `[^${n}]: ${text}`;
      });
      return `\n\n${lines.join("\n")}\n\n`;
    },
  });
}

function addBlockRules(service: TurndownService): void {
  service.addRule("contents", {
    filter: (node) => node.nodeName === "NAV" && hasClass(node, "ik-contents"),
    replacement: () => "",
  });
  service.addRule("editorialNote", {
    filter: (node) => node.nodeName === "MARK" && hasClass(node, "ik-note"),
    replacement: (content) => content,
  });
  service.addRule("embed", {
    filter: (node) => node.nodeName === "FIGURE" && hasClass(node, "ik-embed"),
    replacement: (_content, node) => {
      const el = node as HTMLish;
      const url = el.getAttribute("data-embed-url") || el.querySelector("a")?.getAttribute("href");
      return url ? `\n\n<${url}>\n\n` : "";
    },
  });
}

let service: TurndownService | undefined;

function turndownService(): TurndownService {
  if (service) return service;
  service = new TurndownService({
    headingStyle: "atx",
    bulletListMarker: "-",
    codeBlockStyle: "fenced",
    emDelimiter: "*",
    strongDelimiter: "**",
  });
  // Turndown tries the rules added last first: the general ones go in first.
  service.addRule("figcaption", {
    filter: "figcaption",
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  service.addRule("figure", {
    filter: "figure",
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  // Gallery lists hold images, not list items to number or bullet.
  service.addRule("galleryGrid", {
    filter: (node) => (node.nodeName === "UL" || node.nodeName === "LI") && isInGallery(node),
    replacement: (content) => `\n\n${content.trim()}\n\n`,
  });
  addTableRules(service);
  addFootnoteRules(service);
  addBlockRules(service);
  return service;
}

function isInGallery(node: Node): boolean {
  const grid = node.nodeName === "UL" ? node : node.parentNode;
  return grid !== null && hasClass(grid as Node, "ik-gallery-grid");
}

/** Stored post HTML (after the "markdown" render) as Markdown. */
export function htmlToMarkdown(html: string): string {
  if (html.trim() === "") return "";
  return `${turndownService().turndown(html).trim()}\n`;
}
