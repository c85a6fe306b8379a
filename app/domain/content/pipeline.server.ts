/**
 * The content blocks' one path (docs/behaviour.md §editor): what the editor or the plain field
 * sends is prepared (`prepareContent`: markers typed without JavaScript become blocks, headings
 * get stable ids, footnotes are numbered) and then sanitised with the one allowlist; what is
 * stored is rendered for each place it goes (`renderContent`: the page, an e-mail, a feed, the
 * JSON API, Markdown), each block deciding what it looks like there.
 *
 * A block is a module in this folder with a save step, a render step, or both; each gets the
 * parsed tree and changes it in place. This file names them and their order.
 */
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import type { Db } from "~/platform/db.server";
import { renderEmbeds } from "./embeds.server";
import { footnoteLinksStep, footnotesStep } from "./footnotes.server";
import { saveGalleries } from "./galleries.server";
import { renderGalleries } from "./galleries-render.server";
import { contentsStep, headingIdsStep } from "./headings.server";
import { type Document, parseHtml, serializeHtml } from "./html-tree.server";
import { unwrapNotes } from "./notes.server";
import { tablesRenderStep, tablesSaveStep } from "./tables.server";

/** Where stored content is going. */
export type ContentTarget = "page" | "email" | "feed" | "api" | "markdown";

export type SaveContext = Record<string, never>;

export type RenderContext = {
  target: ContentTarget;
  /** For blocks that look up what they show (embeds); absent where no database is at hand. */
  db?: Db;
  /** The site's public origin, for absolute links outside the page. */
  publicUrl: string;
  /** The absolute address of the post's page, where it has one: fragment links in e-mails and feeds lead there. */
  pageUrl?: string;
};

export type SaveStep = (doc: Document, ctx: SaveContext) => void;
export type RenderStep = (doc: Document, ctx: RenderContext) => void;

/** Save steps, in order; each leaves HTML the sanitiser's allowlist keeps. */
// biome-ignore format: one block a line
const SAVE_STEPS: SaveStep[] = [
  footnotesStep, // before heading ids: a typed marker is not part of a heading's text
  headingIdsStep,
  tablesSaveStep,
  saveGalleries,
];

/** Render steps, in order; they run on sanitised, stored HTML. */
// biome-ignore format: one block a line
const RENDER_STEPS: RenderStep[] = [
  unwrapNotes, // editorial notes: no reader output carries them
  contentsStep, // fills <nav class="ik-contents"> from the headings
  footnoteLinksStep,
  tablesRenderStep,
  renderGalleries,
  renderEmbeds,
];

/**
 * Every block the render steps change is marked in stored HTML by an `ik-` class (contents box,
 * footnotes, galleries, images with captions, embeds, editorial notes) or is a table: content
 * without either (most older posts) is served as stored, without a parse.
 */
const BLOCK_MARKUP = /\bik-|<table/;

/** Content as it will be stored, before sanitising: the blocks' save steps applied. */
export function prepareContent(html: string, ctx: SaveContext = {}): string {
  if (SAVE_STEPS.length === 0 || html === "") return html;
  const doc = parseHtml(html);
  for (const step of SAVE_STEPS) step(doc, ctx);
  return serializeHtml(doc);
}

/** Stored (sanitised) content as `ctx.target` shows it. */
export function renderContent(html: string, ctx: RenderContext): string {
  if (!BLOCK_MARKUP.test(html)) return html;
  const doc = parseHtml(html);
  for (const step of RENDER_STEPS) step(doc, ctx);
  return serializeHtml(doc);
}

/** What is stored for content a writer sent: prepared, then sanitised with the one allowlist. */
export function cleanContent(html: string, ctx: SaveContext = {}): string {
  return sanitizePostHtml(prepareContent(html, ctx));
}
