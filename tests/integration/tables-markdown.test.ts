/**
 * Tables and Markdown (docs/behaviour.md §tables, §markdown): pipe tables typed without the editor,
 * the stored form of every table, what the page and an e-mail get, and the Markdown download.
 */
import { marked, type Tokens } from "marked";
import { beforeAll, describe, expect, it } from "vitest";
import { htmlToMarkdown } from "~/domain/content/markdown.server";
import { cleanContent, renderContent } from "~/domain/content/pipeline.server";
import { absoluteContent } from "~/domain/newsletters/message.server";
import { savePost } from "~/domain/posts/editing.server";
import { loader as markdownLoader } from "~/routes/admin.posts-edit-markdown";
import { loader as postLoader } from "~/routes/post";
import { routeArgs } from "../helpers";
import { BASE, caught, get, sessionCookie, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
beforeAll(() => {
  n = setupNewsroom();
});

/** A post's fields as the editor sends them. */
const postInput = (over: Record<string, unknown>) => ({
  action: "draft",
  category: "Crypto",
  summary: "s",
  tags: [],
  photo: null,
  socialCard: null,
  ...over,
});

const CANONICAL =
  '<figure class="ik-table"><table><caption>Prices</caption><thead><tr><th scope="col">Coin</th>' +
  '<th scope="col">Price</th></tr></thead><tbody><tr><td>BTC</td><td><strong>90k</strong></td></tr>' +
  "<tr><td>ETH</td><td>3k</td></tr></tbody></table></figure>";

const PIPE_TABLE = "| Coin | Price |\n|---|---:|\n| BTC | **90k** |\n| ETH | 3k |";

const CANONICAL_NO_CAPTION = CANONICAL.replace("<caption>Prices</caption>", "");

describe("tables on save", () => {
  it("turns a pipe table into a table however the plain field sent it", () => {
    const lines = PIPE_TABLE.split("\n");
    const inputs = [
      `<p>${lines.join("<br>")}</p>`,
      lines.map((l) => `<p>${l}</p>`).join(""),
      PIPE_TABLE,
    ];
    for (const input of inputs) {
      expect(cleanContent(`<p>Before</p>${input}<p>After</p>`)).toBe(
        `<p>Before</p>${CANONICAL_NO_CAPTION}<p>After</p>`,
      );
    }
    // Plain text around the table in the same block stays text.
    expect(cleanContent(`Intro line\n${PIPE_TABLE}\nClosing line`)).toBe(
      `<p>Intro line</p>${CANONICAL_NO_CAPTION}<p>Closing line</p>`,
    );
  });

  it("leaves pipes that are not a table alone", () => {
    const html = "<p>a | b</p><p>| just one line |</p>";
    expect(cleanContent(html)).toBe(html);
  });

  it("keeps the stored form unchanged", () => {
    expect(cleanContent(CANONICAL)).toBe(CANONICAL);
    expect(cleanContent(cleanContent(PIPE_TABLE))).toBe(CANONICAL_NO_CAPTION);
  });

  it("brings the editor's table to the stored form", () => {
    const lexical =
      '<table class="PlaygroundEditorTheme__table" style="table-layout: fixed;"><colgroup>' +
      '<col style="width: 92px;"><col style="width: 92px;"></colgroup><tbody><tr>' +
      '<th style="border: 1px solid black; width: 75px; vertical-align: top; text-align: start;' +
      ' background-color: rgb(242, 243, 245);"><p dir="ltr"><span style="white-space: pre-wrap;">' +
      'Coin</span></p></th><th style="border: 1px solid black;"><p dir="ltr">Price</p></th></tr>' +
      '<tr><td style="border: 1px solid black;"><p dir="ltr">BTC</p></td><td><p dir="ltr">' +
      "<strong>90k</strong></p></td></tr><tr><td><p>ETH</p></td><td><p>3k</p></td></tr></tbody></table>";
    expect(cleanContent(lexical)).toBe(
      CANONICAL_NO_CAPTION.replace(
        '<th scope="col">Coin</th>',
        '<th scope="col"><span style="white-space: pre-wrap;">Coin</span></th>',
      ),
    );
  });

  it("drops what the allowlist does not know and an empty table", () => {
    const html =
      '<table onclick="x()" style="width:9px"><tbody><tr><td onmouseover="y()" colspan="2">a</td>' +
      "</tr></tbody></table><table></table>";
    expect(cleanContent(html)).toBe(
      '<figure class="ik-table"><table><tbody><tr><td colspan="2">a</td></tr></tbody></table></figure>',
    );
  });
});

describe("tables rendered", () => {
  it("sits in a focusable scroll box on the page, named by its caption", () => {
    const page = renderContent(CANONICAL, { target: "page", publicUrl: BASE });
    expect(page).toBe(
      `<div class="ik-table-scroll" role="region" tabindex="0" aria-label="Prices">${CANONICAL}</div>`,
    );
    const unnamed = renderContent(CANONICAL_NO_CAPTION, { target: "page", publicUrl: BASE });
    expect(unnamed).toContain('aria-label="Table"');
    // The API and feeds get the stored form.
    expect(renderContent(CANONICAL, { target: "api", publicUrl: BASE })).toBe(CANONICAL);
  });

  it("is a plain bordered table in an e-mail", () => {
    const mail = absoluteContent(
      renderContent(CANONICAL, { target: "email", publicUrl: BASE }),
      BASE,
    );
    expect(mail).not.toContain("<figure");
    expect(mail).toMatch(/^<table border="1" cellpadding="6" cellspacing="0" style="[^"]+">/);
    expect(mail).toMatch(/<td style="border:1px solid #999999;[^"]*">BTC<\/td>/);
  });

  it("reaches the post page through the post loader", async () => {
    const { post } = savePost(
      n.staff.editor,
      postInput({
        action: "publish",
        title: "Table post",
        content: `<p>${PIPE_TABLE.split("\n").join("<br>")}</p>`,
      }),
    );
    const [, , category, url] = post.url.split("/");
    const data = (await postLoader(
      routeArgs(new Request(`${BASE}${post.url}`), { id: String(post.id), category, url }),
    )) as { post: { content: string } };
    expect(data.post.content).toContain('<div class="ik-table-scroll" role="region" tabindex="0"');
    expect(data.post.content).toContain("<td>BTC</td>");
  });
});

const ARTICLE =
  '<nav class="ik-contents"></nav><h2 id="markets">Markets</h2><p>Prices <mark class="ik-note" ' +
  'data-note="4">rose</mark> again<sup class="ik-fnref" id="fnref-1"><a href="#fn-1" ' +
  'role="doc-noteref">1</a></sup>, see <a href="https://example.com/report">the report</a>.</p>' +
  '<h3 id="coins">Coins</h3><ul><li>Bitcoin</li><li>Ether</li></ul><ol><li>First</li><li>Second</li></ol>' +
  `${CANONICAL}<p>More<sup class="ik-fnref" id="fnref-2"><a href="#fn-2" role="doc-noteref">2</a></sup>.</p>` +
  '<figure class="ik-embed" data-embed-url="https://www.youtube.com/watch?v=abc"><a ' +
  'href="https://www.youtube.com/watch?v=abc">A video</a></figure><figure class="ik-image"><img ' +
  'src="/uploads/posts/a.png" alt="A chart"><figcaption><span class="ik-caption">The chart</span> ' +
  '<span class="ik-credit">Ada</span></figcaption></figure><section class="ik-footnotes" ' +
  'role="doc-endnotes" aria-label="Footnotes"><ol><li id="fn-1"><p>From the <em>exchange</em>.</p>' +
  '<a href="#fnref-1" role="doc-backlink" aria-label="Back to reference 1">↩</a></li><li id="fn-2">' +
  '<p>Second note.</p><a href="#fnref-2" role="doc-backlink" aria-label="Back to reference 2">↩</a>' +
  "</li></ol></section>";

describe("Markdown out", () => {
  it("round-trips headings, lists, links, footnotes and tables through marked", () => {
    const md = htmlToMarkdown(ARTICLE);
    const tokens = marked.lexer(md);
    const headings = tokens.filter((t): t is Tokens.Heading => t.type === "heading");
    expect(headings.map((h) => [h.depth, h.text])).toEqual([
      [2, "Markets"],
      [3, "Coins"],
    ]);
    const lists = tokens.filter((t): t is Tokens.List => t.type === "list");
    expect(lists.map((l) => [l.ordered, l.items.map((i) => i.text)])).toEqual([
      [false, ["Bitcoin", "Ether"]],
      [true, ["First", "Second"]],
    ]);
    const html = marked.parse(md, { async: false });
    expect(html).toContain('<a href="https://example.com/report">the report</a>');
    const table = tokens.find((t): t is Tokens.Table => t.type === "table");
    expect(table?.header.map((c) => c.text)).toEqual(["Coin", "Price"]);
    expect(table?.rows.map((r) => r.map((c) => c.text))).toEqual([
      ["BTC", "**90k**"],
      ["ETH", "3k"],
    ]);
    // Footnotes: references in the text, definitions at the end.
    expect(md).toContain("again[^1], see");
    expect(md).toContain("More[^2].");
    expect(md).toMatch(/\[\^1\]: From the \*exchange\*\.\n\[\^2\]: Second note\.\n$/);
    // The contents box is left out, the note mark keeps its text, an embed is its address.
    expect(md).not.toContain("ik-");
    expect(md).toContain("Prices rose again");
    expect(md).toMatch(/\n<https:\/\/www\.youtube\.com\/watch\?v=abc>\n/);
    expect(md).toContain("![A chart](/uploads/posts/a.png)\n\nThe chart Ada");
    expect(md).toContain("Prices\n\n| Coin | Price |");
  });

  it("downloads a post as a .md file for who may edit it, and for no one else", async () => {
    const { post } = savePost(
      n.staff.author,
      postInput({
        title: 'A "quoted" title',
        summary: "Short: summary",
        content: ARTICLE,
        tags: ["Bitcoin", "Markets"],
      }),
    );
    const path = `/admin/posts/edit/${post.id}/markdown`;
    const res = (await markdownLoader(
      routeArgs(get(path, { cookie: await sessionCookie(n.staff.author) }), {
        id: String(post.id),
      }),
    )) as Response;
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("Content-Disposition")).toBe(`attachment; filename="${post.slug}.md"`);
    const body = await res.text();
    expect(body).toMatch(
      /^---\ntitle: "A \\"quoted\\" title"\ndate: "\d{4}-\d\d-\d\dT[\d:.]+Z"\nauthors:\n {2}- "Abe"\ncategory: "Crypto"\ntags:\n {2}- "Bitcoin"\n {2}- "Markets"\nsummary: "Short: summary"\n---\n\n## Markets\n/,
    );

    for (const [user, status] of [
      [n.staff.author2, 403],
      [n.staff.contributor, 403],
    ] as const) {
      const refused = await caught(async () =>
        markdownLoader(
          routeArgs(get(path, { cookie: await sessionCookie(user) }), { id: String(post.id) }),
        ),
      );
      expect((refused as unknown as { init: { status: number } }).init.status).toBe(status);
    }
    const missing = await caught(async () =>
      markdownLoader(
        routeArgs(
          get("/admin/posts/edit/999999/markdown", { cookie: await sessionCookie(n.staff.admin) }),
          {
            id: "999999",
          },
        ),
      ),
    );
    expect((missing as unknown as { init: { status: number } }).init.status).toBe(404);
    // The Editor may edit anyone's post.
    const editor = (await markdownLoader(
      routeArgs(get(path, { cookie: await sessionCookie(n.staff.editor) }), {
        id: String(post.id),
      }),
    )) as Response;
    expect(editor.status).toBe(200);
  });
});
