/**
 * Embed cards as each target shows them (docs/behaviour.md §embeds). Stored:
 * `<figure class="ik-embed" data-embed-url="URL"><a href="URL">title</a></figure>`.
 * - page: a placeholder (the copied thumbnail, the title linking to the original, and a button
 *   "Load content from <provider>" that client code reveals) with the provider's HTML in an
 *   inert `<template>`; nothing of the provider's loads before the reader asks. With Settings ›
 *   Load embeds without asking, the provider's HTML itself.
 * - email, feed, api: the thumbnail and the link, never the provider's HTML.
 * A card whose link is unknown or failed stays its stored link.
 */
import { inArray } from "drizzle-orm";
import { embeds } from "#db/schema";
import { getSettings } from "~/domain/site/settings.server";
import { type Db, getDb } from "~/platform/db.server";
import { escapeHtml } from "~/utils/escape";
import { type Document, type Element, findElements, hasClass, parseHtml } from "./html-tree.server";

type Row = typeof embeds.$inferSelect;

/** The render context this step reads (pipeline.server.ts's RenderContext). */
type RenderContext = { target: string; db?: Db; publicUrl: string };

export function embedFigures(doc: Document): Element[] {
  return findElements(doc, (el) => el.name === "figure" && hasClass(el, "ik-embed"));
}

/** The rows behind the cards of a document, by URL (one query). */
export function embedRows(db: RenderContext["db"], urls: string[]): Map<string, Row> {
  if (urls.length === 0) return new Map();
  const rows = (db ?? getDb()).select().from(embeds).where(inArray(embeds.url, urls)).all();
  return new Map(rows.filter((r) => !r.error).map((r) => [r.url, r]));
}

function thumbnailImg(row: Row, src: string): string {
  const size = row.width && row.height ? ` width="${row.width}" height="${row.height}"` : "";
  return `<img class="ik-embed-thumbnail" src="${escapeHtml(src)}" alt=""${size} loading="lazy">`;
}

function meta(row: Row): string {
  const by = row.authorName ? `${escapeHtml(row.authorName)} · ` : "";
  return `<span class="ik-embed-provider">${by}${escapeHtml(row.provider)}</span>`;
}

function placeholder(row: Row, url: string): string {
  const title = escapeHtml(row.title || url);
  const thumb = row.thumbnail
    ? `<a class="ik-embed-thumb-link" href="${escapeHtml(url)}" tabindex="-1" aria-hidden="true">${thumbnailImg(row, row.thumbnail)}</a>`
    : "";
  const ask = row.html
    ? `<button type="button" class="ik-embed-load" hidden>Load content from ${escapeHtml(row.provider)}</button><span class="ik-embed-privacy" hidden>Loading it lets ${escapeHtml(row.provider)} see your visit.</span>`
    : "";
  const template = row.html ? `<template class="ik-embed-html">${row.html}</template>` : "";
  return `<div class="ik-embed-placeholder">${thumb}<p class="ik-embed-title"><a href="${escapeHtml(url)}">${title}</a></p><p class="ik-embed-meta">${meta(row)}</p>${ask}</div>${template}`;
}

function direct(row: Row, url: string): string {
  const body = row.html || (row.thumbnail ? thumbnailImg(row, row.thumbnail) : "");
  return `<div class="ik-embed-frame">${body}</div><figcaption><a href="${escapeHtml(url)}">${escapeHtml(row.title || url)}</a> ${meta(row)}</figcaption>`;
}

function linkOnly(row: Row, url: string, publicUrl: string): string {
  const thumb = row.thumbnail
    ? `<a href="${escapeHtml(url)}">${thumbnailImg(row, new URL(row.thumbnail, publicUrl).href)}</a>`
    : "";
  return `${thumb}<figcaption><a href="${escapeHtml(url)}">${escapeHtml(row.title || url)}</a> (${escapeHtml(row.provider)})</figcaption>`;
}

/** Replaces an element's children with parsed HTML. */
function setInner(el: Element, html: string) {
  const children = parseHtml(html).children;
  for (const child of children) child.parent = el;
  el.children = children;
}

export function renderEmbeds(doc: Document, ctx: RenderContext): void {
  if (ctx.target === "markdown") return;
  const figures = embedFigures(doc);
  if (figures.length === 0) return;
  const rows = embedRows(
    ctx.db,
    figures.map((f) => f.attribs["data-embed-url"] ?? ""),
  );
  const loadDirectly =
    ctx.target === "page" && getSettings(ctx.db ?? getDb()).embedsLoadWithoutAsking;
  for (const figure of figures) {
    const url = figure.attribs["data-embed-url"] ?? "";
    const row = rows.get(url);
    if (!row) continue;
    figure.attribs["data-embed-provider"] = row.provider;
    if (ctx.target !== "page") setInner(figure, linkOnly(row, url, ctx.publicUrl));
    else if (loadDirectly) setInner(figure, direct(row, url));
    else setInner(figure, placeholder(row, url));
  }
}
