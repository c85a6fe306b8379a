/**
 * The public JSON calls of docs/api.md: user data, settings, the five
 * home lists, posts by category key and by tag, and the post detail. Success
 * shapes field by field, 400/404 for bad input, and no secrets in any answer.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { settings } from "#db/schema";
import { getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { loader as homeListLoader } from "~/routes/api.home-list";
import { loader as postDetailLoader } from "~/routes/api.post-detail";
import { loader as byCategoryLoader } from "~/routes/api.posts-by-category";
import { loader as byTagLoader } from "~/routes/api.posts-by-tag";
import { loader as settingsLoader } from "~/routes/api.setting-data";
import { action as userDataAction, loader as userDataGet } from "~/routes/api.user-data";
import { routeArgs } from "../helpers";
import {
  callRoute,
  get,
  makeCategory,
  makePost,
  makeTag,
  makeUser,
  postJson,
  sessionCookie,
  type TestUser,
} from "./fixtures";

type Json = Record<string, unknown>;

const call = callRoute;

const ITEM_KEYS = [
  "author",
  "authors",
  "category",
  "id",
  "photo",
  "summary",
  "timestamp",
  "title",
  "url",
  "user",
];

let author: TestUser;
const ids: Record<string, number> = {};

beforeAll(() => {
  author = makeUser("Author", { name: "Ada Writer" });
  const fresh = makeCategory("Freshly Pressed");
  const sponsored = makeCategory("Sponsored");
  const letters = makeCategory("Newsletters");
  const crypto = makeCategory("Crypto");
  const rates = makeTag("Interest Rates");
  const day = 24 * 60 * 60 * 1000;
  const now = Date.now();
  ids.fresh1 = makePost({
    title: "Fresh one",
    category: fresh,
    author,
    timestamp: new Date(now - 3 * day),
    tagIds: [rates.id],
    avgTimeSeconds: 95,
  }).id;
  ids.fresh2 = makePost({
    title: "Fresh two",
    category: fresh,
    author,
    timestamp: new Date(now - day),
  }).id;
  ids.freshDraft = makePost({ title: "Fresh draft", category: fresh, author, status: "draft" }).id;
  ids.freshReview = makePost({ title: "Fresh review", category: fresh, status: "reviewing" }).id;
  ids.freshTrash = makePost({ title: "Fresh trash", category: fresh, status: "trash" }).id;
  ids.sponsored = makePost({ title: "Paid words", category: sponsored, author }).id;
  ids.letter = makePost({ title: "Letter one", category: letters }).id;
  ids.crypto = makePost({ title: "Coins up", category: crypto, tagIds: [rates.id] }).id;
  ids.old = makePost({
    title: "Old crypto",
    category: crypto,
    timestamp: new Date(now - 30 * day),
  }).id;
});

describe("GET the five home lists", () => {
  const lists: [string, string[]][] = [
    ["freshly-pressed", ["Fresh two", "Fresh one"]],
    ["sponsored", ["Paid words"]],
    ["newsletters", ["Letter one"]],
    ["crypto-updates", ["Coins up", "Old crypto"]],
  ];
  for (const [list, titles] of lists) {
    it(`/get/${list} lists only published posts of its category, newest first`, async () => {
      const { status, body } = await call(homeListLoader, get(`/get/${list}`));
      expect(status).toBe(200);
      expect(Array.isArray(body)).toBe(true);
      expect(body.map((p) => p.title)).toEqual(titles);
    });
  }

  it("gives each item exactly the list-item fields of docs/behaviour.md §data", async () => {
    const { body } = await call(homeListLoader, get("/get/freshly-pressed"));
    const item = body.find((p) => p.id === ids.fresh1) as Json;
    expect(Object.keys(item).sort()).toEqual(ITEM_KEYS);
    expect(item).toEqual({
      id: ids.fresh1,
      url: `/${ids.fresh1}/freshly-pressed/fresh-one`,
      title: "Fresh one",
      photo: "/demo/fresh-one.jpg",
      timestamp: expect.any(Number),
      category: "Freshly Pressed",
      summary: "Summary of Fresh one",
      user: { name: "Ada Writer", photo: null },
      author: "Ada Writer",
      authors: [{ name: "Ada Writer", slug: null, role: "Author", url: null }],
    });
  });

  it("/get/leading-conversations ranks this week's published posts, then the newest", async () => {
    const { status, body } = await call(homeListLoader, get("/get/leading-conversations"));
    expect(status).toBe(200);
    const titles = body.map((p) => p.title);
    expect(titles).toContain("Fresh one");
    expect(titles).toContain("Coins up");
    expect(titles).not.toContain("Fresh draft");
    expect(titles).not.toContain("Fresh review");
    expect(titles).not.toContain("Fresh trash");
    expect(Object.keys(body[0] as Json).sort()).toEqual(ITEM_KEYS);
  });

  it("takes ?limit= from 1 to 50 and answers 400 otherwise", async () => {
    const one = await call(homeListLoader, get("/get/crypto-updates?limit=1"));
    expect(one.body.map((p) => p.title)).toEqual(["Coins up"]);
    for (const bad of ["0", "51", "x", "1.5", "-3"]) {
      const res = await call(homeListLoader, get(`/get/crypto-updates?limit=${bad}`));
      expect(res.status, bad).toBe(400);
      expect(res.body).toEqual({ type: "error", message: expect.stringMatching(/^limit/) });
    }
  });
});

describe("GET /get/posts/{category_key} and /get/posts/by-tag/{tag}", () => {
  it("lists a category by its key form, with paging and X-Total-Count", async () => {
    const res = await call(byCategoryLoader, get("/get/posts/freshly_pressed"), {
      categoryKey: "freshly_pressed",
    });
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.title)).toEqual(["Fresh two", "Fresh one"]);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    expect(Object.keys(res.body[0] as Json).sort()).toEqual(ITEM_KEYS);
    const page2 = await call(byCategoryLoader, get("/get/posts/freshly_pressed?limit=1&offset=1"), {
      categoryKey: "freshly_pressed",
    });
    expect(page2.body.map((p) => p.title)).toEqual(["Fresh one"]);
    // The URL slug and the name normalise to the same key.
    const slug = await call(byCategoryLoader, get("/get/posts/freshly-pressed"), {
      categoryKey: "Freshly-Pressed",
    });
    expect(slug.body).toHaveLength(2);
  });

  it("answers 404 for an unknown category and 400 for bad paging", async () => {
    const missing = await call(byCategoryLoader, get("/get/posts/nothing_here"), {
      categoryKey: "nothing_here",
    });
    expect(missing.status).toBe(404);
    expect(missing.body).toEqual({
      type: "error",
      message: 'No category with the key "nothing_here"',
    });
    const bad = await call(byCategoryLoader, get("/get/posts/crypto?offset=-1"), {
      categoryKey: "crypto",
    });
    expect(bad.status).toBe(400);
    const symbols = await call(byCategoryLoader, get("/get/posts/%24%24"), { categoryKey: "$$" });
    expect(symbols.status).toBe(400);
  });

  it("lists a tag's published posts by its key form", async () => {
    const res = await call(byTagLoader, get("/get/posts/by-tag/interest_rates"), {
      tag: "interest_rates",
    });
    expect(res.status).toBe(200);
    expect(res.body.map((p) => p.title)).toEqual(["Coins up", "Fresh one"]);
    expect(res.headers.get("X-Total-Count")).toBe("2");
    const spaced = await call(byTagLoader, get("/get/posts/by-tag/interest%20rates"), {
      tag: "interest rates",
    });
    expect(spaced.body).toHaveLength(2);
    const missing = await call(byTagLoader, get("/get/posts/by-tag/none"), { tag: "none" });
    expect(missing.status).toBe(404);
  });
});

describe("GET /get/post/{id}/{category_key}/{url}", () => {
  it("answers the published post with tags, avgTime, readAlso and the author", async () => {
    const res = await call(
      postDetailLoader,
      get(`/get/post/${ids.fresh1}/freshly_pressed/fresh-one`),
      {
        id: String(ids.fresh1),
        categoryKey: "freshly_pressed",
        url: "fresh-one",
      },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      id: ids.fresh1,
      uid: expect.stringMatching(/^[0-9a-f-]{36}$/),
      status: "published",
      url: `/${ids.fresh1}/freshly-pressed/fresh-one`,
      title: "Fresh one",
      photo: "/demo/fresh-one.jpg",
      timestamp: expect.any(Number),
      category: "Freshly Pressed",
      summary: "Summary of Fresh one",
      author: "Ada Writer",
      authors: [{ name: "Ada Writer", slug: null, role: "Author", url: null }],
      visibility: "public",
      complete: true,
      content: "<p>Fresh one content</p>",
      tags: ["Interest Rates"],
      socialCard: null,
      views: 0,
      likes: 0,
      shares: 0,
      avgTime: "1m 35s",
      bounceRate: 0,
      user: { name: "Ada Writer", photo: null },
      readAlso: { url: `/${ids.fresh2}/freshly-pressed/fresh-two`, title: "Fresh two" },
    });
  });

  it("answers 404 for drafts, posts under review, trash and unknown ids; 400 for a non-numeric id", async () => {
    for (const id of [ids.freshDraft, ids.freshReview, ids.freshTrash, 999_999]) {
      const res = await call(postDetailLoader, get(`/get/post/${id}/x/y`), {
        id: String(id),
        categoryKey: "x",
        url: "y",
      });
      expect(res.status, String(id)).toBe(404);
      expect(res.body).toEqual({ type: "error", message: "Post not found" });
    }
    for (const id of ["abc", "1e3", "-1", "0", "12345678901234567890"]) {
      const res = await call(postDetailLoader, get(`/get/post/${id}/x/y`), {
        id,
        categoryKey: "x",
        url: "y",
      });
      expect(res.status, id).toBe(400);
      expect(res.body.message).toMatch(/id must be a post number/);
    }
  });
});

describe("GET /get/setting-data", () => {
  it("gives the public settings and nothing about security or notifications", async () => {
    getSettings(getDb());
    getDb().update(settings).set({ siteName: "Daily Coin", metaTags: "crypto, news" }).run();
    const res = await call(settingsLoader, get("/get/setting-data"));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ siteName: "Daily Coin", metaTags: "crypto, news" });
    expect(Object.keys(res.body).sort()).toEqual([
      "autoApproveComments",
      "captcha",
      "cdnUrl",
      "contacts",
      "copyrightHolder",
      "defaultCategory",
      "enableCommentModeration",
      "enableLazyLoading",
      "enableSpamFilters",
      "favicon",
      "logo",
      "maxImageSize",
      "metaTags",
      "postalAddress",
      "siteDescription",
      "siteName",
      "social",
      "timeZone",
      "uid",
      "useCdn",
    ]);
  });
});

describe("POST /user/data", () => {
  it("gives anyone the public profile: no email, no apiKey, no hash", async () => {
    const res = await call(userDataAction, postJson("/user/data", { body: { uid: author.uid } }));
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      uid: author.uid,
      name: "Ada Writer",
      role: "Author",
      photo: null,
      createdAt: expect.any(Number),
    });
  });

  it("gives the same signed-in user their email and apiKey, by session or by their key", async () => {
    const cookie = await sessionCookie(author);
    const bySession = await call(
      userDataAction,
      postJson("/user/data", { body: { uid: author.uid }, cookie }),
      {},
      author.apiKey,
    );
    expect(bySession.body).toMatchObject({
      uid: author.uid,
      email: author.email,
      apiKey: author.apiKey,
    });
    const byKey = await call(
      userDataAction,
      postJson("/user/data", { body: { uid: author.uid, key: author.apiKey } }),
      {},
      author.apiKey,
    );
    expect(byKey.body.apiKey).toBe(author.apiKey);
    expect(Object.keys(byKey.body).sort()).toEqual([
      "apiKey",
      "createdAt",
      "email",
      "name",
      "photo",
      "role",
      "timestamp",
      "uid",
      "version",
    ]);
  });

  it("never gives another user's apiKey, even to an Administrator", async () => {
    const admin = makeUser("Administrator");
    const res = await handlerText(
      postJson("/user/data", { body: { uid: author.uid, key: admin.apiKey } }),
    );
    expect(res).toContain(author.email);
    expect(res).not.toContain(author.apiKey);
    const editor = makeUser("Editor");
    const asEditor = await call(
      userDataAction,
      postJson("/user/data", { body: { uid: author.uid }, cookie: await sessionCookie(editor) }),
    );
    expect(asEditor.body.apiKey).toBeUndefined();
    expect(asEditor.body.email).toBeUndefined();
  });

  it("answers 400 for bad input, 401 for a wrong key, 404 for an unknown uid, 405 for GET", async () => {
    const cases: [Request, number, RegExp][] = [
      [postJson("/user/data", { body: {} }), 400, /uid is required/],
      [postJson("/user/data", { body: { uid: 12 } }), 400, /uid is required/],
      [postJson("/user/data", { body: { uid: "x".repeat(101) } }), 400, /too long/],
      [postJson("/user/data", { raw: "{not json" }), 400, /not valid JSON/],
      [postJson("/user/data", { raw: "[1]" }), 400, /expected object/i],
      [
        postJson("/user/data", {
          body: { uid: author.uid },
          headers: { "Content-Type": "text/plain" },
        }),
        400,
        /JSON/,
      ],
      [postJson("/user/data", { body: { uid: author.uid, key: "wrong" } }), 401, /Invalid API key/],
      [postJson("/user/data", { body: { uid: "no-such-user" } }), 404, /User not found/],
    ];
    for (const [request, status, message] of cases) {
      const res = await call(userDataAction, request);
      expect(res.status).toBe(status);
      expect(res.body).toEqual({ type: "error", message: expect.stringMatching(message) });
    }
    const viaGet = await call(userDataGet, get("/user/data"));
    expect(viaGet.status).toBe(405);
  });
});

async function handlerText(request: Request) {
  const res = await userDataAction(routeArgs(request));
  const text = await res.text();
  return text;
}
