/**
 * Folds a page's embed sources (set by its loader in `embedSourcesContext`, sent on as
 * `X-Embed-Sources` by entry.server.tsx; app/domain/embeds/policy.server.ts)
 * into the Content-Security-Policy helmet set on the response, before the page cache keeps the
 * headers (docs/decisions/233-embed-csp.md). server.js wraps the reader-page render with it.
 */
import type { ServerResponse } from "node:http";
import { createContext } from "react-router";
import {
  EMBED_SOURCES_HEADER,
  type EmbedSources,
  embedSourcesHeader,
  policyWithEmbeds,
} from "~/domain/embeds/policy.server";

/** What a page's loader found its embeds need; entry.server.tsx turns it into the header. */
export const embedSourcesContext = createContext<EmbedSources | null>(null);

/** The page's embed sources as the response header server.js reads (none: no header). */
export function setEmbedSourcesHeader(headers: Headers, sources: EmbedSources | null) {
  if (!sources) return;
  for (const [name, value] of Object.entries(embedSourcesHeader(sources))) headers.set(name, value);
}

export function withEmbedPolicy(response: Response, res: ServerResponse): Response {
  const sources = response.headers.get(EMBED_SOURCES_HEADER);
  if (sources === null) return response;
  const headers = new Headers(response.headers);
  headers.delete(EMBED_SOURCES_HEADER);
  const current = res.getHeader("Content-Security-Policy");
  if (typeof current === "string") {
    // The response carries the whole policy; the one set before is dropped so it is not sent twice.
    res.removeHeader("Content-Security-Policy");
    headers.set("Content-Security-Policy", policyWithEmbeds(current, sources));
  }
  return new Response(response.body, {
    status: response.status,
    statusText: response.statusText,
    headers,
  });
}
