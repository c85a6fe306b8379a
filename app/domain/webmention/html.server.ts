/**
 * What Webmention reads in HTML (docs/federation.md "Webmention"), with htmlparser2's streaming
 * parser (comments, scripts and attribute quoting handled as browsers do): the links a post makes,
 * the endpoint a page advertises, and whether a page links to an address.
 */
import { Parser } from "htmlparser2";
import { httpUrl, isOnSite } from "./urls";

type Attributes = Record<string, string>;

/** Calls `visit` with each start tag in document order until it returns true. */
function eachTag(html: string, visit: (name: string, attributes: Attributes) => boolean): void {
  let done = false;
  const parser = new Parser(
    {
      onopentag(name, attributes) {
        if (!done && visit(name, attributes)) done = true;
      },
    },
    { decodeEntities: true, lowerCaseTags: true, lowerCaseAttributeNames: true },
  );
  parser.end(html);
}

/** At most this many targets are mentioned for one post. */
export const MAX_TARGETS = 100;

/**
 * The absolute http(s) addresses a post's stored HTML links to (`<a href>`), without fragments,
 * each once, in order, leaving out this site's own pages (`origin`: PUBLIC_URL).
 */
export function outgoingLinks(html: string, origin: string): string[] {
  const found = new Set<string>();
  eachTag(html, (name, attributes) => {
    if (name !== "a" || !attributes.href || !/^https?:\/\//i.test(attributes.href.trim())) {
      return false;
    }
    const url = httpUrl(attributes.href);
    if (url && !isOnSite(url, origin)) found.add(url);
    return found.size >= MAX_TARGETS;
  });
  return [...found];
}

const relTokens = (rel: string | undefined) => (rel ?? "").toLowerCase().split(/\s+/);

/**
 * The Webmention endpoint a page's HTML advertises: the first `<link>` or `<a>` whose `rel` has
 * the token `webmention` and that has an `href`, resolved against `base` (the page's address
 * after redirects). An empty `href` is the page itself. Null when there is none.
 */
export function endpointInHtml(html: string, base: string): string | null {
  let endpoint: string | null = null;
  eachTag(html, (name, attributes) => {
    if ((name !== "link" && name !== "a") || !("href" in attributes)) return false;
    if (!relTokens(attributes.rel).includes("webmention")) return false;
    endpoint = resolveEndpoint(attributes.href ?? "", base);
    return endpoint !== null;
  });
  return endpoint;
}

/** An endpoint's address resolved against the page it was found on; its query is kept. */
export function resolveEndpoint(href: string, base: string): string | null {
  try {
    const url = new URL(href, base);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Elements whose address attribute counts as a link to the target. */
const LINKING: Record<string, string[]> = {
  a: ["href"],
  area: ["href"],
  link: ["href"],
  img: ["src"],
  video: ["src", "poster"],
  audio: ["src"],
  source: ["src"],
  iframe: ["src"],
  blockquote: ["cite"],
  q: ["cite"],
};

/**
 * Whether the page (`html`, fetched from `base`) links to `target`: an element's address equal
 * to it once resolved (fragments ignored).
 */
export function linksTo(html: string, base: string, target: string): boolean {
  const wanted = httpUrl(target);
  if (!wanted) return false;
  let found = false;
  eachTag(html, (name, attributes) => {
    for (const attribute of LINKING[name] ?? []) {
      const value = attributes[attribute];
      if (value && httpUrl(value, base) === wanted) found = true;
    }
    return found;
  });
  return found;
}

/** The text of the page's `<title>`, or "" (a mention without an h-entry shows it). */
export function pageTitle(html: string): string {
  let inTitle = false;
  let done = false;
  let title = "";
  const parser = new Parser(
    {
      onopentag(name) {
        if (name === "title" && !done) inTitle = true;
      },
      ontext(text) {
        if (inTitle) title += text;
      },
      onclosetag(name) {
        if (name === "title" && inTitle) {
          inTitle = false;
          done = true;
        }
      },
    },
    { decodeEntities: true, lowerCaseTags: true },
  );
  parser.end(html);
  return title.replace(/\s+/g, " ").trim();
}
