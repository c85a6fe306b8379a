/**
 * Webmention endpoint discovery (W3C Webmention §3.1.2; docs/federation.md "Webmention"): the
 * target is fetched (through the outbound rules), an HTTP `Link` header with `rel="webmention"`
 * wins, else the first `<link>` or `<a>` with that rel in the HTML; relative addresses resolve
 * against the address the page was finally served from.
 */
import { endpointInHtml, resolveEndpoint } from "./html.server";

/** One `<uri>; params` of a Link header (several values are comma-separated). */
const LINK_VALUE = /<([^>]*)>((?:\s*;\s*[^;,=\s]+(?:\s*=\s*(?:"(?:[^"\\]|\\.)*"|[^;,]*))?)*)/g;
const LINK_PARAM = /;\s*([^;,=\s]+)\s*(?:=\s*("(?:[^"\\]|\\.)*"|[^;,]*))?/g;

/** The endpoint a `Link` header names with `rel="webmention"` (rel may list several), or null. */
export function endpointInLinkHeader(header: string | undefined, base: string): string | null {
  if (!header) return null;
  for (const value of header.matchAll(LINK_VALUE)) {
    for (const param of (value[2] ?? "").matchAll(LINK_PARAM)) {
      if (param[1]?.toLowerCase() !== "rel") continue;
      const rel = (param[2] ?? "").replace(/^"|"$/g, "").toLowerCase().split(/\s+/);
      if (rel.includes("webmention")) {
        const endpoint = resolveEndpoint(value[1] ?? "", base);
        if (endpoint) return endpoint;
      }
    }
  }
  return null;
}

/** Whether an answer's Content-Type is HTML (or unstated, as some servers answer). */
function isHtml(contentType: string | undefined): boolean {
  return !contentType || /^\s*(?:text\/html|application\/xhtml\+xml)\b/i.test(contentType);
}

/**
 * The endpoint of a fetched target page: its `Link` header first, then its HTML. `url` is the
 * address the answer came from (after redirects); `headers` have lower-case names.
 */
export function endpointOf(page: {
  url: string;
  headers: Record<string, string>;
  body: Buffer;
}): string | null {
  const fromHeader = endpointInLinkHeader(page.headers.link, page.url);
  if (fromHeader) return fromHeader;
  if (!isHtml(page.headers["content-type"])) return null;
  return endpointInHtml(page.body.toString("utf8"), page.url);
}
