/**
 * The embed card `/embed/{id}` (docs/integrations.md "oEmbed"): a small standalone HTML page of
 * a published post (headline, summary, photo, byline, site name, a link to the post that opens
 * in a new tab) for other sites to frame. No scripts, no cookies, nothing fetched but the photo;
 * its own Content-Security-Policy lets any site frame it and allows only its one inline style
 * (by hash) and images. Light or dark as the reader's system prefers.
 */
import { createHash } from "node:crypto";
import type { PostCard } from "~/domain/oembed/post-card.server";
import { escapeHtml } from "~/utils/escape";

const STYLE = `
:root{color-scheme:light dark;--bg:#fff;--fg:#1a1a1a;--muted:#555;--link:#0b57d0;--line:#d0d0d0}
@media (prefers-color-scheme:dark){:root{--bg:#16181c;--fg:#f2f2f2;--muted:#b8b8b8;--link:#8ab4f8;--line:#3a3d42}}
*{box-sizing:border-box}
body{margin:0;font:16px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;background:var(--bg);color:var(--fg)}
main{border:1px solid var(--line);border-radius:8px;overflow:hidden;max-width:100%}
img{display:block;width:100%;height:auto;max-height:60vh;object-fit:cover}
.body{padding:12px 16px 16px}
h1{font-size:1.2rem;line-height:1.3;margin:0 0 8px}
h1 a{color:inherit;text-decoration:none}
h1 a:hover,h1 a:focus-visible{text-decoration:underline}
p{margin:0 0 8px;color:var(--muted)}
.site{font-size:.875rem;display:flex;justify-content:space-between;gap:8px;flex-wrap:wrap}
.site a{color:var(--link)}
.sr{position:absolute;width:1px;height:1px;overflow:hidden;clip-path:inset(50%);white-space:nowrap}
a:focus-visible{outline:2px solid var(--link);outline-offset:2px}
`.trim();

const STYLE_HASH = createHash("sha256").update(STYLE).digest("base64");

/** The card's policy: framed anywhere; only its own style, https/http images; nothing else. */
export const CARD_CSP = [
  "default-src 'none'",
  `style-src 'sha256-${STYLE_HASH}'`,
  "img-src https: http: data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors *",
].join("; ");

export function cardPageHtml(card: PostCard): string {
  const link = (text: string) =>
    `<a href="${escapeHtml(card.url)}" target="_blank" rel="noopener">${escapeHtml(text)}<span class="sr"> (opens in a new tab)</span></a>`;
  const image = card.image
    ? `<img src="${escapeHtml(card.image.url)}" alt=""${card.image.width && card.image.height ? ` width="${card.image.width}" height="${card.image.height}"` : ""}>`
    : "";
  const date = card.published.toISOString().slice(0, 10);
  return `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<meta name="referrer" content="strict-origin-when-cross-origin">
<title>${escapeHtml(card.title)} | ${escapeHtml(card.siteName)}</title>
<link rel="canonical" href="${escapeHtml(card.url)}">
<style>${STYLE}</style>
</head>
<body>
<main>
<article>
${image}
<div class="body">
<h1>${link(card.title)}</h1>
${card.summary ? `<p>${escapeHtml(card.summary)}</p>` : ""}
<div class="site"><span>${card.authors ? `${escapeHtml(card.authors)} · ` : ""}<time datetime="${date}">${date}</time></span><span>${escapeHtml(card.siteName)}</span></div>
</div>
</article>
</main>
</body>
</html>
`;
}
