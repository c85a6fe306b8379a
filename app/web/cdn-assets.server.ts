/**
 * Settings › Use CDN + CDN address for the build's assets: the rendered HTML
 * names `/assets/…` (stylesheets, scripts, module preloads and the route
 * manifest) on the CDN origin. Only quoted addresses are rewritten, so the
 * text of a page is never touched. The site keeps serving `/assets/` itself,
 * so a pull CDN fills from it.
 */
import { activeCdn, getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";

/** The CDN origin pages use now ("" for none); server.js reads it for the CSP. */
export function cdnOrigin(): string {
  return activeCdn(getSettings(getDb()));
}

const ASSET = /(["'])\/assets\//g;

/** The document with its quoted `/assets/…` addresses on `cdn` ("" leaves it as it is). */
export function cdnAssetHtml(html: string, cdn: string): string {
  return cdn ? html.replace(ASSET, `$1${cdn}/assets/`) : html;
}
