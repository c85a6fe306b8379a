/**
 * The embed cards `/embed/{id}` (docs/integrations.md "oEmbed") are made to be framed by other
 * sites: server.js drops the site-wide Content-Security-Policy (whose `frame-ancestors 'self'`
 * forbids it) and X-Frame-Options for them, so the card's own policy is the only one sent.
 */
import type { ServerResponse } from "node:http";

const CARD_PATH = /^\/embed\/[^/]+\/?$/;

export function isEmbedCardPath(pathname: string): boolean {
  return CARD_PATH.test(pathname);
}

/** On an embed card's response, the site's framing headers are removed (its own CSP follows). */
export function allowFramingOfCards(pathname: string, res: ServerResponse): void {
  if (!isEmbedCardPath(pathname)) return;
  res.removeHeader("Content-Security-Policy");
  res.removeHeader("X-Frame-Options");
}
