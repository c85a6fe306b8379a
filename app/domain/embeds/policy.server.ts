/**
 * The origins a post's embeds need in its page's Content-Security-Policy (docs/behaviour.md
 * §embeds, docs/decisions/233-embed-csp.md): frames from each card's provider and, for posts a
 * script builds, that script's origin. Only pages with such a card get any.
 */
import { inArray } from "drizzle-orm";
import { embeds } from "#db/schema";
import { embedFigures } from "~/domain/content/embeds.server";
import { parseHtml } from "~/domain/content/html-tree.server";
import type { Db } from "~/platform/db.server";
import { embedOrigins } from "./clean-html.server";
import { listedProviders } from "./oembed.server";
import { providerFor } from "./providers";

export type EmbedSources = { frames: string[]; scripts: string[] };

export function embedSourcesFor(db: Db, html: string): EmbedSources {
  const none = { frames: [], scripts: [] };
  if (!html.includes("ik-embed")) return none;
  const urls = embedFigures(parseHtml(html)).map((f) => f.attribs["data-embed-url"] ?? "");
  if (urls.length === 0) return none;
  const rows = db.select().from(embeds).where(inArray(embeds.url, urls)).all();
  const listed = listedProviders(db);
  const frames = new Set<string>();
  const scripts = new Set<string>();
  for (const row of rows) {
    if (row.error || !row.html) continue;
    let provider = null;
    try {
      provider = providerFor(new URL(row.url), listed);
    } catch {}
    const found = embedOrigins(row.html, provider);
    for (const o of found.frames) frames.add(o);
    for (const o of found.scripts) scripts.add(o);
  }
  return { frames: [...frames], scripts: [...scripts] };
}

/** The header a page's loader sets for the server to fold into its policy; absent when empty. */
export const EMBED_SOURCES_HEADER = "X-Embed-Sources";

export function embedSourcesHeader(sources: EmbedSources): Record<string, string> {
  if (sources.frames.length === 0 && sources.scripts.length === 0) return {};
  return {
    [EMBED_SOURCES_HEADER]: `frame ${sources.frames.join(" ")};script ${sources.scripts.join(" ")}`,
  };
}

const ORIGIN = /^https?:\/\/[a-z0-9.-]+(:\d{1,5})?$/i;

/** A policy with the page's embed sources added (frame-src, script-src); unchanged if none. */
export function policyWithEmbeds(policy: string, header: string | null): string {
  if (!header) return policy;
  const wanted: Record<string, string[]> = { "frame-src": [], "script-src": [] };
  for (const part of header.split(";")) {
    const [kind, ...origins] = part.trim().split(/\s+/);
    const key = kind === "frame" ? "frame-src" : kind === "script" ? "script-src" : null;
    if (key) wanted[key]?.push(...origins.filter((o) => ORIGIN.test(o)));
  }
  const directives = policy
    .split(";")
    .map((d) => d.trim())
    .filter(Boolean);
  for (const [name, origins] of Object.entries(wanted)) {
    if (origins.length === 0) continue;
    const at = directives.findIndex((d) => d.split(/\s+/)[0] === name);
    if (at === -1) directives.push(`${name} 'self' ${origins.join(" ")}`);
    else directives[at] = `${directives[at]} ${origins.join(" ")}`;
  }
  return directives.join(";");
}
