import { describe, expect, test } from "vitest";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";

describe("sanitizePostHtml", () => {
  test("removes scripts, event handlers, iframes and javascript: links", () => {
    const out = sanitizePostHtml(
      '<p onclick="x()">Hi<script>alert(1)</script></p><iframe src="https://x"></iframe><a href="javascript:alert(1)">bad</a>',
    );
    expect(out).not.toMatch(/script|onclick|iframe|javascript/i);
    expect(out).toContain("<p>Hi</p>");
  });
  test("keeps the editor's formatting and its link protocols", () => {
    const html =
      '<h2>T</h2><ul><li>a</li></ul><blockquote>q</blockquote><pre><code>c</code></pre><a href="mailto:a@b.c">m</a><a href="xmpp:a@b.c">x</a>';
    const out = sanitizePostHtml(html);
    for (const part of [
      "<h2>T</h2>",
      "<li>a</li>",
      "<blockquote>q</blockquote>",
      "<code>c</code>",
      'href="mailto:a@b.c"',
      'href="xmpp:a@b.c"',
    ]) {
      expect(out).toContain(part);
    }
    expect(sanitizePostHtml('<a href="data:text/html,x">d</a>')).not.toContain("data:");
  });
  test("links get rel=noopener noreferrer nofollow", () => {
    expect(sanitizePostHtml('<a href="https://example.com">e</a>')).toContain(
      'rel="noopener noreferrer nofollow"',
    );
  });
});
