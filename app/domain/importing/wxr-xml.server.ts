/**
 * The XML side of a WordPress export (WXR 1.0–1.2), streamed through a
 * namespace-aware parser (saxes): the file is never held whole, CDATA and
 * entities arrive decoded, and elements are matched by namespace URI, not
 * prefix (a `wp:` prefix bound to another URI is ignored). A file that is not
 * well-formed XML, has no `<channel>`, or has no valid `wp:wxr_version` is
 * refused with WordPress's message (docs/behaviour.md §import).
 */
import { createReadStream } from "node:fs";
import { SaxesParser } from "saxes";
import { badRequest } from "~/domain/errors.server";

const WP_NS = /^https?:\/\/wordpress\.org\/export\/1\.[0-9]+\/$/;
const EXCERPT_NS = /^https?:\/\/wordpress\.org\/export\/1\.[0-9]+\/excerpt\/$/;
const CONTENT_NS = "http://purl.org/rss/1.0/modules/content/";
const DC_NS = "http://purl.org/dc/elements/1.1/";

export type Node = {
  /** `wp:`, `content:`, `excerpt:`, `dc:` or "" (RSS, no namespace). */
  ns: string;
  name: string;
  attrs: Record<string, string>;
  text: string;
  children: Node[];
};

function nsKey(uri: string): string {
  if (WP_NS.test(uri)) return "wp:";
  if (EXCERPT_NS.test(uri)) return "excerpt:";
  if (uri === CONTENT_NS) return "content:";
  if (uri === DC_NS) return "dc:";
  return uri ? `{${uri}}` : "";
}

export const child = (node: Node, key: string) => node.children.find((c) => c.ns + c.name === key);
export const text = (node: Node, key: string) => (child(node, key)?.text ?? "").trim();
export const raw = (node: Node, key: string) => child(node, key)?.text ?? "";

export const NOT_WXR = "This does not appear to be a WXR file, missing/invalid WXR version number";

export type Header = {
  version: string | null;
  baseUrl: string;
  title: string;
  sawChannel: boolean;
};

/**
 * Streams the file, calling `onNode` with each channel-level author, term and
 * item as a small tree. Throws a 400 DomainError for a broken or non-WXR file.
 */
export async function walk(
  path: string,
  onNode: (node: Node, header: Header) => void,
  repair = false,
): Promise<Header> {
  const parser = new SaxesParser({ xmlns: true, position: true });
  const header: Header = { version: null, baseUrl: "", title: "", sawChannel: false };
  const stack: Node[] = [];
  let rootName: string | null = null;
  let failure: Error | null = null;
  parser.on("error", (error) => {
    // A "]]>" left in text (a CDATA section nested in another) is read as text, as WordPress does.
    if (error.message.includes('"]]>" is disallowed')) return;
    failure ??= error;
  });
  parser.on("opentag", (tag) => {
    const node: Node = {
      ns: nsKey(tag.uri ?? ""),
      name: tag.local ?? tag.name,
      attrs: Object.fromEntries(
        Object.values(tag.attributes).map((a) => [
          typeof a === "string" ? "" : a.local,
          typeof a === "string" ? a : a.value,
        ]),
      ),
      text: "",
      children: [],
    };
    if (rootName === null) rootName = node.name;
    if (stack.length === 1 && node.ns === "" && node.name === "channel") header.sawChannel = true;
    stack.at(-1)?.children.push(node);
    stack.push(node);
  });
  const onText = (value: string) => {
    const top = stack.at(-1);
    // Only leaves keep text: whitespace between an item's children is not content.
    if (top && stack.length > 2) top.text += value;
  };
  parser.on("text", onText);
  parser.on("cdata", onText);
  parser.on("closetag", () => {
    const node = stack.pop();
    if (!node) return;
    const parent = stack.at(-1);
    // Depth 2 = a child of <channel> (rss > channel > node).
    if (stack.length === 2 && parent?.name === "channel") {
      const key = node.ns + node.name;
      if (key === "wp:wxr_version") header.version = node.text.trim();
      else if (key === "wp:base_site_url") header.baseUrl = node.text.trim();
      else if (key === "link" && !header.baseUrl) header.baseUrl = node.text.trim();
      else if (key === "title") header.title = node.text.trim();
      else onNode(node, header);
      parent.children.pop(); // handled: the channel never grows with the file
    }
  });
  let carry = "";
  for await (const chunk of createReadStream(path, { encoding: "utf8" })) {
    let piece = carry + (chunk as string);
    carry = "";
    if (repair) {
      // An "&" near the end may start an entity the next chunk finishes.
      const amp = piece.lastIndexOf("&");
      if (amp >= 0 && amp > piece.length - 12 && !piece.slice(amp).includes(";")) {
        carry = piece.slice(amp);
        piece = piece.slice(0, amp);
      }
      piece = escapeBareAmpersands(piece);
    }
    parser.write(piece);
    if (failure) break;
  }
  if (!failure && carry) parser.write(escapeBareAmpersands(carry));
  if (!failure) parser.close();
  if (failure) {
    throw badRequest(
      `The file is not a readable WordPress export: ${(failure as Error).message.split("\n")[0]}`,
    );
  }
  if (rootName !== "rss" || !header.sawChannel) {
    throw badRequest(`${NOT_WXR} (no <rss><channel>)`);
  }
  if (!header.version || !/^\d+\.\d+$/.test(header.version)) throw badRequest(NOT_WXR);
  return header;
}

/**
 * The one repair tried on a file that is not well-formed: an "&" that starts
 * no entity (an unescaped address query, "Q&A") is escaped. Only characters
 * are changed, nothing is parsed; a file still broken after it is refused.
 */
function escapeBareAmpersands(text: string): string {
  return text.replace(/&(?!(?:#\d+|#x[0-9a-fA-F]+|[A-Za-z][A-Za-z0-9]*);)/g, "&amp;");
}

export const isUnreadable = (error: unknown) =>
  error instanceof Error && error.message.startsWith("The file is not a readable");

/** WordPress dates are "YYYY-MM-DD HH:MM:SS" (site time, or GMT for the _gmt field). */
export function wpDate(value: string, gmt: string, pubDate: string): Date {
  const pick = /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/;
  if (pick.test(gmt) && !gmt.startsWith("0000")) return new Date(`${gmt.replace(" ", "T")}Z`);
  if (pick.test(value) && !value.startsWith("0000")) return new Date(`${value.replace(" ", "T")}Z`);
  const parsed = pubDate ? new Date(pubDate) : null;
  return parsed && !Number.isNaN(parsed.getTime()) ? parsed : new Date();
}

/** WordPress keeps non-ASCII slugs percent-encoded. */
export function decodeSlug(slug: string): string {
  try {
    return decodeURIComponent(slug);
  } catch {
    return slug;
  }
}
