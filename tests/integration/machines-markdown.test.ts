/**
 * Markdown for machines (docs/integrations.md "Markdown and llms.txt"): `/md/posts/:id` answers a
 * published post as Markdown (header, body, images with alt text, absolute links), 404 otherwise;
 * members-only posts give their summary; the post page names its `.md` in `Link` and varies by
 * `Accept`; the page cache keeps the Markdown apart from the page and purges it with its post;
 * `/llms.txt` lists the sections and the newest public posts with their `.md` links.
 */
import { eq } from "drizzle-orm";
import { marked } from "marked";
import type { EntryContext } from "react-router";
import { afterAll, beforeAll, describe, expect, test } from "vitest";
import { posts } from "#db/schema";
import { setPostContributors } from "~/domain/bylines/contributors.server";
import { getDb } from "~/platform/db.server";
import { resetPageCache } from "~/platform/page-cache.server";
import { loader as llmsLoader } from "~/routes/machines/llms-txt";
import { loader as markdownLoader } from "~/routes/machines/post-markdown";
import { loader as postLoader } from "~/routes/post";
import { shutdown } from "~/startup/bootstrap.server";
import { answerFromPageCache, cacheablePage } from "~/web/page-cache.server";
import { setPostAlternateHeaders } from "~/web/post-alternates.server";
import { pathSurrogateKeys } from "~/web/surrogate-keys.server";
import { routeArgs } from "../helpers";
import { BASE, makePost, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
let post: ReturnType<typeof makePost>;

beforeAll(() => {
  process.env.PAGE_CACHE = "1";
  resetPageCache();
  n = setupNewsroom();
  post = makePost({
    title: "Bitcoin [rallies] again",
    category: n.cats.crypto,
    author: n.staff.author,
    summary: "Coins *up*",
    content: [
      "<h2>Why</h2>",
      '<p>Read <a href="/category/crypto">the section</a>, <a href="#why">the reason</a> and <a href="https://example.org/x">elsewhere</a>.</p>',
      '<p><img src="/uploads/chart.png" alt="A rising chart"></p>',
    ].join(""),
  });
  setPostContributors(getDb(), n.staff.admin, post.id, [
    { user: n.staff.author.id, role: "Author" },
    { user: n.staff.author2.id, role: "Author" },
  ]);
});

afterAll(() => {
  delete process.env.PAGE_CACHE;
  resetPageCache();
  shutdown();
});

function md(id: number | string, headers: Record<string, string> = {}) {
  const request = new Request(`${BASE}/md/posts/${id}`, { headers });
  return markdownLoader(routeArgs(request, { id: String(id) }));
}

describe("/md/posts/:id", () => {
  test("a published post: header, body, image alt text, every link absolute", async () => {
    const res = md(post.id);
    expect(res.status).toBe(200);
    expect(res.headers.get("Content-Type")).toBe("text/markdown; charset=utf-8");
    expect(res.headers.get("Vary")).toBe("Accept");
    expect(res.headers.get("ETag")).toMatch(/^"[\w-]{32}"$/);
    expect(res.headers.get("Cache-Control")).toContain("public");
    const text = await res.text();
    const canonical = `${BASE}${post.url}`;
    const [title, meta] = text.split("\n\n");
    expect(title).toBe("# Bitcoin \\[rallies\\] again");
    expect(meta).toMatch(/^By Abe and Ann · \d{4}-\d{2}-\d{2} · </);
    expect(meta).toContain(`<${canonical}>`);
    expect(text).toContain("## Why");
    expect(text).toContain(`![A rising chart](${BASE}/uploads/chart.png)`);
    expect(text).toContain(`[the section](${BASE}/category/crypto)`);
    expect(text).toContain(`[the reason](${canonical}#why)`);
    expect(text).toContain("[elsewhere](https://example.org/x)");
    // Every link in it is absolute.
    const html = await marked.parse(text);
    for (const [, href] of html.matchAll(/(?:href|src)="([^"]+)"/g)) {
      expect(href).toMatch(/^https?:\/\//);
    }
  });

  test("If-None-Match with its ETag: 304", () => {
    const etag = md(post.id).headers.get("ETag") ?? "";
    expect(md(post.id, { "If-None-Match": etag }).status).toBe(304);
  });

  test("drafts, posts in review, trashed, unknown and malformed ids: 404", () => {
    for (const status of ["draft", "reviewing", "trash"] as const) {
      const other = makePost({ title: `A ${status} post`, status });
      expect(md(other.id).status).toBe(404);
    }
    expect(md(999_999).status).toBe(404);
    expect(md("abc").status).toBe(404);
  });

  test("a members-only post: its summary and a note to sign in, not the body", async () => {
    const members = makePost({
      title: "For members",
      summary: "The gist",
      content: "<p>Secret body</p>",
    });
    getDb().update(posts).set({ visibility: "members" }).where(eq(posts.id, members.id)).run();
    const text = await md(members.id).text();
    expect(text).toContain("# For members");
    expect(text).toContain("The gist");
    expect(text).toContain("This post is for members. Sign in");
    expect(text).not.toContain("Secret body");
  });
});

describe("the post page", () => {
  async function pageHeaders(target: { id: number; url: string }) {
    const [, id, category, url] = target.url.split("/");
    const request = new Request(`${BASE}${target.url}`);
    const loaderData = {
      "routes/post": await postLoader(routeArgs(request, { id, category, url })),
    };
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8" });
    const context = {
      staticHandlerContext: { loaderData, statusCode: 200 },
    } as unknown as EntryContext;
    setPostAlternateHeaders(headers, context);
    return headers;
  }

  test("names its Markdown in Link and varies by Accept; nothing else changes", async () => {
    const headers = await pageHeaders(post);
    expect(headers.get("Link")).toBe(
      `<${BASE}${post.url}.md>; rel="alternate"; type="text/markdown"`,
    );
    expect(headers.get("Vary")).toBe("Accept");
    expect([...headers.keys()].sort()).toEqual(["content-type", "link", "vary"]);
  });

  test("a 404 gets neither", () => {
    const headers = new Headers();
    const context = {
      staticHandlerContext: { loaderData: { "routes/post": undefined }, statusCode: 404 },
    } as unknown as EntryContext;
    setPostAlternateHeaders(headers, context);
    expect([...headers.keys()]).toEqual([]);
  });
});

describe("the page cache and the surrogate keys", () => {
  let renders = 0;
  async function render(request: Request) {
    renders += 1;
    const { pathname } = new URL(request.url);
    if (pathname.startsWith("/md/posts/")) {
      return markdownLoader(routeArgs(request, { id: pathname.split("/")[3] }));
    }
    return new Response(`<p>page ${pathname}</p>`, {
      headers: { "Content-Type": "text/html; charset=utf-8", Vary: "Accept" },
    });
  }
  async function fetchThrough(path: string) {
    const before = renders;
    const answer = await answerFromPageCache(new Request(`${BASE}${path}`), {}, render);
    if (!answer || answer instanceof Response)
      throw new Error(`not answered from the cache: ${path}`);
    return { ...answer, text: answer.body?.toString() ?? "", rendered: renders > before };
  }

  test("/md/posts/{id} is the post's, kept apart from the page, purged with it", async () => {
    expect(cacheablePage(`/md/posts/${post.id}`)).toEqual({
      postId: post.id,
      kind: "markdown",
      slug: null,
    });
    expect(pathSurrogateKeys(`/md/posts/${post.id}`)).toEqual(["settings", `post-${post.id}`]);
    const first = await fetchThrough(`/md/posts/${post.id}`);
    expect(first.rendered).toBe(true);
    expect(first.headers["content-type"]).toBe("text/markdown; charset=utf-8");
    expect(first.headers.Vary).toBe("Accept, Accept-Encoding, Cookie");
    const page = await fetchThrough(post.url);
    expect(page.text).toContain("<p>page");
    expect(page.headers.Vary).toBe("Accept, Accept-Encoding, Cookie");
    const again = await fetchThrough(`/md/posts/${post.id}`);
    expect(again.rendered).toBe(false);
    expect(again.text).toBe(first.text);
    expect(again.headers.ETag).toBe(first.headers.ETag);
    // An edit to the post: the Markdown is rendered again.
    getDb()
      .update(posts)
      .set({ title: "Bitcoin rallies once more" })
      .where(eq(posts.id, post.id))
      .run();
    const edited = await fetchThrough(`/md/posts/${post.id}`);
    expect(edited.rendered).toBe(true);
    expect(edited.text).toContain("# Bitcoin rallies once more");
  });

  test("/llms.txt is a listing", () => {
    expect(cacheablePage("/llms.txt")).toEqual({ postId: null, kind: "list", slug: null });
    expect(pathSurrogateKeys("/llms.txt")).toContain("list");
  });
});

describe("/llms.txt", () => {
  test("the site, its sections and the newest public posts with their .md links", async () => {
    const draft = makePost({ title: "Not yet", status: "draft" });
    const res = llmsLoader(routeArgs(new Request(`${BASE}/llms.txt`)));
    expect(res.headers.get("Content-Type")).toBe("text/plain; charset=utf-8");
    expect(res.headers.get("Cache-Control")).toContain("public");
    const text = await res.text();
    const lines = text.split("\n");
    expect(lines[0]).toMatch(/^# \S/);
    expect(text).toMatch(/\n> .+\n/);
    expect(text).toContain("## Sections");
    expect(text).toContain(`- [Crypto](${BASE}/category/crypto): Coins and chains`);
    expect(text).toContain("## Recent posts");
    const current = getDb().select().from(posts).where(eq(posts.id, post.id)).get();
    expect(text).toContain(`- [${current?.title}](${BASE}${post.url}.md): Coins *up*`);
    expect(text).not.toContain(draft.title);
    expect(text).not.toContain("For members");
  });
});
