/**
 * Footnotes (docs/behaviour.md §footnotes). On every save:
 * - markers typed without JavaScript become footnotes: `[^label]` in the text refers to the note
 *   written as `[^label]: text` (a paragraph starting with it, or a line of its own); a marker
 *   with no such note stays text;
 * - references already in the canonical form keep their notes;
 * - references are numbered 1, 2, 3… in text order, each with its own note (a note referred to
 *   twice is copied), a reference whose note is missing is removed, a note nobody refers to is
 *   dropped, and the note list is written once, at the very end (anchors.ts has the markup).
 * Rendering points the links at the post's page in e-mails and feeds when its address is known.
 */
import { type ChildNode, cloneNode, Element, Text } from "domhandler";
import { appendChild, removeElement, replaceElement } from "domutils";
import { footnoteRefHtml, footnotesSectionHtml } from "./anchors";
import { fragmentHref, type LinkContext } from "./headings.server";
import {
  type Document,
  findElements,
  hasClass,
  isTag,
  isText,
  parseHtml,
  serializeHtml,
} from "./html-tree.server";

/** `[^label]:` opening a note typed as text, and `[^label]` referring to one. */
const DEFINITION = /^\s*\[\^([\w-]{1,40})\]:[ \t]*/;
const REFERENCE = /\[\^([\w-]{1,40})\](?!:)/g;
const BLOCKS = new Set(["p", "ul", "ol", "blockquote", "pre", "figure", "table", "h4", "h5", "h6"]);

type Notes = Map<string, ChildNode[]>;

/** Splits inline content into lines at `<br>` and at line breaks in its text. */
function splitLines(nodes: ChildNode[]): ChildNode[][] {
  const lines: ChildNode[][] = [[]];
  for (const node of nodes) {
    if (isTag(node) && node.name === "br") lines.push([]);
    else if (isText(node) && node.data.includes("\n")) {
      node.data.split("\n").forEach((part, i) => {
        if (i > 0) lines.push([]);
        if (part !== "") lines[lines.length - 1]?.push(new Text(part));
      });
    } else lines[lines.length - 1]?.push(node);
  }
  return lines.filter((line) => line.some((n) => !isText(n) || n.data.trim() !== ""));
}

/** The label of a line that opens a note (its marker removed from the line), or null. */
function openNote(line: ChildNode[]): string | null {
  const first = line[0];
  const match = first && isText(first) ? DEFINITION.exec(first.data) : null;
  if (!first || !match) return null;
  (first as Text).data = (first as Text).data.slice(match[0].length);
  return match[1] as string;
}

/** Adds the notes in `lines` to `notes`; a line that opens none continues the last one. */
function readNotes(lines: ChildNode[][], notes: Notes): ChildNode[][] {
  const rest: ChildNode[][] = [];
  let current: ChildNode[] | null = null;
  for (const line of lines) {
    const label = openNote(line);
    if (label !== null) {
      current = [];
      // The first note written under a label is the one kept.
      if (!notes.has(label)) notes.set(label, current);
      current.push(...line);
    } else if (current) current.push(new Text(" "), ...line);
    else rest.push(line);
  }
  return rest;
}

/** Takes the notes typed as text out of the document: top-level paragraphs and lines. */
function takeTypedNotes(doc: Document): Notes {
  const notes: Notes = new Map();
  for (const node of [...doc.children]) {
    if (isTag(node) && node.name === "p") {
      const first = node.children.find((n) => !isText(n) || n.data.trim() !== "");
      if (!first || !isText(first) || !DEFINITION.test(first.data)) continue;
      readNotes(splitLines(node.children), notes);
      removeElement(node);
    } else if (isText(node) && /(^|\n)\s*\[\^[\w-]{1,40}\]:/.test(node.data)) {
      const kept = readNotes(
        node.data.split("\n").map((line) => [new Text(line)]),
        notes,
      ).map((line) => (line[0] as Text).data);
      node.data = kept.join("\n");
      if (node.data.trim() === "") removeElement(node);
    }
  }
  return notes;
}

/** Elements whose text is never scanned for markers. */
const OPAQUE = (el: Element) =>
  ["pre", "code", "a", "script", "style"].includes(el.name) ||
  hasClass(el, "ik-fnref") ||
  hasClass(el, "ik-footnotes");

/** Turns `[^label]` markers with a typed note into references; records each one's note. */
function linkTypedReferences(doc: Document, notes: Notes, bodies: Map<Element, ChildNode[]>) {
  if (notes.size === 0) return;
  const used = new Set<string>();
  const walk = (nodes: ChildNode[]) => {
    for (const node of [...nodes]) {
      if (isTag(node) && !OPAQUE(node)) walk(node.children);
      if (!isText(node) || !node.data.includes("[^")) continue;
      const parts: ChildNode[] = [];
      let last = 0;
      for (const match of node.data.matchAll(REFERENCE)) {
        const note = notes.get(match[1] as string);
        if (!note) continue;
        parts.push(new Text(node.data.slice(last, match.index)));
        const ref = new Element("sup", { class: "ik-fnref" });
        const label = match[1] as string;
        bodies.set(ref, used.has(label) ? note.map((n) => cloneNode(n, true)) : note);
        used.add(label);
        parts.push(ref);
        last = (match.index ?? 0) + match[0].length;
      }
      if (parts.length === 0) continue;
      parts.push(new Text(node.data.slice(last)));
      const parent = node.parent;
      if (!parent) continue;
      const at = parent.children.indexOf(node);
      for (const part of parts) part.parent = parent;
      parent.children.splice(at, 1, ...parts.filter((p) => !isText(p) || p.data !== ""));
      relink(parent.children);
    }
  };
  walk(doc.children);
}

/** Restores the sibling links of `nodes` after a splice. */
function relink(nodes: ChildNode[]) {
  nodes.forEach((node, i) => {
    node.prev = nodes[i - 1] ?? null;
    node.next = nodes[i + 1] ?? null;
  });
}

/** Takes the stored note lists out of the document: each note's content by its id. */
function takeStoredNotes(doc: Document): Map<string, ChildNode[]> {
  const notes = new Map<string, ChildNode[]>();
  for (const section of findElements(doc, (el) => hasClass(el, "ik-footnotes"))) {
    for (const li of findElements(section, (el) => el.name === "li" && Boolean(el.attribs.id))) {
      const body = li.children.filter(
        (n) => !(isTag(n) && n.name === "a" && (n.attribs.href ?? "").startsWith("#fnref-")),
      );
      if (!notes.has(li.attribs.id as string)) notes.set(li.attribs.id as string, body);
    }
    removeElement(section);
  }
  return notes;
}

/** Footnote roles and ids anywhere but in a reference are not kept. */
function dropStrayAnchors(doc: Document) {
  for (const el of findElements(doc, (e) => !hasClass(e, "ik-fnref"))) {
    if (el.name === "a" && el.parent && isTag(el.parent) && hasClass(el.parent, "ik-fnref")) {
      continue;
    }
    if (el.name === "a" || el.name === "section") {
      delete el.attribs.role;
      delete el.attribs["aria-label"];
    }
    if (el.name === "sup" || el.name === "li") delete el.attribs.id;
  }
}

/** A note's HTML: trimmed, its inline content in a paragraph, no references of its own. */
function noteHtml(body: ChildNode[]): string {
  const holder = parseHtml("");
  for (const node of body) appendChild(holder, node);
  for (const ref of findElements(holder, (el) => hasClass(el, "ik-fnref"))) removeElement(ref);
  const nodes = holder.children.filter((n, i, all) => {
    const edge = i === 0 || i === all.length - 1;
    return !(edge && isText(n) && n.data.trim() === "");
  });
  const first = nodes[0];
  if (first && isText(first)) first.data = first.data.trimStart();
  const html = serializeHtml(nodes).trim();
  return nodes.some((n) => isTag(n) && BLOCKS.has(n.name)) ? html : `<p>${html}</p>`;
}

/** Save step: typed markers become footnotes; references renumbered; the note list rewritten at the end. */
export function footnotesStep(doc: Document): void {
  const typed = takeTypedNotes(doc);
  const bodies = new Map<Element, ChildNode[]>();
  linkTypedReferences(doc, typed, bodies);
  const stored = takeStoredNotes(doc);
  dropStrayAnchors(doc);
  const notes: string[] = [];
  const used = new Set<string>();
  for (const ref of findElements(doc, (el) => el.name === "sup" && hasClass(el, "ik-fnref"))) {
    const link = ref.children.find((n): n is Element => isTag(n) && n.name === "a");
    const target = (link?.attribs.href ?? "").replace(/^#/, "");
    let body = bodies.get(ref) ?? stored.get(target);
    if (!bodies.has(ref) && body && used.has(target)) body = body.map((n) => cloneNode(n, true));
    if (!bodies.has(ref)) used.add(target);
    if (!body) {
      removeElement(ref);
      continue;
    }
    notes.push(noteHtml(body));
    replaceElement(ref, parseHtml(footnoteRefHtml(notes.length)).children[0] as Element);
  }
  if (notes.length > 0) {
    appendChild(doc, parseHtml(footnotesSectionHtml(notes)).children[0] as Element);
  }
}

/** Render step: in an e-mail or a feed, references and backlinks lead to the post's page. */
export function footnoteLinksStep(doc: Document, ctx: LinkContext): void {
  if (!ctx.pageUrl || (ctx.target !== "email" && ctx.target !== "feed")) return;
  const links = findElements(
    doc,
    (el) =>
      el.name === "a" && (el.attribs.role === "doc-noteref" || el.attribs.role === "doc-backlink"),
  );
  for (const a of links) {
    const id = (a.attribs.href ?? "").replace(/^#/, "");
    if (id) a.attribs.href = fragmentHref(id, ctx);
  }
}
