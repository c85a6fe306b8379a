/**
 * Settings › Use CDN + CDN address for the build's assets: the rendered HTML
 * names `/assets/…` (stylesheets, scripts, module preloads and the route
 * manifest) on the CDN origin. Only quoted addresses are rewritten, so the
 * text of a page is never touched. The site keeps serving `/assets/` itself,
 * so a pull CDN fills from it.
 */
import { Transform } from "node:stream";
import { StringDecoder } from "node:string_decoder";
import { activeCdn, getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";

/** The CDN origin pages use now ("" for none); server.js reads it for the CSP. */
export function cdnOrigin(): string {
  return activeCdn(getSettings(getDb()));
}

const ASSET = /(["'])\/assets\//g;
/** The length of `"/assets/`. */
const MATCH = 9;

/** A stream that rewrites quoted `/assets/…` addresses onto `cdn`. */
export function cdnAssetStream(cdn: string): Transform {
  const decoder = new StringDecoder("utf8");
  let pending = "";
  const rewrite = (text: string) => text.replace(ASSET, `$1${cdn}/assets/`);
  return new Transform({
    transform(chunk: Buffer, _encoding, done) {
      const text = pending + decoder.write(chunk);
      // A match not yet complete starts in the last MATCH - 1 characters: keep them,
      // and never cut through a complete match.
      let cut = Math.max(0, text.length - (MATCH - 1));
      for (const m of text.matchAll(ASSET)) {
        if (m.index < cut && m.index + MATCH > cut) cut = m.index;
      }
      pending = text.slice(cut);
      done(null, rewrite(text.slice(0, cut)));
    },
    flush(done) {
      done(null, rewrite(pending + decoder.end()));
    },
  });
}

/** The same rewrite on a whole document (tests, small answers). */
export function cdnAssetHtml(html: string, cdn: string): string {
  return cdn ? html.replace(ASSET, `$1${cdn}/assets/`) : html;
}
