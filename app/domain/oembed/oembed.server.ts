/**
 * The oEmbed provider (https://oembed.com; docs/integrations.md "oEmbed"): `/oembed?url=…`
 * answers a "rich" embed, an iframe of the post's card page `/embed/{id}`, for a published post
 * of this site (its address with PUBLIC_URL's host, over http or https). JSON only: XML is 501.
 */
import { badRequest, notFound } from "~/domain/errors.server";
import { type PostCard, postCard } from "~/domain/oembed/post-card.server";
import { parsePostId } from "~/domain/posts/ids";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { escapeHtml } from "~/utils/escape";

/** The card's size when the consumer sets no maximum. */
export const CARD_WIDTH = 560;
const CARD_HEIGHT_WITH_IMAGE = 520;
const CARD_HEIGHT = 240;
const MIN_WIDTH = 200;

const POST_PATH = /^\/([^/]+)\/[^/]+\/[^/]+\/?$/;

function dimension(raw: string | null): number | undefined {
  if (raw === null || raw === "") return undefined;
  if (!/^\d{1,5}$/.test(raw)) throw badRequest("maxwidth and maxheight must be whole numbers");
  return Number(raw);
}

/** The post an address names, when it is one on this site. */
function postIdOf(address: string): number {
  let url: URL;
  try {
    url = new URL(address);
  } catch {
    throw badRequest("url must be an absolute address");
  }
  const site = new URL(readEnv().publicUrl);
  const prefix = site.pathname.replace(/\/$/, "");
  if (
    url.host !== site.host ||
    (url.protocol !== "http:" && url.protocol !== "https:") ||
    !url.pathname.startsWith(`${prefix}/`)
  ) {
    throw badRequest("url is not an address on this site");
  }
  const id = parsePostId(POST_PATH.exec(url.pathname.slice(prefix.length))?.[1]);
  if (id === undefined) throw notFound("No post at that address");
  return id;
}

export type OEmbed = Record<string, string | number>;

function embedOf(card: PostCard, maxWidth?: number, maxHeight?: number): OEmbed {
  const width = Math.max(MIN_WIDTH, Math.min(CARD_WIDTH, maxWidth ?? CARD_WIDTH));
  const tall = card.image ? CARD_HEIGHT_WITH_IMAGE : CARD_HEIGHT;
  const height = Math.min(tall, maxHeight ?? tall);
  const src = `${readEnv().publicUrl}/embed/${card.id}`;
  const out: OEmbed = {
    type: "rich",
    version: "1.0",
    title: card.title,
    provider_name: card.siteName,
    provider_url: card.siteUrl,
    html: `<iframe src="${escapeHtml(src)}" width="${width}" height="${height}" title="${escapeHtml(card.title)}" loading="lazy" sandbox="allow-popups allow-popups-to-escape-sandbox" style="border:0;max-width:100%"></iframe>`,
    width,
    height,
  };
  if (card.authors) out.author_name = card.authors;
  if (card.authorUrl) out.author_url = card.authorUrl;
  if (card.image?.width && card.image.height) {
    out.thumbnail_url = card.image.url;
    out.thumbnail_width = card.image.width;
    out.thumbnail_height = card.image.height;
  }
  return out;
}

/** Whether the format asked for is served: JSON only (anything else is a 501). */
export const isServedFormat = (query: URLSearchParams) =>
  (query.get("format") ?? "json") === "json";

/** The oEmbed answer for a request's query (format checked first); DomainError 400 or 404 otherwise. */
export function oembedFor(db: Db, query: URLSearchParams): OEmbed {
  const address = query.get("url");
  if (!address) throw badRequest("url is required");
  const maxWidth = dimension(query.get("maxwidth"));
  const maxHeight = dimension(query.get("maxheight"));
  const card = postCard(db, postIdOf(address));
  if (!card) throw notFound("No published post at that address");
  return embedOf(card, maxWidth, maxHeight);
}
