/**
 * Pages are whole without JavaScript; their scripts only enhance them. So the
 * framework's module preloads (React Router's `<Scripts>`: react-dom, the
 * router, the page's route modules, which React hoists into the head as
 * `<link rel="modulepreload">`) are fetched at low priority, as React marks
 * its own bootstrap modules: the stylesheet and the lead image no longer
 * share the first moments of a slow link with 110 KB of scripts.
 * `<Scripts>` takes no attribute for its preloads, so the rendered head is
 * rewritten once per render (the page cache keeps the result).
 * docs/decisions/054-script-priority.md
 */

const PRELOAD = Buffer.from('<link rel="modulepreload" ');
const LOW = Buffer.from('<link rel="modulepreload" fetchpriority="low" ');
const HEAD_END = Buffer.from("</head>");

/** The page with every module preload in its head marked `fetchpriority="low"`. */
export function lowPriorityScripts(html: Buffer<ArrayBuffer>): Buffer<ArrayBuffer> {
  const headEnd = html.indexOf(HEAD_END);
  if (headEnd < 0) return html;
  const head = html.subarray(0, headEnd); // the body is never searched
  const parts: Buffer<ArrayBuffer>[] = [];
  let from = 0;
  for (let at = head.indexOf(PRELOAD); at >= 0; at = head.indexOf(PRELOAD, from)) {
    parts.push(html.subarray(from, at), LOW);
    from = at + PRELOAD.length;
  }
  if (from === 0) return html;
  parts.push(html.subarray(from));
  return Buffer.concat(parts);
}
