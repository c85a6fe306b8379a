/**
 * Fetching what a link embeds (docs/behaviour.md §embeds): the provider's oEmbed answer (from its
 * known endpoint, a listed one, or the page's discovery link), its HTML cleaned, its thumbnail
 * copied into the media library, the result (or why it failed) kept in `embeds`.
 */
import { randomUUID } from "node:crypto";
import { mkdir, rm, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { fileTypeFromBuffer } from "file-type";
import { parseDocument } from "htmlparser2";
import { z } from "zod";
import { embeds } from "#db/schema";
import { findElements } from "~/domain/content/html-tree.server";
import { IMAGE_TYPES, incomingDir, storeUpload } from "~/domain/media/file-store.server";
import { getSettings } from "~/domain/site/settings.server";
import type { Db } from "~/platform/db.server";
import { cleanProviderHtml } from "./clean-html.server";
import { EMBED_TIMEOUT_MS, EmbedFetchError, fetchLimited } from "./net.server";
import {
  displayHost,
  type ListedProvider,
  listedHostnames,
  osmFrame,
  type Provider,
  parseProviderList,
  providerFor,
} from "./providers";

export { EmbedFetchError };

export type Embed = typeof embeds.$inferSelect;

const OEmbedAnswer = z.object({
  type: z.string().max(20).catch("rich"),
  title: z.string().max(500).catch(""),
  author_name: z.string().max(300).catch(""),
  author_url: z.string().max(2000).catch(""),
  thumbnail_url: z.string().max(2000).optional().catch(undefined),
  html: z.string().max(100_000).catch(""),
  url: z.string().max(2000).optional().catch(undefined),
  width: z.coerce.number().int().positive().max(10_000).nullable().optional().catch(null),
  height: z.coerce.number().int().positive().max(10_000).nullable().optional().catch(null),
});

/** The operator's list of providers (Settings › Embed providers). */
export function listedProviders(db: Db): ListedProvider[] {
  return parseProviderList(getSettings(db).embedProviders).providers;
}

export type EmbedContext = {
  listed: ListedProvider[];
  /** Who the thumbnail's media row is credited to; null for the site. */
  actorId: number | null;
};

/** The oEmbed endpoint a page names in `<link rel="alternate" type="application/json+oembed">`. */
export function discoveredEndpoint(html: string, base: string): string | null {
  const doc = parseDocument(html);
  const link = findElements(
    doc,
    (el) =>
      el.name === "link" &&
      /(^|\s)alternate(\s|$)/i.test(el.attribs.rel ?? "") &&
      (el.attribs.type ?? "").toLowerCase() === "application/json+oembed",
  )[0];
  const href = link?.attribs.href;
  if (!href) return null;
  try {
    return new URL(href, base).href;
  } catch {
    return null;
  }
}

function endpointFor(provider: Provider, url: URL): string | null {
  if (!provider.endpoint) return null;
  const endpoint = new URL(provider.endpoint.replace("{host}", url.host));
  endpoint.searchParams.set("url", url.href);
  endpoint.searchParams.set("format", "json");
  endpoint.searchParams.set("maxwidth", "720");
  return endpoint.href;
}

type Resolved = Omit<typeof embeds.$inferInsert, "id" | "url" | "fetchedAt" | "error"> & {
  thumbnailUrl?: string;
};

async function fetchAnswer(
  url: URL,
  provider: Provider | null,
  ctx: EmbedContext,
  deadline: number,
) {
  const listed = listedHostnames(ctx.listed);
  let endpoint = provider ? endpointFor(provider, url) : null;
  if (!endpoint) {
    const page = await fetchLimited(url.href, { listed, accept: "text/html", deadline });
    endpoint = discoveredEndpoint(page.body.toString("utf8"), page.url);
    if (!endpoint) throw new EmbedFetchError("the page offers no embed");
  }
  const answer = await fetchLimited(endpoint, { listed, accept: "application/json", deadline });
  let json: unknown;
  try {
    json = JSON.parse(answer.body.toString("utf8"));
  } catch {
    throw new EmbedFetchError("the provider's answer is not JSON");
  }
  const parsed = OEmbedAnswer.safeParse(json);
  if (!parsed.success) throw new EmbedFetchError("the provider's answer is not oEmbed");
  return parsed.data;
}

async function resolve(url: URL, ctx: EmbedContext, deadline: number): Promise<Resolved> {
  const provider = providerFor(url, ctx.listed);
  if (provider?.refusal && !provider.listed) throw new EmbedFetchError(provider.refusal);
  if (provider?.name === "openstreetmap.org" && !provider.listed) {
    const html = osmFrame(url);
    if (!html) throw new EmbedFetchError("the map link names no place");
    return { provider: provider.name, type: "rich", title: "Map on OpenStreetMap", html };
  }
  const answer = await fetchAnswer(url, provider, ctx, deadline);
  // A discovered provider's frames come from the page's own host.
  const effective: Provider = provider ?? {
    name: displayHost(url.href),
    endpoint: null,
    frameHosts: [url.hostname.replace(/^www\./, "")],
  };
  const title = answer.title.trim();
  const html = cleanProviderHtml(answer.html, effective, title);
  const thumbnailUrl = answer.thumbnail_url ?? (answer.type === "photo" ? answer.url : undefined);
  if (!html && !thumbnailUrl && !title)
    throw new EmbedFetchError("the provider sent nothing to show");
  return {
    provider: effective.name.replace(/^www\./, ""),
    type: answer.type,
    title,
    authorName: answer.author_name.trim(),
    authorUrl: /^https?:\/\//.test(answer.author_url) ? answer.author_url : "",
    html,
    width: answer.width ?? null,
    height: answer.height ?? null,
    thumbnailUrl,
  };
}

/** The thumbnail, within the same limits, kept as an image in the media library; null if none. */
async function copyThumbnail(db: Db, src: string, ctx: EmbedContext, deadline: number) {
  try {
    const image = await fetchLimited(src, {
      listed: listedHostnames(ctx.listed),
      accept: "image/*",
      deadline,
    });
    const type = await fileTypeFromBuffer(image.body);
    const ext = type ? IMAGE_TYPES[type.mime] : undefined;
    if (!type || !ext) return null;
    const dir = incomingDir();
    await mkdir(dir, { recursive: true });
    const tempPath = join(dir, `embed-${randomUUID()}`);
    await writeFile(tempPath, image.body);
    try {
      const stored = await storeUpload(
        db,
        { originalName: `thumbnail.${ext}`, tempPath, mimeType: type.mime, ext },
        { collection: "media", authorId: ctx.actorId },
      );
      return stored.url;
    } catch (error) {
      await rm(tempPath, { force: true });
      throw error;
    }
  } catch (error) {
    if (error instanceof EmbedFetchError) return null;
    throw error;
  }
}

/** Whether a link is one the fetcher will try: an absolute http(s) address. */
export function isEmbeddableUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "http:" || url.protocol === "https:") && url.hostname !== "";
  } catch {
    return false;
  }
}

/** Fetches `url` again and keeps what came back (or why it failed); returns the stored row. */
export async function fetchEmbed(db: Db, url: string, ctx: EmbedContext): Promise<Embed> {
  const deadline = Date.now() + EMBED_TIMEOUT_MS;
  let values: typeof embeds.$inferInsert;
  try {
    if (!isEmbeddableUrl(url))
      throw new EmbedFetchError("only http and https links can be embedded");
    const { thumbnailUrl, ...found } = await resolve(new URL(url), ctx, deadline);
    const thumbnail = thumbnailUrl ? await copyThumbnail(db, thumbnailUrl, ctx, deadline) : null;
    values = { ...found, url, thumbnail, fetchedAt: new Date(), error: null };
  } catch (error) {
    if (!(error instanceof EmbedFetchError)) throw error;
    const old = findEmbed(db, url);
    values = {
      url,
      provider: old?.provider ?? displayHost(url),
      // A refresh that fails keeps what was shown before; the reason is kept beside it.
      ...(old && !old.error ? { error: null } : { error: error.message }),
      fetchedAt: new Date(),
    };
    if (old && !old.error) {
      db.update(embeds).set({ fetchedAt: values.fetchedAt }).where(eq(embeds.url, url)).run();
      throw error;
    }
  }
  return db
    .insert(embeds)
    .values(values)
    .onConflictDoUpdate({ target: embeds.url, set: { ...values, url: undefined } })
    .returning()
    .get();
}

export function findEmbed(db: Db, url: string): Embed | undefined {
  return db.select().from(embeds).where(eq(embeds.url, url)).get();
}
