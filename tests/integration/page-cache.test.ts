/**
 * The page cache (app/web/page-cache.server.ts): after every kind of write the
 * next anonymous GET through the cache shows the change; staff and flash
 * requests bypass it; ETag and 304; views buffered and flushed; likes exact.
 * Pages are rendered by the real loaders (as JSON, standing in for React).
 */
import type { IncomingMessage, ServerResponse } from "node:http";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, test } from "vitest";
import { categories, media, posts } from "#db/schema";
import { moderateComments } from "~/domain/comments/comments.server";
import { submitComment } from "~/domain/comments/submit.server";
import { deleteMedia } from "~/domain/media/media.server";
import { savePage, sitePage } from "~/domain/pages/pages.server";
import { deletePost, savePost, trashPost } from "~/domain/posts/editing.server";
import { likePost, sharePost } from "~/domain/posts/engagement.server";
import { pagesSitemap } from "~/domain/posts/feeds.server";
import { getSiteInfo, updateSettings } from "~/domain/site/settings.server";
import { updateCategory } from "~/domain/taxonomy/taxonomy.server";
import { updateProfile } from "~/domain/users/users.server";
import { publishDuePosts } from "~/domain/workflow/scheduler.server";
import { getDb } from "~/platform/db.server";
import { clearPageCache, resetPageCache } from "~/platform/page-cache.server";
import { flushViews, pendingViews } from "~/platform/view-buffer.server";
import { loader as categoryLoader } from "~/routes/category";
import { loader as rssLoader } from "~/routes/feeds/rss";
import { loader as sitemapLoader } from "~/routes/feeds/sitemap";
import { loader as homeLoader } from "~/routes/home";
import { loader as pageLoader } from "~/routes/page";
import { loader as postLoader } from "~/routes/post";
import { loader as reachOutLoader } from "~/routes/reach-out";
import { shutdown } from "~/startup/bootstrap.server";
import { countSlotsContext } from "~/web/count-slots.server";
import { flashCookieHeader } from "~/web/flash.server";
import { answerFromPageCache, cacheablePage } from "~/web/page-cache.server";
import { servePageCacheHit } from "~/web/page-cache-node.server";
import { routeArgs } from "../helpers";
import { BASE, makePost, makeUser, sessionCookie, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
let renders = 0;

async function render(
  request: Request,
  options: { countSlots: boolean } = { countSlots: false },
): Promise<Response> {
  renders += 1;
  const url = new URL(request.url);
  const site = getSiteInfo(getDb()).siteName;
  const post = /^\/(\d+)\/([^/]+)\/([^/]+)$/.exec(url.pathname);
  let page: unknown;
  try {
    if (url.pathname === "/") page = await homeLoader();
    else if (url.pathname === "/rss.xml") page = await (await rssLoader()).text();
    else if (url.pathname === "/sitemap.xml") page = await (await sitemapLoader()).text();
    else if (url.pathname === "/sitemap/pages.xml") page = pagesSitemap();
    else if (url.pathname === "/reach-out") page = reachOutLoader();
    else if (/^\/[a-z0-9-]+$/.test(url.pathname)) {
      page = pageLoader(routeArgs(request, { slug: url.pathname.slice(1) }));
    } else if (url.pathname.startsWith("/category/")) {
      page = await categoryLoader(routeArgs(request, { category: url.pathname.split("/")[2] }));
    } else if (post) {
      const [, id, category, slug] = post;
      const args = routeArgs(request, { id, category, url: slug });
      if (options.countSlots) args.context.set(countSlotsContext, true);
      page = await postLoader(args);
    }
  } catch (thrown) {
    if (thrown instanceof Response) return thrown;
    return new Response("not found", { status: 404 });
  }
  return new Response(JSON.stringify({ site, page }), {
    headers: { "Content-Type": "text/html; charset=utf-8" },
  });
}

async function fetchPage(path: string, headers: Record<string, string> = {}, method = "GET") {
  const before = renders;
  const request = new Request(`${BASE}${path}`, { method, headers });
  const answer = await answerFromPageCache(request, { "x-base": "1" }, render);
  if (answer === null) return { bypassed: true, rendered: false, status: 0, text: "", headers: {} };
  if (answer instanceof Response) {
    return {
      bypassed: false,
      rendered: true,
      status: answer.status,
      text: await answer.text(),
      headers: {},
    };
  }
  return {
    bypassed: false,
    rendered: renders > before,
    status: answer.status,
    text: answer.body?.toString() ?? "",
    headers: answer.headers,
  };
}

/** Loads `path` twice: the second time it must come from the cache. */
async function primed(path: string) {
  const first = await fetchPage(path);
  const second = await fetchPage(path);
  expect(second.rendered, path).toBe(false);
  expect(second.text).toBe(first.text);
  return second.text;
}

let story: ReturnType<typeof makePost>;
beforeAll(() => {
  n = setupNewsroom();
  story = makePost({ title: "Cached story", category: n.cats.crypto, author: n.staff.author });
});
afterEach(() => {
  clearPageCache();
});

describe("freshness: the next anonymous GET after a write shows it", () => {
  test("save: an edited headline on the post page, home and feeds", async () => {
    const id = story.id;
    const url = getDb().select().from(posts).where(eq(posts.id, id)).get()?.url ?? "";
    await primed(url);
    await primed("/");
    await primed("/rss.xml");
    savePost(
      n.staff.admin,
      {
        action: "publish",
        title: "Edited headline",
        category: "Crypto",
        summary: "s",
        content: "<p>x</p>",
        tags: [],
        photo: null,
        socialCard: null,
      },
      { id },
    );
    const current = getDb().select().from(posts).where(eq(posts.id, id)).get();
    expect((await fetchPage(current?.url ?? "")).text).toContain("Edited headline");
    expect((await fetchPage("/")).text).toContain("Edited headline");
    expect((await fetchPage("/rss.xml")).text).toContain("Edited headline");
  });

  test("publish: a new post appears on home, its category, the feed and the sitemap", async () => {
    for (const path of ["/", "/category/crypto", "/rss.xml", "/sitemap.xml"]) await primed(path);
    const { post } = savePost(n.staff.admin, {
      action: "publish",
      title: "Freshly published",
      category: "Crypto",
      summary: "s",
      content: "<p>x</p>",
      tags: [],
      photo: null,
      socialCard: null,
    });
    for (const path of ["/", "/category/crypto", "/rss.xml"]) {
      expect((await fetchPage(path)).text, path).toContain("Freshly published");
    }
    expect((await fetchPage("/sitemap.xml")).text).toContain(post.url);
  });

  test("trash and delete: the post leaves lists and feeds, its page is a 404", async () => {
    const doomed = makePost({ title: "Doomed story", category: n.cats.crypto });
    const gone = makePost({ title: "Deleted story", category: n.cats.crypto });
    for (const path of ["/", "/rss.xml", doomed.url, gone.url]) await primed(path);
    trashPost(n.staff.admin, doomed.id);
    expect((await fetchPage("/")).text).not.toContain("Doomed story");
    expect((await fetchPage("/rss.xml")).text).not.toContain("Doomed story");
    expect((await fetchPage(doomed.url)).status).toBe(404);
    deletePost(n.staff.admin, gone.id);
    expect((await fetchPage("/rss.xml")).text).not.toContain("Deleted story");
    expect((await fetchPage(gone.url)).status).toBe(404);
  });

  test("category rename, settings, user rename and media delete", async () => {
    const post = makePost({
      title: "Renamed things",
      category: n.cats.crypto,
      author: n.staff.author,
    });
    await primed("/category/crypto");
    await primed(post.url);
    updateCategory(n.staff.admin, n.cats.crypto.id, { name: "Crypto Money", description: "d" });
    expect((await fetchPage("/category/crypto-money")).text).toContain("Crypto Money");
    expect((await fetchPage(post.url)).status).toBe(301); // its URL follows the new slug

    await primed("/");
    updateSettings(n.staff.admin, { siteName: "Cached Gazette" });
    expect((await fetchPage("/")).text).toContain("Cached Gazette");

    const moved = getDb().select().from(posts).where(eq(posts.id, post.id)).get();
    await primed(moved?.url ?? "");
    updateProfile(n.staff.author, {
      uid: n.staff.author.uid,
      name: "Renamed Author",
      email: "renamed@example.com",
    });
    expect((await fetchPage(moved?.url ?? "")).text).toContain("Renamed Author");

    getDb()
      .insert(media)
      .values({
        uid: "media-1",
        url: "/uploads/x.png",
        name: "x.png",
        path: "x.png",
        mimeType: "image/png",
        size: 1,
        collection: "posts",
      })
      .run();
    await primed("/");
    await deleteMedia(n.staff.admin, "media-1");
    expect((await fetchPage("/")).rendered).toBe(true);
  });

  test("likes and shares are filled into the kept page without a render; views purge nothing", async () => {
    const liked = makePost({ title: "Liked story", category: n.cats.crypto });
    const first = await primed(liked.url);
    expect(first).toContain('"likes":"0"');
    await primed("/");
    likePost(getDb(), liked.id);
    const page = await fetchPage(liked.url);
    expect(page.rendered).toBe(false);
    expect(page.text).toContain('"likes":"1"');
    expect(page.text).toContain('"sharesNoun":"shares"');
    sharePost(getDb(), liked.id);
    const shared = await fetchPage(liked.url);
    expect(shared.rendered).toBe(false);
    expect(shared.text).toContain('"shares":"1"');
    expect(shared.text).toContain('"sharesNoun":"share"');
    // The validator follows the counts.
    expect(shared.headers.ETag).not.toBe(page.headers.ETag);
    expect((await fetchPage("/")).rendered).toBe(false);
    await fetchPage(liked.url); // a view, buffered
    flushViews();
    expect((await fetchPage(liked.url)).rendered).toBe(false);
  });
});

/** A GET through server.js's fast path (no Express): the body it answers, or null when it passes. */
function fastPathHit(path: string): string | null {
  let body: string | null = null;
  const req = { method: "GET", url: path, headers: {} } as unknown as IncomingMessage;
  const res = {
    writeHead() {
      return this;
    },
    end(chunk?: Buffer) {
      body = chunk?.toString() ?? "";
    },
  } as unknown as ServerResponse;
  return servePageCacheHit(req, res) ? body : null;
}

describe("the fast path sees this process's writes on the very next request", () => {
  test("a post the scheduler's timer takes live shows at once, not up to 100 ms later", async () => {
    const due = makePost({
      title: "Due by the timer",
      category: n.cats.crypto,
      status: "scheduled",
    });
    getDb()
      .update(posts)
      .set({ publishAt: new Date(Date.now() - 1000) })
      .where(eq(posts.id, due.id))
      .run();
    await primed("/");
    const kept = fastPathHit("/");
    expect(kept).not.toBeNull();
    expect(kept).not.toContain("Due by the timer");
    // What the scheduler's timer does, outside any request.
    expect(publishDuePosts(getDb()).map((p) => p.id)).toContain(due.id);
    const next = fastPathHit("/");
    if (next !== null) expect(next).toContain("Due by the timer");
    expect((await fetchPage("/")).text).toContain("Due by the timer");
  });
});

describe("narrow purges: a comment or a page edit removes exactly what shows it", () => {
  /** Whether the next GET of each path is rendered anew (true) or served from the cache. */
  async function renderedAgain(paths: string[]) {
    const out: Record<string, boolean> = {};
    for (const path of paths) out[path] = (await fetchPage(path)).rendered;
    return out;
  }

  test("an approved comment: its post page and the listings (their cards count comments), nothing else", async () => {
    // (An earlier test renamed Crypto; these posts are in Freshly Pressed.)
    const other = makePost({ title: "Quiet story", category: n.cats.fresh });
    const commented = makePost({ title: "Talked about", category: n.cats.fresh });
    const paths = [
      commented.url,
      "/",
      "/category/freshly-pressed",
      other.url,
      "/reach-out",
      "/rss.xml",
      "/sitemap/pages.xml",
    ];
    for (const path of paths) await primed(path);
    updateSettings(n.staff.admin, { enableCommentModeration: true, autoApproveComments: false });
    for (const path of paths) await primed(path); // the settings change purged everything
    const comment = submitComment(
      getDb(),
      commented.id,
      { name: "Rita", email: "rita@example.org", body: "A cached remark" },
      { address: "10.9.0.1" },
    );
    // Waiting: no public page shows it, none is rendered again.
    expect(Object.values(await renderedAgain(paths)).some(Boolean)).toBe(false);

    moderateComments(n.staff.admin, getDb(), [comment.id], "approve");
    expect(await renderedAgain(paths)).toEqual({
      [commented.url]: true,
      "/": true,
      "/category/freshly-pressed": true,
      [other.url]: false,
      "/reach-out": false,
      "/rss.xml": false,
      "/sitemap/pages.xml": false,
    });
    const postPage = await fetchPage(commented.url);
    expect(postPage.rendered).toBe(false);
    expect(postPage.text).toContain("A cached remark");
    expect(postPage.text).toContain('"commentCount":1');
    expect((await fetchPage("/category/freshly-pressed")).text).toMatch(
      /"title":"Talked about".*?"user":\{[^}]*\},"comments":1\}/,
    );

    // Trashing it takes it off the same pages at once.
    moderateComments(n.staff.admin, getDb(), [comment.id], "trash");
    expect((await fetchPage(commented.url)).text).not.toContain("A cached remark");
    expect((await fetchPage(other.url)).rendered).toBe(false);
  });

  test("a page edit: its address and the sitemaps; a change to a linked page, everything", async () => {
    const about = savePage(n.staff.admin, getDb(), {
      title: "About the desk",
      slug: "about-the-desk",
      content: "<p>First words.</p>",
      status: "published",
      nav: "none",
    });
    const story = makePost({ title: "Beside the page", category: n.cats.fresh });
    const paths = ["/about-the-desk", "/reach-out", "/", story.url, "/sitemap/pages.xml"];
    for (const path of paths) await primed(path);
    const edit = (values: Record<string, unknown>) =>
      savePage(
        n.staff.admin,
        getDb(),
        {
          title: "About the desk",
          slug: "about-the-desk",
          content: "<p>First words.</p>",
          status: "published",
          nav: "none",
          ...values,
        },
        about.id,
      );

    edit({ content: "<p>Second words.</p>" });
    expect(await renderedAgain(paths)).toEqual({
      "/about-the-desk": true,
      "/reach-out": false,
      "/": false,
      [story.url]: false,
      "/sitemap/pages.xml": true,
    });
    expect((await fetchPage("/about-the-desk")).text).toContain("Second words.");

    // Reach Out is a page too: its edit shows at its address at once.
    const reach = sitePage(getDb(), "reach-out")!;
    savePage(
      n.staff.admin,
      getDb(),
      { title: "Reach Out", content: "<p>Write to the desk.</p>", status: "published" },
      reach.id,
    );
    const reachOut = await fetchPage("/reach-out");
    expect(reachOut.rendered).toBe(true);
    expect(reachOut.text).toContain("Write to the desk.");
    expect((await fetchPage("/")).rendered).toBe(false);

    // Linked in the footer: every page shows the link.
    edit({ nav: "footer" });
    expect((await fetchPage("/")).rendered).toBe(true);
    expect((await fetchPage(story.url)).rendered).toBe(true);

    // A draft is gone from its address at once.
    await primed("/about-the-desk");
    edit({ status: "draft", nav: "none" });
    expect((await fetchPage("/about-the-desk")).status).toBe(404);
  });

  test("which one-segment paths are pages", () => {
    expect(cacheablePage("/about-us")).toEqual({ postId: null, kind: "page", slug: "about-us" });
    expect(cacheablePage("/reach-out")).toEqual({ postId: null, kind: "page", slug: "reach-out" });
    for (const path of ["/search", "/newsletter", "/unsubscribe", "/admin", "/About"]) {
      expect(cacheablePage(path), path).toBeNull();
    }
  });
});

describe("who the cache serves", () => {
  test("signed-in staff and flash-carrying requests bypass it; an invalid session does not", async () => {
    const staff = await sessionCookie(makeUser("Editor"));
    await primed("/");
    expect((await fetchPage("/", { Cookie: staff })).bypassed).toBe(true);
    const flash = (await flashCookieHeader({ type: "success", message: "Hi" })).split(";")[0];
    expect((await fetchPage("/", { Cookie: flash })).bypassed).toBe(true);
    const forged = await fetchPage("/", { Cookie: "__session=forged.value" });
    expect(forged.bypassed).toBe(false);
    expect(forged.rendered).toBe(false);
  });

  test("admin paths, data requests and POST never use it", async () => {
    for (const path of [
      "/admin/posts",
      "/admin/posts/edit/1",
      "/1/a/b.data",
      "/get/freshly-pressed",
    ]) {
      expect((await fetchPage(path)).bypassed, path).toBe(true);
    }
    expect((await fetchPage("/", {}, "POST")).bypassed).toBe(true);
  });

  test("the no-JS liked heart is its own variant", async () => {
    const story = makePost({ title: "Hearted story", category: n.cats.crypto });
    const url = story.url;
    const plain = await fetchPage(url);
    const cookie = `liked_posts=${encodeURIComponent(Buffer.from(JSON.stringify([story.id])).toString("base64"))}`;
    const liked = await fetchPage(url, { Cookie: cookie });
    expect(liked.rendered).toBe(true);
    expect(liked.text).toContain('"liked":true');
    expect(plain.text).toContain('"liked":false');
  });
});

describe("HTTP caching", () => {
  test("strong ETag, 304 on If-None-Match, shared Cache-Control, Vary, encodings", async () => {
    await fetchPage("/");
    const hit = await fetchPage("/", { "Accept-Encoding": "gzip, br" });
    const headers = hit.headers as Record<string, string>;
    expect(headers.ETag).toMatch(/^"[\w-]+-br"$/);
    expect(headers["Content-Encoding"]).toBe("br");
    expect(headers["Cache-Control"]).toMatch(
      /^public, max-age=0, s-maxage=\d+, stale-while-revalidate=\d+$/,
    );
    expect(headers.Vary).toBe("Accept-Encoding, Cookie");
    expect(headers["x-base"]).toBe("1");
    const again = await fetchPage("/", { "If-None-Match": headers.ETag });
    expect(again.status).toBe(304);
    expect(again.text).toBe("");
    const head = await fetchPage("/", {}, "HEAD");
    expect([head.status, head.text]).toEqual([200, ""]);
  });

  test("PAGE_CACHE=0 switches it off", async () => {
    process.env.PAGE_CACHE = "0";
    resetPageCache();
    try {
      expect((await fetchPage("/")).bypassed).toBe(true);
    } finally {
      delete process.env.PAGE_CACHE;
      resetPageCache();
    }
  });
});

describe("views and likes", () => {
  test("views are counted on hits and misses, not on HEAD or prefetch, and written on flush", async () => {
    const post = makePost({ title: "Viewed story", category: n.cats.crypto });
    const views = () => getDb().select().from(posts).where(eq(posts.id, post.id)).get()?.views;
    expect(views()).toBe(0);
    await fetchPage(post.url); // miss: the loader counts
    await fetchPage(post.url); // hit: the cache counts
    await fetchPage(post.url, {}, "HEAD");
    await fetchPage(post.url, { "Sec-Purpose": "prefetch" });
    expect(views()).toBe(0); // nothing written per request
    expect(pendingViews(post.id)).toBe(2);
    flushViews();
    expect(views()).toBe(2);
    expect(pendingViews(post.id)).toBe(0);
  });

  test("200 concurrent likes give +200", async () => {
    const post = makePost({ title: "Popular story", category: n.cats.crypto });
    await Promise.all(Array.from({ length: 200 }, async () => likePost(getDb(), post.id)));
    expect(getDb().select().from(posts).where(eq(posts.id, post.id)).get()?.likes).toBe(200);
  });

  test("shutdown writes the views counted in the last second", async () => {
    const post = makePost({ title: "Last views", category: n.cats.crypto });
    await fetchPage(post.url);
    await fetchPage(post.url);
    expect(pendingViews(post.id)).toBe(2);
    await shutdown(); // closes the database; the next getDb() opens it again
    expect(getDb().select().from(posts).where(eq(posts.id, post.id)).get()?.views).toBe(2);
  });
});

describe("one render per miss, and a change log shared by processes", () => {
  test("16 readers missing the same page at once cost one render", async () => {
    const post = makePost({ title: "Herd story", category: n.cats.crypto });
    const before = renders;
    const pages = await Promise.all(Array.from({ length: 16 }, () => fetchPage(post.url)));
    expect(renders - before).toBe(1);
    expect(new Set(pages.map((p) => p.text)).size).toBe(1);
    expect(pages.every((p) => p.status === 200)).toBe(true);
  });

  test("a reader who arrives after a change does not share a render that began before it", async () => {
    const post = makePost({ title: "Racing story", category: n.cats.crypto });
    let release = () => {};
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    let rendered = () => {};
    const began = new Promise<void>((resolve) => {
      rendered = resolve;
    });
    // A render that has read the post and has not answered yet.
    const slow: typeof render = async (request, options) => {
      const response = await render(request, options);
      rendered();
      await gate;
      return response;
    };
    const path = getDb().select().from(posts).where(eq(posts.id, post.id)).get()?.url ?? "";
    const first = answerFromPageCache(new Request(`${BASE}${path}`), {}, slow);
    await began;
    savePost(
      n.staff.admin,
      {
        action: "publish",
        title: "Racing story",
        category: getDb().select().from(categories).where(eq(categories.id, n.cats.crypto.id)).get()
          ?.name as string,
        summary: "Corrected summary",
        content: "<p>x</p>",
        tags: [],
        photo: null,
        socialCard: null,
      },
      { id: post.id },
    );
    // Waiting for the first render would never end: the gate opens only after.
    const url = getDb().select().from(posts).where(eq(posts.id, post.id)).get()?.url ?? "";
    const second = await fetchPage(url);
    release();
    await first;
    expect(second.text).toContain("Corrected summary");
  });

  test("rows another process pruned before this one read them empty the cache", async () => {
    const post = makePost({ title: "Pruned story", category: n.cats.crypto });
    await primed(post.url);
    // Another process records a change and prunes the log past it before this one reads it.
    getDb().$client.exec(
      "INSERT INTO page_cache_changes (post_id) VALUES (NULL); DELETE FROM page_cache_changes;",
    );
    expect((await fetchPage(post.url)).rendered).toBe(true);
  });
});

describe("which paths the cache may keep", () => {
  test("a malformed escape is never cached, so the router answers it (400)", () => {
    expect(cacheablePage("/category/%E0%A4%A")).toBeNull();
    expect(cacheablePage("/1/x/%ZZ")).toBeNull();
    expect(cacheablePage("/category/crypto")).toEqual({ postId: null, kind: "list", slug: null });
    expect(cacheablePage("/12/crypto/some-post")).toEqual({ postId: 12, kind: "post", slug: null });
    expect(cacheablePage("/x/crypto/some-post")).toBeNull();
  });
});
