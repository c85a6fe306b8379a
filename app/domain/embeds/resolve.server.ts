/**
 * The save path's embed step (docs/behaviour.md §embeds): a link alone in its paragraph (one link,
 * or one bare address) becomes the stored card `<figure class="ik-embed" data-embed-url="URL">
 * <a href="URL">title</a></figure>` when the link resolves; one that does not stays a plain link,
 * and the writer is told why. Only links not already in `embeds` are fetched (a failure is tried
 * again after RETRY_FAILED_MS). Runs before `cleanContent`, which is synchronous.
 */
import { Element, Text } from "domhandler";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import {
  type Document,
  findElements,
  hasClass,
  isTag,
  isText,
  parseHtml,
  serializeHtml,
} from "~/domain/content/html-tree.server";
import { badRequest } from "~/domain/errors.server";
import type { Db } from "~/platform/db.server";
import {
  type Embed,
  type EmbedContext,
  EmbedFetchError,
  fetchEmbed,
  findEmbed,
  isEmbeddableUrl,
  listedProviders,
} from "./oembed.server";
import type { EmbedCard } from "./providers";

export const RETRY_FAILED_MS = 10 * 60 * 1000;
const MAX_NEW_PER_SAVE = 10;

export type NotEmbedded = { url: string; reason: string };

function textOf(el: Element): string {
  let out = "";
  const walk = (nodes: Element["children"]) => {
    for (const n of nodes) {
      if (isText(n)) out += n.data;
      else if (isTag(n)) walk(n.children);
    }
  };
  walk(el.children);
  return out;
}

/** The URL a paragraph is nothing but, or null. */
export function loneLink(p: Element): string | null {
  const links = findElements(p, (el) => el.name === "a");
  const text = textOf(p).trim();
  if (links.length === 1) {
    const href = (links[0] as Element).attribs.href ?? "";
    const linkText = textOf(links[0] as Element).trim();
    return text === linkText && isEmbeddableUrl(href) ? href : null;
  }
  if (links.length === 0 && /^https?:\/\/\S+$/.test(text) && isEmbeddableUrl(text)) return text;
  return null;
}

type Candidate = { el: Element; url: string };

function candidates(doc: Document): Candidate[] {
  const found: Candidate[] = [];
  for (const el of findElements(
    doc,
    (e) => e.name === "p" || (e.name === "figure" && hasClass(e, "ik-embed")),
  )) {
    const url = el.name === "p" ? loneLink(el) : (el.attribs["data-embed-url"] ?? "");
    if (url && isEmbeddableUrl(url)) found.push({ el, url });
  }
  return found;
}

function replaceWith(el: Element, next: Element) {
  const parent = el.parent;
  if (!parent) return;
  const at = parent.children.indexOf(el);
  parent.children[at] = next;
  next.parent = parent;
  next.prev = el.prev;
  next.next = el.next;
  if (el.prev) el.prev.next = next;
  if (el.next) el.next.prev = next;
}

function link(url: string, text: string): Element {
  const a = new Element("a", { href: url }, [new Text(text)]);
  (a.children[0] as Text).parent = a;
  return a;
}

function card(url: string, title: string): Element {
  const a = link(url, title || url);
  const figure = new Element("figure", { class: "ik-embed", "data-embed-url": url }, [a]);
  a.parent = figure;
  return figure;
}

function paragraph(url: string): Element {
  const a = link(url, url);
  const p = new Element("p", {}, [a]);
  a.parent = p;
  return p;
}

/** Known rows, fetched rows for the others (a few at a time), by URL. */
async function lookUp(db: Db, urls: string[], ctx: EmbedContext): Promise<Map<string, Embed>> {
  const known = new Map<string, Embed>();
  const toFetch: string[] = [];
  for (const url of urls) {
    const row = findEmbed(db, url);
    const stale = row?.error && Date.now() - (row.fetchedAt?.getTime() ?? 0) > RETRY_FAILED_MS;
    if (row && !stale) known.set(url, row);
    else toFetch.push(url);
  }
  const fetched = await Promise.all(
    toFetch
      .slice(0, MAX_NEW_PER_SAVE)
      .map((url) => fetchEmbed(db, url, ctx).catch(() => findEmbed(db, url))),
  );
  for (const row of fetched) if (row) known.set(row.url, row);
  return known;
}

/** `html` with lone links that resolve turned into cards, and the links that did not, with why. */
export async function resolveEmbeds(
  db: Db,
  html: string,
  ctx: EmbedContext,
): Promise<{ html: string; notEmbedded: NotEmbedded[] }> {
  if (!/https?:\/\//.test(html)) return { html, notEmbedded: [] };
  const doc = parseHtml(html);
  const found = candidates(doc);
  if (found.length === 0) return { html, notEmbedded: [] };
  const rows = await lookUp(db, [...new Set(found.map((c) => c.url))], ctx);
  const notEmbedded = new Map<string, string>();
  for (const { el, url } of found) {
    const row = rows.get(url);
    if (row && !row.error) {
      replaceWith(el, card(url, row.title));
      continue;
    }
    notEmbedded.set(url, row?.error ?? "too many new links in one save; save again");
    if (el.name === "figure") replaceWith(el, paragraph(url));
  }
  return {
    html: serializeHtml(doc),
    notEmbedded: [...notEmbedded].map(([url, reason]) => ({ url, reason })),
  };
}

/** The writer's note for links left plain: "Not embedded: URL — reason". */
export function notEmbeddedMessage(list: readonly NotEmbedded[]): string {
  return list.map((n) => `Not embedded: ${n.url} — ${n.reason}`).join(". ");
}

/**
 * The post save actions' step before `savePost`: staff who write posts get their lone links
 * resolved; the content comes back with cards, plus the note for links left plain ("" if none).
 */
export async function embedLinksForSave(
  db: Db,
  actor: SessionUser,
  content: string,
): Promise<{ content: string; note: string; notEmbedded: NotEmbedded[] }> {
  assertCan(actor, "writePosts");
  const { html, notEmbedded } = await resolveEmbeds(db, content, {
    listed: listedProviders(db),
    actorId: actor.id,
  });
  return { content: html, note: notEmbeddedMessage(notEmbedded), notEmbedded };
}

/**
 * The editor's resolve call and the staff "Refresh" action: the card for `url` (fetched when not
 * known, or again with `refresh`), or a 400 naming why it cannot be embedded.
 */
export async function resolveEmbedLink(
  db: Db,
  actor: SessionUser,
  input: { url: string; refresh: boolean },
): Promise<EmbedCard> {
  assertCan(actor, "writePosts");
  const url = input.url.trim();
  if (!isEmbeddableUrl(url)) throw badRequest("url: an http or https link is required");
  const ctx = { listed: listedProviders(db), actorId: actor.id };
  let row = input.refresh ? undefined : findEmbed(db, url);
  if (!row || row.error) {
    row = await fetchEmbed(db, url, ctx).catch((error: unknown) => {
      if (error instanceof EmbedFetchError) {
        throw badRequest(`Not embedded: ${url} — ${error.message}`);
      }
      throw error;
    });
  }
  if (row.error) throw badRequest(`Not embedded: ${url} — ${row.error}`);
  return {
    url,
    title: row.title,
    provider: row.provider,
    authorName: row.authorName,
    thumbnail: row.thumbnail,
  };
}
