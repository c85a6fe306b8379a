/**
 * A note on a whole paragraph, chosen without JavaScript (docs/behaviour.md §editorial-notes):
 * the post's blocks (paragraphs, headings, list items, code) listed by their first words, and
 * the chosen block's content wrapped in the note's mark.
 */
import { textContent } from "domutils";
import {
  type Document,
  type Element,
  findElements,
  hasClass,
  parseHtml,
  serializeHtml,
} from "~/domain/content/html-tree.server";

const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "li", "pre", "figcaption"]);

/** A block a note can be put on: its place in the post (0-based) and its first words. */
export type NoteBlock = { index: number; label: string };

const squash = (text: string) => text.replace(/\s+/g, " ").trim();

/** Where a generated box (contents, footnotes) starts: notes go on the writer's own text. */
function insideGenerated(el: Element): boolean {
  for (let node = el.parent; node && node.type !== "root"; node = node.parent) {
    const parent = node as Element;
    if (hasClass(parent, "ik-contents") || hasClass(parent, "ik-footnotes")) return true;
  }
  return false;
}

function blockElements(doc: Document): Element[] {
  return findElements(
    doc,
    (el) =>
      BLOCK_TAGS.has(el.name) &&
      squash(textContent(el)) !== "" &&
      // A list item holding paragraphs: the paragraphs are the blocks.
      findElements(el, (inner) => BLOCK_TAGS.has(inner.name)).length === 0 &&
      !insideGenerated(el),
  );
}

/** The first words of a text, for a select's option. */
export function firstWords(text: string, words = 8): string {
  const all = squash(text).split(" ");
  return all.length > words ? `${all.slice(0, words).join(" ")}…` : all.join(" ");
}

/** The blocks of stored content, in text order. */
export function noteBlocks(html: string): NoteBlock[] {
  return blockElements(parseHtml(html)).map((el, index) => ({
    index,
    label: firstWords(textContent(el)),
  }));
}

/**
 * `html` with block `index`'s content wrapped in thread `threadId`'s mark, and the block's text
 * (the note's quote); undefined when there is no such block.
 */
export function wrapBlock(
  html: string,
  index: number,
  threadId: number,
): { html: string; quote: string } | undefined {
  const doc = parseHtml(html);
  const block = blockElements(doc)[index];
  if (!block) return undefined;
  const quote = squash(textContent(block));
  const wrapper = parseHtml(`<mark class="ik-note" data-note="${threadId}"></mark>`)
    .children[0] as Element;
  const children = block.children;
  for (const child of children) child.parent = wrapper;
  wrapper.children = children;
  wrapper.parent = block;
  wrapper.prev = null;
  wrapper.next = null;
  block.children = [wrapper];
  return { html: serializeHtml(doc), quote };
}
