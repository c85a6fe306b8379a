/**
 * Surrogate keys and purges for a shared cache in front (docs/decisions/260-surrogate-keys.md,
 * 261-purge-queue.md): the keys each reader address carries, the keys each kind of write purges,
 * the durable queue (cursor, gap, retries, giving up) and the purger sending to a real HTTP
 * endpoint on 127.0.0.1.
 */
import { readFileSync } from "node:fs";
import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, beforeEach, describe, expect, test } from "vitest";
import { moderateComments } from "~/domain/comments/comments.server";
import { submitComment } from "~/domain/comments/submit.server";
import { savePage } from "~/domain/pages/pages.server";
import { likePost } from "~/domain/posts/engagement.server";
import { updateSettings } from "~/domain/site/settings.server";
import { startCachePurger, stopCachePurger } from "~/platform/cache-purge.server";
import {
  duePurges,
  enqueueChanges,
  MAX_ATTEMPTS,
  markFailed,
  markSent,
  prunableSeq,
  purgeQueueStats,
  retryDelayMs,
} from "~/platform/cache-purge-queue.server";
import { parsePurgeTargets } from "~/platform/cache-purge-targets.server";
import { getDb } from "~/platform/db.server";
import { purgesSent } from "~/platform/metrics.server";
import { clearPageCache } from "~/platform/page-cache.server";
import { keysForChanges, mergeKeys, normaliseKeys } from "~/platform/surrogate-keys.server";
import { loader as postLoader } from "~/routes/post";
import { answerFromPageCache } from "~/web/page-cache.server";
import {
  loaderSurrogateKeys,
  pathSurrogateKeys,
  withSurrogateKeys,
} from "~/web/surrogate-keys.server";
import { routeArgs } from "../helpers";
import { BASE, makePost, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
let story: ReturnType<typeof makePost>;
const db = () => getDb();
const sql = (query: string, ...args: unknown[]) =>
  db()
    .$client.prepare(query)
    .run(...args);
const TARGET = "varnish://127.0.0.1:5399";

beforeAll(() => {
  n = setupNewsroom();
  story = makePost({
    title: "Keyed story",
    category: n.cats.crypto,
    author: n.staff.author,
    tagIds: [n.tags.bitcoin.id, n.tags.markets.id],
  });
});

describe("the keys a reader address carries", () => {
  test("by kind of page; none for what the page cache does not keep", () => {
    expect(pathSurrogateKeys("/")).toEqual(["settings", "list", "home"]);
    expect(pathSurrogateKeys("/12/crypto/a-story")).toEqual(["settings", "post-12"]);
    expect(pathSurrogateKeys("/category/crypto")).toEqual(["settings", "list", "category-crypto"]);
    expect(pathSurrogateKeys("/tag/bitcoin")).toEqual(["settings", "list", "tag-bitcoin"]);
    expect(pathSurrogateKeys("/reach-out")).toEqual(["settings", "page-reach-out"]);
    expect(pathSurrogateKeys("/sitemap/pages.xml")).toEqual(["settings", "sitemap"]);
    expect(pathSurrogateKeys("/rss.xml")).toEqual(["settings", "feeds"]);
    expect(pathSurrogateKeys("/category/crypto/rss.xml")).toEqual([
      "settings",
      "feeds",
      "category-crypto",
    ]);
    // A slug in another script: encoded the same way whichever form the address used.
    expect(pathSurrogateKeys("/tag/%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D0%B8")).toContain(
      "tag-%d0%bd%d0%be%d0%b2%d0%be%d1%81%d1%82%d0%b8",
    );
    for (const path of ["/admin/posts", "/search", "/author/ada", "/1/a/b.data", "/get/search"]) {
      expect(pathSurrogateKeys(path), path).toBeNull();
    }
  });

  test("withSurrogateKeys: `all` and the address's keys merged with the loaders'; none on other answers", async () => {
    const page = new Response("<p>hi</p>", {
      headers: { "Content-Type": "text/html", xkey: "category-crypto tag-bitcoin bad,key" },
    });
    const keyed = withSurrogateKeys(page, "/12/crypto/a-story");
    expect(keyed.headers.get("xkey")).toBe("all settings post-12 category-crypto tag-bitcoin");
    expect(await keyed.text()).toBe("<p>hi</p>");
    const missing = withSurrogateKeys(
      new Response("gone", { status: 404, headers: { xkey: "post-12" } }),
      "/12/crypto/a-story",
    );
    expect(missing.headers.has("xkey")).toBe(false);
    expect(withSurrogateKeys(new Response("x"), "/admin/posts").headers.has("xkey")).toBe(false);
  });

  test("a post page's loader data names its category, tags and author", async () => {
    sql("UPDATE users SET slug = 'abe-writes' WHERE id = ?", n.staff.author.id);
    const [, id, category, url] = story.url.split("/");
    const data = await postLoader(
      routeArgs(new Request(`${BASE}${story.url}`), { id, category, url }),
    );
    expect(loaderSurrogateKeys({ "routes/post": data })).toEqual([
      "category-crypto",
      "tag-bitcoin",
      "tag-markets",
      "author-abe-writes",
    ]);
    expect(loaderSurrogateKeys({ "routes/page": { slug: "reach-out" } })).toEqual([
      "page-reach-out",
    ]);
    expect(loaderSurrogateKeys({ root: { site: {} } })).toEqual([]);
  });

  test("the page cache keeps the header with the page: its hits carry the keys", async () => {
    clearPageCache();
    let renders = 0;
    const render = async () => {
      renders++;
      return withSurrogateKeys(
        new Response("<p>story</p>", {
          headers: { "Content-Type": "text/html; charset=utf-8", xkey: "category-crypto" },
        }),
        story.url,
      );
    };
    const ask = () => answerFromPageCache(new Request(`${BASE}${story.url}`), {}, render);
    await ask();
    const hit = await ask();
    expect(renders).toBe(1);
    expect(hit && !(hit instanceof Response) && hit.headers.xkey).toBe(
      `all settings post-${story.id} category-crypto`,
    );
    clearPageCache();
  });

  test("SURROGATE_KEY_HEADER names the header", () => {
    process.env.SURROGATE_KEY_HEADER = "Surrogate-Key";
    try {
      const keyed = withSurrogateKeys(new Response("x"), "/");
      expect(keyed.headers.get("surrogate-key")).toBe("all settings list home");
      expect(keyed.headers.has("xkey")).toBe(false);
    } finally {
      delete process.env.SURROGATE_KEY_HEADER;
    }
  });

  test("keys are bounded in number and made of public tokens only", () => {
    const many = Array.from({ length: 200 }, (_, i) => `post-${i}`);
    expect(normaliseKeys(many)).toHaveLength(64);
    expect(normaliseKeys(["ok", "has space", "semi;colon", "Upper"])).toEqual(["all", "ok"]);
  });
});

describe("the keys each kind of write purges", () => {
  test("counters, comments, pages, everything else", () => {
    expect(keysForChanges([{ postId: 7, scope: "counters", slug: null }])).toEqual(["post-7"]);
    expect(keysForChanges([{ postId: 7, scope: "comments", slug: null }])).toEqual([
      "post-7",
      "list",
    ]);
    expect(keysForChanges([{ postId: null, scope: "page", slug: "reach-out" }])).toEqual([
      "page-reach-out",
      "sitemap",
    ]);
    expect(
      keysForChanges([
        { postId: 7, scope: "counters", slug: null },
        { postId: null, scope: null, slug: null },
      ]),
    ).toEqual(["all"]);
    expect(mergeKeys([["post-1"], ["post-1", "list"]])).toEqual(["post-1", "list"]);
    expect(mergeKeys([["post-1"], ["all"]])).toEqual(["all"]);
  });
});

describe("the queue", () => {
  beforeEach(() => {
    sql("DELETE FROM cache_purges");
    sql("DELETE FROM cache_purge_cursor");
  });
  const drain = () => enqueueChanges(db(), [TARGET]);

  test("first start purges all; then each write its keys, once, in the transaction that moves the cursor", () => {
    expect(drain()).toMatchObject({ keys: ["all"], reason: "start" });
    expect(drain()).toBeNull();

    likePost(db(), story.id);
    expect(drain()).toMatchObject({ keys: [`post-${story.id}`], reason: "changes", changes: 1 });

    updateSettings(n.staff.admin, { enableCommentModeration: true, autoApproveComments: false });
    drain();
    const comment = submitComment(
      db(),
      story.id,
      { name: "Rita", email: "rita@example.org", body: "A keyed remark" },
      { address: "10.9.0.2" },
    );
    expect(drain()).toBeNull(); // waiting for moderation: no public page shows it
    moderateComments(n.staff.admin, db(), [comment.id], "approve");
    expect(drain()?.keys).toEqual([`post-${story.id}`, "list"]);

    savePage(n.staff.admin, db(), {
      title: "About the keys",
      slug: "about-the-keys",
      content: "<p>Words.</p>",
      status: "published",
      nav: "none",
    });
    expect(drain()?.keys).toEqual(["page-about-the-keys", "sitemap"]);

    updateSettings(n.staff.admin, { siteName: "Keyed Times" });
    expect(drain()?.keys).toEqual(["all"]);

    const queued = duePurges(db());
    expect(queued.map((q) => q.keys.join(" "))).toEqual([
      "all",
      `post-${story.id}`,
      "all", // the moderation setting
      `post-${story.id} list`,
      "page-about-the-keys sitemap",
      "all",
    ]);
    expect(new Set(queued.map((q) => q.target))).toEqual(new Set([TARGET]));
  });

  test("changes pruned before the purger read them: all", () => {
    drain();
    likePost(db(), story.id);
    likePost(db(), story.id);
    // The page cache prunes up to what it read, here past the purger's cursor.
    sql("DELETE FROM page_cache_changes");
    expect(drain()).toMatchObject({ keys: ["all"], reason: "gap" });
    likePost(db(), story.id);
    expect(drain()).toMatchObject({ keys: [`post-${story.id}`], reason: "changes" });
  });

  test("the log may be pruned only up to the cursor while purging is on", () => {
    drain();
    likePost(db(), story.id);
    const cursor = db().$client.prepare("SELECT last_seq FROM cache_purge_cursor").pluck().get();
    expect(prunableSeq(db(), Number(cursor) + 1)).toBe(cursor);
    sql("DELETE FROM cache_purge_cursor");
    expect(prunableSeq(db(), Number(cursor) + 1)).toBe(Number(cursor) + 1);
  });

  test("failed sends back off, then are given up; sent ones leave the queue", () => {
    const now = Date.now();
    enqueueChanges(db(), [TARGET], now);
    const [purge] = duePurges(db(), now);
    expect(markFailed(db(), [purge], "refused", now)).toBe(0);
    expect(duePurges(db(), now)).toEqual([]);
    expect(duePurges(db(), now + retryDelayMs(1))).toHaveLength(1);
    expect(purgeQueueStats(db(), now + 2_000)).toEqual({ depth: 1, oldestAgeSeconds: 2 });
    expect(markFailed(db(), [{ ...purge, attempts: MAX_ATTEMPTS - 1 }], "refused", now)).toBe(1);
    expect(purgeQueueStats(db(), now).depth).toBe(0);
    expect(retryDelayMs(MAX_ATTEMPTS)).toBe(30_000);

    likePost(db(), story.id);
    drain();
    markSent(
      db(),
      duePurges(db()).map((q) => q.id),
    );
    expect(purgeQueueStats(db()).depth).toBe(0);
  });
});

describe("CACHE_PURGE_URLS", () => {
  test("varnish:// and http(s):// entries; anything else is refused", () => {
    expect(parsePurgeTargets("varnish://127.0.0.1:6081, https://relay.example/purge")).toEqual([
      { name: "varnish://127.0.0.1:6081", kind: "varnish", url: "http://127.0.0.1:6081/" },
      { name: "https://relay.example/purge", kind: "http", url: "https://relay.example/purge" },
    ]);
    expect(parsePurgeTargets(undefined)).toEqual([]);
    expect(() => parsePurgeTargets("varnish://127.0.0.1")).toThrow(/port/);
    expect(() => parsePurgeTargets("ftp://x:1")).toThrow(/varnish:\/\//);
  });
});

describe("the purger, sending to an HTTP endpoint", () => {
  let server: Server;
  let received: { keys: string[]; auth: string | undefined; at: number }[] = [];
  let refuse = false;

  beforeAll(async () => {
    server = createServer((req: IncomingMessage, res) => {
      let body = "";
      req.on("data", (d) => {
        body += d;
      });
      req.on("end", () => {
        if (refuse) {
          res.statusCode = 503;
          res.end();
          return;
        }
        received.push({
          keys: JSON.parse(body).keys,
          auth: req.headers.authorization,
          at: Date.now(),
        });
        res.end("ok");
      });
    });
    await new Promise<void>((resolve) => server.listen(5398, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    stopCachePurger();
    delete process.env.CACHE_PURGE_URLS;
    delete process.env.CACHE_PURGE_TOKEN;
    await new Promise((resolve) => server.close(resolve));
  });

  const until = async (check: () => boolean, ms = 3_000) => {
    const deadline = Date.now() + ms;
    while (!check()) {
      if (Date.now() > deadline) throw new Error("timed out");
      await new Promise((r) => setTimeout(r, 10));
    }
  };

  test("a write is purged within a few hundred ms, with the token; a refusal is retried", async () => {
    const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/purge`;
    process.env.CACHE_PURGE_URLS = url;
    process.env.CACHE_PURGE_TOKEN = "relay-token";
    sql("DELETE FROM cache_purges");
    sql("DELETE FROM cache_purge_cursor");
    const sentBefore = (await purgesSent.get()).values[0]?.value ?? 0;
    startCachePurger(() => {});
    await until(() => received.length === 1);
    expect(received[0]).toMatchObject({ keys: ["all"], auth: "Bearer relay-token" });

    received = [];
    const wrote = Date.now();
    likePost(db(), story.id);
    await until(() => received.length === 1);
    expect(received[0].keys).toEqual([`post-${story.id}`]);
    expect(received[0].at - wrote).toBeLessThan(500);

    // Likes arriving together are purged together.
    received = [];
    for (let i = 0; i < 5; i++) likePost(db(), story.id);
    await until(() => received.length >= 1);
    await new Promise((r) => setTimeout(r, 300));
    expect(received.map((r) => r.keys)).toEqual([[`post-${story.id}`]]);

    refuse = true;
    received = [];
    likePost(db(), story.id);
    await until(
      () =>
        Number(
          db()
            .$client.prepare("SELECT max(attempts) FROM cache_purges WHERE sent_at IS NULL")
            .pluck()
            .get(),
        ) >= 2,
    );
    refuse = false;
    await until(() => received.length === 1);
    expect(received[0].keys).toEqual([`post-${story.id}`]);
    await until(() => purgeQueueStats(db()).depth === 0);
    expect((await purgesSent.get()).values[0]?.value).toBeGreaterThanOrEqual(sentBefore + 4);
    stopCachePurger();
  });

  test("an entry it cannot use stops the start", () => {
    process.env.CACHE_PURGE_URLS = "varnish://127.0.0.1";
    try {
      expect(() => startCachePurger(() => {})).toThrow(
        /CACHE_PURGE_URLS: .* needs a host and a port/,
      );
    } finally {
      delete process.env.CACHE_PURGE_URLS;
    }
  });

  test("unset: off, and the cursor is forgotten", () => {
    delete process.env.CACHE_PURGE_URLS;
    sql("INSERT OR REPLACE INTO cache_purge_cursor (id, last_seq) VALUES (1, 1)");
    startCachePurger(() => {});
    expect(db().$client.prepare("SELECT count(*) FROM cache_purge_cursor").pluck().get()).toBe(0);
    stopCachePurger();
  });
});

test("docs/operations.md shows the VCL of deploy/varnish/inkwell.vcl, unchanged", () => {
  const docs = readFileSync("docs/operations.md", "utf8");
  const section = docs.slice(docs.indexOf("## A shared cache in front (Varnish)"));
  const shown = /```vcl\n([\s\S]*?)```/.exec(section)?.[1];
  expect(shown).toBe(readFileSync("deploy/varnish/inkwell.vcl", "utf8"));
});
