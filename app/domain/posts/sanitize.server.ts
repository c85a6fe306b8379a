/**
 * The one HTML allowlist (docs/behaviour.md §editor): post and newsletter content is
 * cleaned with it when saved (app/domain/posts/editing.server.ts, app/domain/newsletters/input.server.ts) and
 * again when rendered (routes/post.tsx).
 *
 * Two promises, both tested (tests/unit/sanitize*.test.ts):
 * - whatever arrives comes out harmless: no scripts, event handlers, frames,
 *   forms, SVG/MathML, style sheets, and no link or image address outside the
 *   allowed protocols (links: the list of docs/behaviour.md §editor; images: http, https or a path on
 *   this site, never data:);
 * - the rich editor's own HTML (Lexical's export in the browser) comes out
 *   byte for byte unchanged, so saving twice changes nothing. That is why the
 *   allowed inline styles are exact strings (the ones Lexical writes) rather than
 *   parsed CSS, which sanitize-html would re-serialise differently, and why the
 *   void elements are written `<br>` as browsers do.
 */
import sanitizeHtml from "sanitize-html";
import { BLOCK_TAGS as CONTENT_BLOCK_TAGS, withBlockAttributes } from "~/domain/content/allowlist";
import { keepSafeAnchors } from "~/domain/content/anchors";
import { ALLOWED_TAGS } from "~/domain/posts/html-allowlist";
import {
  ALLOWED_IMAGE_PROTOCOLS,
  ALLOWED_LINK_PROTOCOLS,
  LINK_REL,
} from "~/domain/posts/link-protocols";

export { ALLOWED_LINK_PROTOCOLS };

/** Inline styles Lexical writes, matched exactly (a text run, an aligned block). */
const TEXT_STYLE = /^white-space: pre-wrap;$/;
const BLOCK_STYLE = /^text-align: (left|center|right|justify|start|end);$/;
const BLOCK_TAGS = new Set(["p", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote", "li"]);
const TEXT_TAGS = new Set([
  "span",
  "strong",
  "em",
  "code",
  "b",
  "i",
  "u",
  "s",
  "sub",
  "sup",
  "mark",
]);

function allowedStyle(tagName: string, style: string): boolean {
  if (TEXT_TAGS.has(tagName)) return TEXT_STYLE.test(style);
  if (BLOCK_TAGS.has(tagName)) return BLOCK_STYLE.test(style);
  return false;
}

/** Keeps `style` only when it is one of the exact strings above and `dir` only when it is a direction. */
function checkStyleAndDir(tagName: string, attribs: sanitizeHtml.Attributes): sanitizeHtml.Tag {
  const next = keepSafeAnchors(tagName, attribs);
  if (next.style !== undefined && !allowedStyle(tagName, next.style)) delete next.style;
  if (next.dir !== undefined && !/^(ltr|rtl|auto)$/.test(next.dir)) delete next.dir;
  return { tagName, attribs: next };
}

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...new Set([...ALLOWED_TAGS, ...CONTENT_BLOCK_TAGS])],
  allowedAttributes: withBlockAttributes({
    a: ["href", "title", "rel", "target"],
    // Lexical's marker on the <br> that keeps a trailing empty line visible.
    br: ["data-lexical-managed-linebreak"],
    img: ["src", "alt", "title", "width", "height", "loading"],
    li: ["value", "style", "dir"],
    ol: ["start", "dir"],
    ul: ["dir"],
    p: ["style", "dir"],
    h1: ["style", "dir"],
    h2: ["style", "dir"],
    h3: ["style", "dir"],
    h4: ["style", "dir"],
    h5: ["style", "dir"],
    h6: ["style", "dir"],
    blockquote: ["style", "dir"],
    pre: ["spellcheck", "data-language", "data-highlight-language", "dir"],
    code: ["spellcheck", "data-language", "data-highlight-language", "style"],
    span: ["style"],
    strong: ["style"],
    em: ["style"],
    b: ["style"],
    i: ["style"],
    u: ["style"],
    s: ["style"],
    sub: ["style"],
    sup: ["style"],
    mark: ["style"],
    th: ["colspan", "rowspan"],
    td: ["colspan", "rowspan"],
  }),
  // The editor's theme classes (ik-*) and code languages; nothing else.
  allowedClasses: {
    "*": [/^ik-[a-z0-9-]+$/],
    code: [/^ik-[a-z0-9-]+$/, /^language-[a-z0-9-]+$/],
    pre: [/^ik-[a-z0-9-]+$/, /^language-[a-z0-9-]+$/],
  },
  // Exact-string style checks (checkStyleAndDir) instead of parsed CSS: parsing
  // would rewrite "white-space: pre-wrap;" as "white-space:pre-wrap".
  parseStyleAttributes: false,
  allowedSchemes: [...ALLOWED_LINK_PROTOCOLS],
  allowedSchemesByTag: { img: [...ALLOWED_IMAGE_PROTOCOLS] },
  allowedSchemesAppliedToAttributes: ["href", "src", "cite"],
  allowProtocolRelative: false,
  // Raw-text elements whose content must not survive as text either.
  nonTextTags: [
    "script",
    "style",
    "textarea",
    "option",
    "xmp",
    "noscript",
    "title",
    "iframe",
    "noembed",
    "noframes",
    "template",
  ],
  transformTags: {
    "*": checkStyleAndDir,
    a: (tagName, attribs) => {
      const kept = keepSafeAnchors(tagName, attribs);
      return {
        tagName,
        attribs: {
          ...kept,
          // A footnote link (the only kind keeping a role) points within the page: no rel.
          ...(kept.role ? {} : { rel: LINK_REL }),
          ...(attribs.target ? { target: "_blank" } : {}),
        },
      };
    },
  },
  // An image whose address was refused is dropped rather than kept as an empty <img>.
  exclusiveFilter: (frame) => frame.tag === "img" && !frame.attribs.src,
};

/** Post or newsletter HTML with everything outside the allowlist removed. */
export function sanitizePostHtml(html: string): string {
  const known = sanitized.get(html);
  if (known !== undefined) return known;
  const clean = sanitizeUncached(html);
  // Bounded: starts over past 256 entries or 8 million characters of input.
  keptChars += html.length;
  if (sanitized.size >= 256 || keptChars > 8_000_000) {
    sanitized.clear();
    keptChars = html.length;
  }
  sanitized.set(html, clean);
  return clean;
}

/**
 * The same input always gives the same output, and a post page cleans the
 * same content on every render: results are kept by input.
 */
const sanitized = new Map<string, string>();
let keptChars = 0;

function sanitizeUncached(html: string): string {
  return (
    sanitizeHtml(html, OPTIONS)
      // Browsers (and so the editor) write void elements as <br>, not <br />.
      // Attribute values have < and > escaped, so a tag never contains them.
      .replace(/<(br|hr|img)([^<>]*?) \/>/g, "<$1$2>")
      // sanitize-html decodes &nbsp; to the character; the editor writes the entity.
      .replace(/\u00a0/g, "&nbsp;")
  );
}
