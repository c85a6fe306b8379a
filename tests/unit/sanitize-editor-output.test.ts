/**
 * The editor's own HTML survives the server's allowlist byte for byte, and
 * loads back into the editor without loss.
 *
 * The corpus is generated, not hand-written: a headless Lexical editor with the
 * browser editor's nodes and theme (app/components/editor/nodes.ts) builds each
 * document the way the toolbar does and exports it with the browser's export call,
 * the same call the browser makes. (The e2e test editor-js.spec.ts checks the
 * same promise on Chromium's own serialisation.)
 */
import { $createCodeNode } from "@lexical/code";
import { $createAutoLinkNode, $createLinkNode } from "@lexical/link";
import { $createListItemNode, $createListNode } from "@lexical/list";
import { $createHorizontalRuleNode } from "@lexical/react/LexicalHorizontalRuleNode";
import { $createHeadingNode, $createQuoteNode } from "@lexical/rich-text";
import {
  $createLineBreakNode,
  $createParagraphNode,
  $createTextNode,
  type ElementNode,
  type LexicalNode,
  type TextFormatType,
} from "lexical";
import { describe, expect, test } from "vitest";
import { $createImageNode } from "~/components/editor/image-node";
import { LINK_REL } from "~/domain/posts/link-protocols";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import { exportDocument, reload } from "./headless-editor";

const text = (content: string, ...formats: TextFormatType[]) => {
  const node = $createTextNode(content);
  for (const format of formats) node.toggleFormat(format);
  return node;
};
const with_ = <T extends ElementNode>(element: T, ...children: LexicalNode[]) => {
  element.append(...children);
  return element;
};
const p = (...children: LexicalNode[]) => with_($createParagraphNode(), ...children);
const list = (type: "bullet" | "number", ...items: LexicalNode[][]) =>
  with_(
    $createListNode(type),
    ...items.map((children) => with_($createListItemNode(), ...children)),
  );

const CORPUS: Record<string, () => LexicalNode[]> = {
  "plain paragraphs": () => [p(text("First paragraph.")), p(text("Second one."))],
  "each text format": () =>
    (["bold", "italic", "underline", "strikethrough", "code"] as const).map((format) =>
      p(text("before "), text(format, format), text(" after")),
    ),
  "combined formats": () => [
    p(text("bold italic", "bold", "italic")),
    p(text("underline strike", "underline", "strikethrough")),
    p(text("all of them", "bold", "italic", "underline", "strikethrough")),
    p(text("bold code", "bold", "code")),
  ],
  "line breaks (Shift+Enter)": () => [
    p(text("Line one"), $createLineBreakNode(), text("Line two"), $createLineBreakNode()),
  ],
  "headings 1-3": () =>
    (["h1", "h2", "h3"] as const).map((tag) =>
      with_($createHeadingNode(tag), text(`Title ${tag}`)),
    ),
  lists: () => [
    list("bullet", [text("apples")], [text("pears", "bold")]),
    list("number", [text("one")], [text("two")], [text("three")]),
  ],
  "nested list": () => [
    list("bullet", [text("outer")], [list("bullet", [text("inner a")], [text("inner b")])]),
  ],
  blockquote: () => [
    with_($createQuoteNode(), text("Quoted "), text("words", "italic")),
    with_($createQuoteNode(), text("two"), $createLineBreakNode(), text("lines")),
  ],
  "code block": () => [
    with_(
      $createCodeNode(),
      text('const a = 1 < 2 && b > "c";'),
      $createLineBreakNode(),
      text("  return a;"),
    ),
  ],
  "horizontal rule": () => [p(text("above")), $createHorizontalRuleNode(), p(text("below"))],
  links: () =>
    [
      "https://example.com/path?a=1&b=2",
      "mailto:desk@example.com",
      "tel:+15551234567",
      "xmpp:x@example.com",
    ].map((url) =>
      p(text("see "), with_($createLinkNode(url, { rel: LINK_REL }), text(url)), text(".")),
    ),
  "automatic link": () => [
    p(
      text("visit "),
      with_(
        $createAutoLinkNode("https://inkwell.example/news", { rel: LINK_REL }),
        text("https://inkwell.example/news"),
      ),
    ),
  ],
  images: () => [
    p(
      $createImageNode({ src: "/uploads/posts/0b5c.png", altText: 'A chart of "prices" & volume' }),
    ),
    p(
      text("inline "),
      $createImageNode({ src: "https://cdn.example.com/a.jpg?w=1&h=2", altText: "" }),
      text(" image"),
    ),
  ],
  "special characters": () => [
    p(text("Tom & Jerry <3 \"quotes\" 'single' — em dash, café, 日本語, emoji 🎉")),
    p(text("non\u00a0breaking\u00a0spaces and  two  spaces")),
  ],
  "aligned paragraph": () => [
    p(text("centred")).setFormat("center"),
    p(text("right")).setFormat("right"),
  ],
};

describe("the editor's own output survives sanitising unchanged", () => {
  for (const [name, build] of Object.entries(CORPUS)) {
    test(name, () => {
      const html = exportDocument(build);
      expect(html.length).toBeGreaterThan(0);
      expect(sanitizePostHtml(html)).toBe(html);
    });
  }

  test("a whole post of every kind at once", () => {
    const html = exportDocument(() => Object.values(CORPUS).flatMap((build) => build()));
    expect(sanitizePostHtml(html)).toBe(html);
  });
});

describe("the editor's own output loads back into the editor without loss", () => {
  for (const [name, build] of Object.entries(CORPUS)) {
    test(name, () => {
      const html = exportDocument(build);
      expect(reload(html)).toBe(html);
    });
  }
});

test("attribute values keep the browsers' escaping of < and > (Chromium 138+, Firefox 140+)", () => {
  // happy-dom (the headless corpus) writes them raw; the editor runs in a browser.
  const html =
    '<p><img src="/uploads/posts/a.png" alt="1 &lt; 2 &amp;&amp; &quot;x&quot; &gt; 0"></p>';
  expect(sanitizePostHtml(html)).toBe(html);
});

test("the corpus really contains the editor's markup", () => {
  const html = exportDocument(() => Object.values(CORPUS).flatMap((build) => build()));
  for (const part of [
    '<span style="white-space: pre-wrap;">',
    "<b><strong",
    "<i><em",
    '<u><span class="ik-underline"',
    '<s><span class="ik-strike"',
    "<code",
    "<h1>",
    '<h3 id="',
    '<li value="1">',
    "<ol>",
    "<blockquote>",
    '<pre spellcheck="false">',
    "<hr>",
    "<br>",
    `<a href="mailto:desk@example.com" rel="${LINK_REL}">`,
    `<a href="xmpp:x@example.com" rel="${LINK_REL}">`,
    '<img src="/uploads/posts/0b5c.png"',
    "&amp;",
    "&nbsp;",
    'style="text-align: center;"',
  ]) {
    expect(html).toContain(part);
  }
});

test("a stored <pre><code> block (the demo posts, API clients) loads as one code block, lines kept", () => {
  const stored = "<p>Run:</p><pre><code>npm install\nnpm start</code></pre><p>Done.</p>";
  const loaded = reload(stored);
  expect(loaded.match(/<pre/g)).toHaveLength(1);
  expect(loaded).toContain("npm install");
  expect(loaded).toContain("npm start");
  expect(loaded).toMatch(/npm install(<\/span>)?<br>(<span[^>]*>)?npm start/);
  // And what the editor then writes survives the server and loads unchanged.
  expect(sanitizePostHtml(loaded)).toBe(loaded);
  expect(reload(loaded)).toBe(loaded);
});
