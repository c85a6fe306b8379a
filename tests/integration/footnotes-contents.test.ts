/**
 * Footnotes, heading ids and the contents box (docs/behaviour.md §footnotes) through the one
 * content path: what is saved (cleanContent), what the sanitiser keeps, and what each render
 * target shows, including the JSON API's post detail.
 */
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { postRevisions, posts } from "#db/schema";
import { cleanContent, renderContent } from "~/domain/content/pipeline.server";
import { absoluteContent } from "~/domain/newsletters/message.server";
import { savePost } from "~/domain/posts/editing.server";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import { searchPublished } from "~/domain/search/search.server";
import { getDb } from "~/platform/db.server";
import { publishedPostDetail } from "~/web/public-api.server";
import { makePost, setupNewsroom } from "./fixtures";

const ref = (n: number) =>
  `<sup class="ik-fnref" id="fnref-${n}"><a href="#fn-${n}" role="doc-noteref">${n}</a></sup>`;
const item = (n: number, body: string) =>
  `<li id="fn-${n}">${body}<a href="#fnref-${n}" role="doc-backlink" aria-label="Back to reference ${n}">↩</a></li>`;
const list = (...items: string[]) =>
  `<section class="ik-footnotes" role="doc-endnotes" aria-label="Footnotes"><ol>${items.join("")}</ol></section>`;

describe("typed markers become footnotes", () => {
  it("turns [^label] and a [^label]: paragraph into a reference and a note at the end", () => {
    const saved = cleanContent("<p>Claim[^a].</p><p>[^a]: The source.</p><p>After.</p>");
    expect(saved).toBe(`<p>Claim${ref(1)}.</p><p>After.</p>${list(item(1, "<p>The source.</p>"))}`);
  });

  it("reads notes written one a line, with <br> or line breaks, and numbers them in text order", () => {
    const saved = cleanContent(
      "<p>One[^z] two[^y].</p>\n<p>[^y]: Why <em>so</em>.<br>[^z]: Zed.</p>\n[^w]: unused",
    );
    expect(saved).toContain(`One${ref(1)} two${ref(2)}.`);
    expect(saved).toContain(list(item(1, "<p>Zed.</p>"), item(2, "<p>Why <em>so</em>.</p>")));
    expect(saved).not.toContain("unused");
    expect(saved).not.toContain("[^");
  });

  it("leaves a marker without a note as text, and markers in code alone", () => {
    const saved = cleanContent("<p>Lone[^9] and <code>[^a]</code>[^a].</p><p>[^a]: A.</p>");
    expect(saved).toContain("Lone[^9] and <code>[^a]</code>");
    expect(saved).toContain(ref(1));
    expect(saved.match(/role="doc-noteref"/g)).toHaveLength(1);
  });

  it("gives a note referred to twice a copy for each reference", () => {
    const saved = cleanContent("<p>A[^x] B[^x]</p><p>[^x]: Same.</p>");
    expect(saved).toContain(list(item(1, "<p>Same.</p>"), item(2, "<p>Same.</p>")));
  });
});

describe("renumbering on every save", () => {
  it("renumbers stored footnotes in text order and drops notes nobody refers to", () => {
    const stored = `<p>B${ref(2)} A${ref(1)}</p>${list(item(1, "<p>first</p>"), item(2, "<p>second</p>"), item(3, "<p>orphan</p>"))}`;
    const saved = cleanContent(stored);
    expect(saved).toBe(
      `<p>B${ref(1)} A${ref(2)}</p>${list(item(1, "<p>second</p>"), item(2, "<p>first</p>"))}`,
    );
  });

  it("removes a reference whose note is missing, and keeps the list last", () => {
    const saved = cleanContent(
      `<p>X${ref(1)} Y${ref(5)}</p>${list(item(1, "<p>one</p>"))}<p>Written after the list.</p>`,
    );
    expect(saved).toBe(
      `<p>X${ref(1)} Y</p><p>Written after the list.</p>${list(item(1, "<p>one</p>"))}`,
    );
  });

  it("is stable: saving the saved content changes nothing", () => {
    const once = cleanContent(
      "<h2>Intro</h2><p>A[^1] b[^2]</p><h3>Intro</h3><p>[^1]: One.</p><p>[^2]: Two.</p>",
    );
    expect(cleanContent(once)).toBe(once);
  });
});

describe("heading ids", () => {
  it("gives h2/h3 ids from their text, unique in the post", () => {
    const saved = cleanContent(
      "<h2>Intro</h2><h3>Café &amp; Crème</h3><h2>Intro</h2><h2>Intro</h2><h4>Not this</h4><h2>Main</h2><h2>!!!</h2>",
    );
    expect(saved).toBe(
      '<h2 id="intro">Intro</h2><h3 id="cafe-creme">Café &amp; Crème</h3><h2 id="intro-2">Intro</h2><h2 id="intro-3">Intro</h2><h4>Not this</h4><h2 id="main-2">Main</h2><h2 id="section">!!!</h2>',
    );
  });

  it("keeps an id while the text keeps its slug, so links survive edits elsewhere", () => {
    // The first "Intro" was deleted: the second keeps intro-2 rather than taking "intro".
    expect(cleanContent('<h2 id="intro-2">Intro</h2><h2>Intro</h2>')).toBe(
      '<h2 id="intro-2">Intro</h2><h2 id="intro">Intro</h2>',
    );
    // Its text changed: a new id.
    expect(cleanContent('<h2 id="intro">Overview</h2>')).toBe('<h2 id="overview">Overview</h2>');
    // Two headings claiming one id: the first keeps it.
    expect(cleanContent('<h2 id="a">A</h2><h2 id="a">A</h2>')).toBe(
      '<h2 id="a">A</h2><h2 id="a-2">A</h2>',
    );
  });

  it("does not count a footnote's number in the heading's text", () => {
    const saved = cleanContent("<h2>Notes[^1]</h2><p>[^1]: n</p>");
    expect(saved).toContain('<h2 id="notes">Notes<sup class="ik-fnref"');
  });
});

describe("the sanitiser keeps the canonical markup only", () => {
  const canonical = `<nav class="ik-contents"></nav><h2 id="one">One</h2><p>T${ref(1)}</p>${list(item(1, "<p>n</p>"))}`;

  it("keeps the canonical structure byte for byte", () => {
    expect(sanitizePostHtml(canonical)).toBe(canonical);
    expect(cleanContent(canonical)).toBe(canonical);
  });

  it.each([
    ['<h2 id="__proto__">x</h2>', "<h2>x</h2>"],
    ['<h2 id="fn-1">x</h2>', "<h2>x</h2>"],
    ['<p id="fn-1">x</p>', "<p>x</p>"],
    ['<a href="#x" role="button">x</a>', '<a href="#x" rel="noopener noreferrer nofollow">x</a>'],
    [
      '<a href="https://e.example" role="doc-noteref">x</a>',
      '<a href="https://e.example" rel="noopener noreferrer nofollow">x</a>',
    ],
    ['<sup id="main">1</sup>', "<sup>1</sup>"],
    ['<li id="constructor">x</li>', "<li>x</li>"],
    ['<section role="region" aria-label="x">s</section>', "<section>s</section>"],
    ['<nav onclick="x()" class="ik-contents"></nav>', '<nav class="ik-contents"></nav>'],
  ])("drops hostile variants: %s", (input, output) => {
    expect(sanitizePostHtml(input)).toBe(output);
  });

  it("drops footnote roles and ids outside a footnote on save", () => {
    const saved = cleanContent(
      '<p><a href="#fn-1" role="doc-noteref">1</a><sup id="fnref-1">1</sup></p><ol><li id="fn-1">x</li></ol>',
    );
    expect(saved).not.toMatch(/role=|id=/);
  });
});

const post = cleanContent(
  '<nav class="ik-contents"></nav><h2>Start</h2><p>Text[^1].</p><h3>Detail</h3><h2>End</h2><p>[^1]: Note.</p>',
);
const contents = (href: (id: string) => string) =>
  `<nav class="ik-contents" aria-label="Contents"><p class="ik-contents-title">Contents</p><ol><li><a href="${href("start")}">Start</a><ol><li><a href="${href("detail")}">Detail</a></li></ol></li><li><a href="${href("end")}">End</a></li></ol></nav>`;

describe("rendering", () => {
  const pageUrl = "https://news.example/p/7/x";
  const base = { publicUrl: "https://news.example" };

  it.each(["page", "api", "markdown"] as const)(
    "fills the contents box for %s with fragment links",
    (target) => {
      const html = renderContent(post, { ...base, target });
      expect(html.startsWith(contents((id) => `#${id}`))).toBe(true);
      expect(html).toContain('<a href="#fn-1" role="doc-noteref">1</a>');
      expect(html).toContain('role="doc-endnotes"');
      expect(html).toContain('<a href="#fnref-1" role="doc-backlink"');
    },
  );

  it.each(["email", "feed"] as const)(
    "points %s links at the post's page when its address is known",
    (target) => {
      const html = renderContent(post, { ...base, target, pageUrl });
      expect(html.startsWith(contents((id) => `${pageUrl}#${id}`))).toBe(true);
      expect(html).toContain(`<a href="${pageUrl}#fn-1" role="doc-noteref">1</a>`);
      expect(html).toContain(`<a href="${pageUrl}#fnref-1" role="doc-backlink"`);
    },
  );

  it("keeps fragment links in an e-mail with no page (a newsletter)", () => {
    const html = absoluteContent(renderContent(post, { ...base, target: "email" }), base.publicUrl);
    expect(html).toContain('<a href="#fn-1" role="doc-noteref">1</a>');
    expect(html).toContain('<a href="#start">Start</a>');
  });

  it("removes a contents box with no headings to list", () => {
    const html = renderContent(cleanContent('<nav class="ik-contents"></nav><p>x</p>'), {
      ...base,
      target: "page",
    });
    expect(html).toBe("<p>x</p>");
  });

  it("the API's post detail carries the rendered box and footnotes", () => {
    const { id } = makePost({ title: "Footnoted", content: post });
    const detail = publishedPostDetail(getDb(), id);
    expect(detail.content).toContain(contents((x) => `#${x}`));
    expect(detail.content).toContain('<li id="fn-1"><p>Note.</p>');
  });
});

describe("saving a post", () => {
  it("stores, records as a revision and indexes the canonical footnotes", () => {
    const { db, staff } = setupNewsroom();
    const { post } = savePost(staff.admin, {
      action: "publish",
      title: "Typed footnotes",
      category: "Crypto",
      summary: "s",
      content: "<h2>Start</h2><p>Claim[^1].</p><p>[^1]: Zeppelinwords in the note.</p>",
    });
    const row = db.select().from(posts).where(eq(posts.id, post.id)).get();
    expect(row?.content).toBe(
      `<h2 id="start">Start</h2><p>Claim${ref(1)}.</p>${list(item(1, "<p>Zeppelinwords in the note.</p>"))}`,
    );
    const revision = db
      .select()
      .from(postRevisions)
      .where(eq(postRevisions.postId, post.id))
      .all()
      .at(-1);
    expect(revision?.content).toBe(row?.content);
    const found = searchPublished(db, "zeppelinwords", {}, { limit: 5 });
    expect(found.results.map((r) => r.id)).toEqual([post.id]);
  });
});
