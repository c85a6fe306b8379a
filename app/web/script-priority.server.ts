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

const PRELOAD = '<link rel="modulepreload" ';
const LOW = '<link rel="modulepreload" fetchpriority="low" ';

/** The page with every module preload in its head marked `fetchpriority="low"`. */
export function lowPriorityScripts(html: string): string {
  const headEnd = html.indexOf("</head>");
  if (headEnd < 0) return html; // the body is never searched
  const head = html.slice(0, headEnd);
  if (!head.includes(PRELOAD)) return html;
  return head.replaceAll(PRELOAD, LOW) + html.slice(headEnd);
}
