/**
 * The generic data calls of docs/api.md through their route modules, with real
 * Requests: success shapes field by field, 400 for each kind of bad input with
 * the database unchanged, 401/403/404, and no password hash or other user's
 * apiKey in any answer.
 */
import { existsSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { media, newsletters, posts, settings, users } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { action as addAction, loader as addLoader } from "~/routes/api.crud-add-doc";
import { action as deleteAction } from "~/routes/api.crud-delete-doc";
import { action as getAction } from "~/routes/api.crud-get-docs";
import { action as updateAction } from "~/routes/api.crud-update-doc";
import { action as nextIdAction } from "~/routes/api.nextid";
import { action as uploadAction } from "~/routes/api.upload-image";
import { routeArgs } from "../helpers";
import { setupNewsroom, tableCounts } from "./fixtures";

const BASE = "http://127.0.0.1:3500";
type Handler = (args: unknown) => Promise<Response>;
type Staff = ReturnType<typeof setupNewsroom>["staff"];
type Member = Staff[keyof Staff];

let n: ReturnType<typeof setupNewsroom>;
/** Every answer, with the apiKey of whoever asked, for the leak checks at the end. */
const answers: { callerKey: string | undefined; text: string }[] = [];

beforeAll(() => {
  n = setupNewsroom();
});

async function send(handler: Handler, path: string, body: unknown, callerKey?: string) {
  const request = new Request(`${BASE}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
  const res = await handler(routeArgs(request));
  const text = await res.text();
  answers.push({ callerKey, text });
  // biome-ignore lint/suspicious/noExplicitAny: answers are checked field by field.
  return { status: res.status, body: JSON.parse(text) as any, headers: res.headers };
}

const as = (who: Member) => ({
  get: (body: Record<string, unknown>) =>
    send(getAction as Handler, "/crud/get/docs", { key: who.apiKey, ...body }, who.apiKey),
  add: (collection: string, data: unknown) =>
    send(addAction as Handler, "/crud/add/doc", { key: who.apiKey, collection, data }, who.apiKey),
  update: (collection: string, uid: string, data: unknown) =>
    send(
      updateAction as Handler,
      "/crud/update/doc",
      { key: who.apiKey, collection, uid, data },
      who.apiKey,
    ),
  remove: (collection: string, uid: string) =>
    send(
      deleteAction as Handler,
      "/crud/delete/doc",
      { key: who.apiKey, collection, uid },
      who.apiKey,
    ),
  nextId: (collection: string) =>
    send(nextIdAction as Handler, "/get/nextid", { apiKey: who.apiKey, collection }, who.apiKey),
});

const postData = (over: Record<string, unknown> = {}) => ({
  status: "draft",
  title: "Stablecoins, explained",
  category: "Crypto",
  summary: "What backs them.",
  content: "<p>Reserves.</p>",
  tags: ["Bitcoin"],
  photo: "/uploads/posts/cover.png",
  socialCard: { name: "Stablecoins", description: "Explained", image: "", blur: 3 },
  ...over,
});

/** Expects a refusal with `status` and a message, and that nothing changed. */
async function refused(
  run: () => Promise<{ status: number; body: { type: string; message: string } }>,
  status: number,
  message?: RegExp | string,
) {
  const before = tableCounts();
  const res = await run();
  expect(res.status).toBe(status);
  expect(res.body.type).toBe("error");
  expect(typeof res.body.message).toBe("string");
  if (typeof message === "string") expect(res.body.message).toBe(message);
  else if (message) expect(res.body.message).toMatch(message);
  expect(tableCounts()).toBe(before);
  return res.body.message;
}

describe("POST /crud/add/doc and /crud/get/docs: posts", () => {
  it("adds a post and reads it back shaped as docs/behaviour.md §data, field by field", async () => {
    const added = await as(n.staff.author).add("posts", postData());
    expect(added.status).toBe(200);
    expect(added.body.type).toBe("success");
    expect(added.body.message).toBe("Draft saved successfully!");
    const doc = added.body.data;
    const got = await as(n.staff.author).get({
      collection: "posts",
      query: ["uid", "==", doc.uid],
    });
    expect(got.status).toBe(200);
    expect(got.body.type).toBe("success");
    expect(got.body.data).toHaveLength(1);
    const p = got.body.data[0];
    expect(p).toEqual(doc);
    expect(Object.keys(p).sort()).toEqual(
      [
        "id",
        "uid",
        "status",
        "title",
        "slug",
        "url",
        "summary",
        "content",
        "category",
        "tags",
        "photo",
        "socialCard",
        "commentsClosed",
        "visibility",
        "views",
        "likes",
        "shares",
        "avgTime",
        "bounceRate",
        "timestamp",
        "createdAt",
        "updatedAt",
        "publishAt",
        "version",
        "user",
      ].sort(),
    );
    expect(p.id).toEqual(expect.any(Number));
    expect(p.uid).toMatch(/^[0-9a-f-]{36}$/);
    expect(p.status).toBe("draft");
    expect(p.title).toBe("Stablecoins, explained");
    expect(p.slug).toBe("stablecoins-explained");
    expect(p.url).toBe(`/${p.id}/crypto/stablecoins-explained`);
    expect(p.summary).toBe("What backs them.");
    expect(p.content).toBe("<p>Reserves.</p>");
    expect(p.category).toBe("Crypto");
    expect(p.tags).toEqual(["Bitcoin"]);
    expect(p.photo).toBe("/uploads/posts/cover.png");
    expect(p.socialCard).toEqual({
      name: "Stablecoins",
      description: "Explained",
      image: "",
      blur: 3,
    });
    expect([p.views, p.likes, p.shares, p.bounceRate]).toEqual([0, 0, 0, 0]);
    expect(p.avgTime).toBe("0m 0s");
    expect(p.timestamp).toEqual(expect.any(Number));
    expect(p.user).toEqual({
      uid: n.staff.author.uid,
      name: "Abe",
      photo: "/demo/avatars/abe.svg",
    });
  });

  it("publishes with status published, and a Contributor's publish becomes reviewing", async () => {
    const a = await as(n.staff.editor).add("posts", postData({ status: "published" }));
    expect(a.body.data.status).toBe("published");
    expect(a.body.message).toBe("Post saved successfully!");
    const c = await as(n.staff.contributor).add("posts", postData({ status: "published" }));
    expect(c.body.data.status).toBe("reviewing");
  });

  it("uses the id from /get/nextid", async () => {
    const reserved = await as(n.staff.author).nextId("posts");
    expect(reserved.status).toBe(200);
    expect(reserved.body).toEqual({ type: "success", collection: "posts", id: expect.any(Number) });
    const added = await as(n.staff.author).add("posts", postData({ id: reserved.body.id }));
    expect(added.body.data.id).toBe(reserved.body.id);
    await refused(() => as(n.staff.author).add("posts", postData({ id: reserved.body.id })), 409);
  });

  it.each([
    ["a blank title", postData({ title: " " }), "All fields are required"],
    ["no content", postData({ content: undefined }), "All fields are required"],
    ["an unknown tag", postData({ tags: ["Nope"] }), 'Unknown tag: "Nope"'],
    ["an unknown category", postData({ category: "Nope" }), 'Unknown category "Nope"'],
    ["a wrong status", postData({ status: "live" }), /status must be/],
    ["a string id", postData({ id: "7" }), /id must be a whole number/],
    ["an over-long summary", postData({ summary: "s".repeat(2001) }), /summary: at most 2000/],
    ["tags as an object", postData({ tags: { a: 1 } }), /^tags: /],
    [
      "a long card description",
      postData({ socialCard: { name: "x", description: "d".repeat(201) } }),
      /socialCard\.description/,
    ],
    ["data as a list", [postData()], "data: data must be an object"],
  ])("refuses %s with 400 and writes nothing", async (_name, data, message) => {
    await refused(() => as(n.staff.author).add("posts", data), 400, message);
  });

  it("refuses a Subscriber (403) and a caller without a key (401)", async () => {
    await refused(() => as(n.staff.subscriber).add("posts", postData()), 403);
    await refused(
      () => send(addAction as Handler, "/crud/add/doc", { collection: "posts", data: postData() }),
      401,
    );
    await refused(
      () =>
        send(addAction as Handler, "/crud/add/doc", {
          key: "wrong",
          collection: "posts",
          data: postData(),
        }),
      401,
      "Invalid API key",
    );
    await refused(() => as(n.staff.subscriber).get({ collection: "posts" }), 403);
  });

  it("gives Authors and Contributors only their own posts; Editors and Administrators all", async () => {
    await as(n.staff.author2).add("posts", postData({ title: "Ann's post" }));
    const uids = async (who: Member) =>
      new Set(
        ((await as(who).get({ collection: "posts" })).body.data as { user: { uid: string } }[]).map(
          (p) => p.user.uid,
        ),
      );
    expect(await uids(n.staff.author)).toEqual(new Set([n.staff.author.uid]));
    expect(await uids(n.staff.author2)).toEqual(new Set([n.staff.author2.uid]));
    expect(await uids(n.staff.contributor)).toEqual(new Set([n.staff.contributor.uid]));
    const all = await uids(n.staff.editor);
    expect(
      all.has(n.staff.author.uid) &&
        all.has(n.staff.author2.uid) &&
        all.has(n.staff.contributor.uid),
    ).toBe(true);
    // A query cannot widen an Author's view.
    const asked = await as(n.staff.author).get({
      collection: "posts",
      query: ["user.uid", "==", n.staff.author2.uid],
    });
    expect(asked.body.data).toEqual([]);
  });
});

describe("POST /crud/get/docs: the query", () => {
  beforeAll(async () => {
    for (const [title, views, tags] of [
      ["Query one", 5, ["Bitcoin"]],
      ["Query two", 10, ["Markets"]],
      ["Query three", 20, ["Bitcoin", "Markets"]],
    ] as const) {
      const { body } = await as(n.staff.admin).add(
        "posts",
        postData({ title, status: "published", tags }),
      );
      n.db.update(posts).set({ views }).where(eq(posts.id, body.data.id)).run();
    }
  });

  const titles = async (query: unknown, extra: Record<string, unknown> = {}) => {
    const res = await as(n.staff.admin).get({ collection: "posts", query, ...extra });
    expect(res.status).toBe(200);
    return (res.body.data as { title: string }[])
      .map((p) => p.title)
      .filter((t) => t.startsWith("Query"))
      .sort();
  };

  it("accepts a triple, an object (operator or op), and lists of them, ANDed", async () => {
    expect(await titles(["title", "==", "Query one"])).toEqual(["Query one"]);
    expect(await titles({ field: "title", operator: "==", value: "Query two" })).toEqual([
      "Query two",
    ]);
    expect(await titles({ field: "title", op: "==", value: "Query two" })).toEqual(["Query two"]);
    expect(
      await titles([
        ["views", ">=", 10],
        { field: "tags", operator: "array-contains", value: "Bitcoin" },
      ]),
    ).toEqual(["Query three"]);
    expect(await titles([])).toEqual(["Query one", "Query three", "Query two"]);
    expect(await titles(null)).toEqual(["Query one", "Query three", "Query two"]);
    expect(await titles({})).toEqual(["Query one", "Query three", "Query two"]);
  });

  it("supports every operator", async () => {
    expect(await titles(["views", "==", 10])).toEqual(["Query two"]);
    expect(
      await titles([
        ["views", "!=", 10],
        ["title", ">=", "Query"],
      ]),
    ).toEqual(["Query one", "Query three"]);
    expect(await titles(["views", "<", 10])).toEqual(["Query one"]);
    expect(await titles(["views", "<=", 10])).toEqual(["Query one", "Query two"]);
    expect(await titles(["views", ">", 10])).toEqual(["Query three"]);
    expect(await titles(["views", ">=", 10])).toEqual(["Query three", "Query two"]);
    expect(await titles(["title", "in", ["Query one", "Query three"]])).toEqual([
      "Query one",
      "Query three",
    ]);
    expect(await titles(["tags", "array-contains", "Markets"])).toEqual([
      "Query three",
      "Query two",
    ]);
    expect(await titles(["category", "==", "Crypto"])).toContain("Query one");
    expect(await titles(["status", "==", "published"])).toEqual([
      "Query one",
      "Query three",
      "Query two",
    ]);
    expect(await titles(["id", "==", "999999"])).toEqual([]);
  });

  it("finds a tag by slug and a category by key", async () => {
    const tag = await as(n.staff.contributor).get({
      collection: "tags",
      query: ["slug", "==", "bitcoin"],
    });
    expect(tag.body.data).toEqual([
      {
        id: n.tags.bitcoin.id,
        uid: n.tags.bitcoin.uid,
        name: "Bitcoin",
        slug: "bitcoin",
        tag: "bitcoin",
        description: "BTC",
        createdAt: expect.any(Number),
        version: expect.any(Number),
      },
    ]);
    const cat = await as(n.staff.author).get({
      collection: "categories",
      query: ["key", "==", "freshly_pressed"],
    });
    expect(cat.body.data).toEqual([
      {
        id: n.cats.fresh.id,
        uid: n.cats.fresh.uid,
        name: "Freshly Pressed",
        slug: "freshly-pressed",
        key: "freshly_pressed",
        description: "Just in",
        createdAt: expect.any(Number),
        version: expect.any(Number),
      },
    ]);
  });

  it("pages with limit and offset, newest first", async () => {
    const all = (await as(n.staff.admin).get({ collection: "posts" })).body.data as {
      timestamp: number;
    }[];
    const times = all.map((p) => p.timestamp);
    expect(times).toEqual([...times].sort((a, b) => b - a));
    const page = await as(n.staff.admin).get({ collection: "posts", limit: 2, offset: 1 });
    expect(page.body.data).toEqual(all.slice(1, 3));
  });

  it.each([
    [
      "an unknown collection",
      { collection: "widgets" },
      /^collection: collection must be one of posts/,
    ],
    ["no collection", {}, /^collection: /],
    ["a numeric collection", { collection: 5 }, /^collection: /],
    [
      "an unknown field",
      { collection: "posts", query: ["passwordHash", "==", "x"] },
      /posts cannot be queried by "passwordHash"/,
    ],
    [
      "a hidden users field",
      { collection: "users", query: ["apiKey", "==", "x"] },
      /users cannot be queried by "apiKey"/,
    ],
    [
      "an unknown operator",
      { collection: "posts", query: ["id", "=~", 1] },
      /unknown operator "=~"/,
    ],
    [
      "an SQL operator",
      { collection: "posts", query: ["id", "; drop table posts", 1] },
      /unknown operator/,
    ],
    [
      "a text where a number goes",
      { collection: "posts", query: ["views", ">", "many"] },
      /views must be a whole number/,
    ],
    [
      "a number where text goes",
      { collection: "posts", query: ["title", "==", 5] },
      /title must be text/,
    ],
    [
      "an object value",
      { collection: "posts", query: ["title", "==", { $ne: 1 }] },
      /title must be text/,
    ],
    [
      "an over-long value",
      { collection: "posts", query: ["title", "==", "x".repeat(1001)] },
      /at most 1000/,
    ],
    [
      "an unknown status",
      { collection: "posts", query: ["status", "==", "live"] },
      /status must be one of/,
    ],
    ["in without a list", { collection: "posts", query: ["id", "in", 3] }, /"in" needs a list/],
    [
      "in with too many values",
      { collection: "posts", query: ["id", "in", Array.from({ length: 101 }, (_, i) => i)] },
      /"in" needs a list/,
    ],
    [
      "array-contains on a scalar",
      { collection: "posts", query: ["title", "array-contains", "x"] },
      /lists only/,
    ],
    [
      "== on a list",
      { collection: "posts", query: ["tags", "==", "Bitcoin"] },
      /use array-contains/,
    ],
    ["a short triple", { collection: "posts", query: ["id", "=="] }, /\[field, operator, value\]/],
    [
      "an object without value",
      { collection: "posts", query: { field: "id", operator: "==" } },
      /\{field, operator, value\}/,
    ],
    ["a query that is a number", { collection: "posts", query: 7 }, /query/],
    [
      "too many conditions",
      { collection: "posts", query: Array.from({ length: 21 }, () => ["id", ">", 0]) },
      /at most 20/,
    ],
    ["a bad limit", { collection: "posts", limit: 0 }, /^limit: /],
    ["a string limit", { collection: "posts", limit: "10" }, /^limit: /],
    ["a huge limit", { collection: "posts", limit: 5000 }, /^limit: /],
    [
      "an unknown audience",
      { collection: "subscribers", query: ["audience", "array-contains", "Jazz"] },
      /audience is one of/,
    ],
    [
      "a bad time",
      { collection: "posts", query: ["timestamp", ">", "yesterday-ish"] },
      /timestamp must be a time/,
    ],
  ])("answers 400 for %s", async (_name, body, message) => {
    await refused(() => as(n.staff.admin).get(body), 400, message);
  });

  it("answers 400 for bodies that are not a JSON object, and 401 with no key", async () => {
    const raw = (body: string) => send(getAction as Handler, "/crud/get/docs", body);
    await refused(() => raw("{"), 400, "The body is not valid JSON");
    await refused(() => raw("[1,2]"), 400, "The body must be a JSON object");
    await refused(() => raw('"posts"'), 400, "The body must be a JSON object");
    await refused(() => raw(JSON.stringify({ collection: "posts" })), 401);
    await refused(
      () => raw(JSON.stringify({ collection: "posts", key: 12 })),
      400,
      "key must be a string",
    );
    const form = await getAction(
      routeArgs(
        new Request(`${BASE}/crud/get/docs`, {
          method: "POST",
          body: new URLSearchParams({ collection: "posts" }),
        }),
      ),
    );
    expect(form.status).toBe(400);
  });
});

describe("users: readable by Administrators; others only themselves; never a hash", () => {
  it("gives an Administrator every user, with only their own apiKey", async () => {
    const res = await as(n.staff.admin).get({ collection: "users" });
    expect(res.status).toBe(200);
    const list = res.body.data as Record<string, unknown>[];
    expect(list.length).toBeGreaterThanOrEqual(6);
    for (const u of list) {
      expect(Object.keys(u).sort()).toEqual(
        (u.uid === n.staff.admin.uid
          ? [
              "uid",
              "name",
              "email",
              "role",
              "photo",
              "createdAt",
              "timestamp",
              "active",
              "version",
              "apiKey",
            ]
          : ["uid", "name", "email", "role", "photo", "createdAt", "timestamp", "active", "version"]
        ).sort(),
      );
    }
    const self = list.find((u) => u.uid === n.staff.admin.uid);
    expect(self?.apiKey).toBe(n.staff.admin.apiKey);
    const editors = await as(n.staff.admin).get({
      collection: "users",
      query: ["role", "==", "Editor"],
    });
    expect((editors.body.data as { uid: string }[]).map((u) => u.uid)).toEqual([
      n.staff.editor.uid,
    ]);
  });

  it("gives anyone else only their own record, with their apiKey", async () => {
    const res = await as(n.staff.author).get({ collection: "users" });
    expect(res.body.data).toEqual([
      {
        uid: n.staff.author.uid,
        name: "Abe",
        email: n.staff.author.email,
        role: "Author",
        photo: "/demo/avatars/abe.svg",
        createdAt: expect.any(Number),
        timestamp: expect.any(Number),
        active: true,
        version: expect.any(Number),
        apiKey: n.staff.author.apiKey,
      },
    ]);
    const other = await as(n.staff.author).get({
      collection: "users",
      query: ["uid", "==", n.staff.admin.uid],
    });
    expect(other.body.data).toEqual([]);
  });
});

describe("other collections", () => {
  it("subscribers: Administrators and Editors add, read, update and delete them", async () => {
    const added = await as(n.staff.editor).add("subscribers", {
      name: " Zoe ",
      email: "ZOE@example.com",
    });
    expect(added.status).toBe(200);
    expect(added.body.message).toBe("Subscriber added successfully!");
    expect(added.body.data).toEqual({
      uid: expect.any(String),
      id: expect.any(Number),
      name: "Zoe",
      email: "zoe@example.com",
      status: "Active",
      audience: ["News"],
      timestamp: expect.any(Number),
      // Reader accounts (docs/members.md): never signed in yet.
      memberSince: null,
      lastSignInAt: null,
    });
    await refused(
      () => as(n.staff.admin).add("subscribers", { name: "Z", email: "zoe@example.com" }),
      409,
    );
    await refused(
      () => as(n.staff.admin).add("subscribers", { name: "Z", email: "not-an-email" }),
      400,
    );
    await refused(
      () =>
        as(n.staff.admin).add("subscribers", {
          name: "Z",
          email: "z2@example.com",
          audience: ["Jazz"],
        }),
      400,
    );
    await refused(
      () => as(n.staff.author).add("subscribers", { name: "Z", email: "z3@example.com" }),
      403,
    );
    await refused(() => as(n.staff.author).get({ collection: "subscribers" }), 403);

    const uid = added.body.data.uid;
    const updated = await as(n.staff.admin).update("subscribers", uid, {
      ...added.body.data,
      status: "Inactive",
      audience: ["Music", "Promotions"],
    });
    expect(updated.body.data).toMatchObject({
      uid,
      status: "Inactive",
      audience: ["Music", "Promotions"],
    });
    await refused(
      () => as(n.staff.admin).update("subscribers", uid, { ...added.body.data, id: 999 }),
      400,
      "id cannot be changed",
    );
    const music = await as(n.staff.admin).get({
      collection: "subscribers",
      query: ["audience", "array-contains", "Music"],
    });
    expect((music.body.data as { uid: string }[]).map((s) => s.uid)).toEqual([uid]);
    await refused(() => as(n.staff.admin).update("subscribers", "nope", added.body.data), 404);
    const gone = await as(n.staff.admin).remove("subscribers", uid);
    expect(gone.body).toEqual({
      type: "success",
      message: "Deleted successfully",
      data: { id: added.body.data.id, uid },
    });
    await refused(() => as(n.staff.admin).remove("subscribers", uid), 404);
  });

  it("categories and tags: add, rename (posts follow), delete; 409 for duplicates", async () => {
    const cat = await as(n.staff.author).add("categories", {
      name: "Deep Dives",
      description: "Long reads",
    });
    expect(cat.body).toMatchObject({ type: "success", message: "Category added successfully!" });
    expect(cat.body.data).toMatchObject({
      name: "Deep Dives",
      slug: "deep-dives",
      key: "deep_dives",
    });
    await refused(
      () => as(n.staff.author).add("categories", { name: "deep dives", description: "x" }),
      409,
      /already exists/,
    );
    await refused(
      () => as(n.staff.author).add("categories", { name: "X", description: " " }),
      400,
      "Description is required",
    );
    await refused(
      () => as(n.staff.contributor).add("categories", { name: "X", description: "y" }),
      403,
    );
    const post = await as(n.staff.author).add("posts", postData({ category: "Deep Dives" }));
    const renamed = await as(n.staff.author).update("categories", cat.body.data.uid, {
      ...cat.body.data,
      name: "Deeper Dives",
    });
    expect(renamed.body.data.slug).toBe("deeper-dives");
    const reread = await as(n.staff.author).get({
      collection: "posts",
      query: ["uid", "==", post.body.data.uid],
    });
    expect(reread.body.data[0].url).toBe(
      `/${post.body.data.id}/deeper-dives/stablecoins-explained`,
    );
    expect(reread.body.data[0].category).toBe("Deeper Dives");
    await refused(
      () => as(n.staff.author).remove("categories", cat.body.data.uid),
      409,
      /still has 1 post/,
    );

    const tag = await as(n.staff.editor).add("tags", { name: "DeFi", description: "Finance" });
    expect(tag.body.data).toMatchObject({ name: "DeFi", slug: "defi", tag: "defi" });
    const tagGone = await as(n.staff.editor).remove("tags", tag.body.data.uid);
    expect(tagGone.body.message).toBe("Tag deleted successfully!");
  });

  it("settings: anyone signed in reads them; only an Administrator updates them", async () => {
    const read = await as(n.staff.contributor).get({ collection: "settings" });
    const record = read.body.data[0];
    expect(read.body.data).toHaveLength(1);
    expect(record).toMatchObject({
      siteName: "Inkwell",
      maxImageSize: 5,
      enableRateLimiting: true,
    });
    expect(record.uid).toEqual(expect.any(String));
    expect(record.id).toBeUndefined();
    await refused(
      () => as(n.staff.editor).update("settings", record.uid, { ...record, siteName: "X" }),
      403,
    );
    await refused(
      () => as(n.staff.admin).update("settings", "wrong", { ...record, siteName: "X" }),
      404,
    );
    await refused(
      () => as(n.staff.admin).update("settings", record.uid, { ...record, maxImageSize: "big" }),
      400,
    );
    await refused(
      () => as(n.staff.admin).update("settings", record.uid, { ...record, secret: 1 }),
      400,
    );
    const saved = await as(n.staff.admin).update("settings", record.uid, {
      ...record,
      siteName: "Inkwell Daily",
    });
    expect(saved.body).toMatchObject({ type: "success", message: "Settings updated successfully" });
    expect(saved.body.data.siteName).toBe("Inkwell Daily");
    await refused(() => as(n.staff.admin).add("settings", record), 400);
    await refused(() => as(n.staff.admin).remove("settings", record.uid), 400);
    n.db.update(settings).set({ siteName: "Inkwell" }).run();
  });

  it("newsletters are read-only here; Authors cannot read them", async () => {
    n.db
      .insert(newsletters)
      .values({ uid: crypto.randomUUID(), subject: "Weekly", audience: "All" })
      .run();
    const list = await as(n.staff.editor).get({
      collection: "newsletters",
      query: ["status", "==", "draft"],
    });
    expect(list.body.data[0]).toMatchObject({
      subject: "Weekly",
      audience: "All",
      status: "draft",
      sentAt: null,
    });
    await refused(() => as(n.staff.author).get({ collection: "newsletters" }), 403);
    await refused(
      () => as(n.staff.admin).add("newsletters", { subject: "x" }),
      400,
      /POST \/newsletter\/send/,
    );
    await refused(() => as(n.staff.admin).remove("newsletters", list.body.data[0].uid), 400);
  });
});

describe("POST /crud/update/doc: posts and users", () => {
  it("replaces a post's fields by uid; the owner, id and uid never change", async () => {
    const { body } = await as(n.staff.author).add("posts", postData());
    const doc = body.data;
    const res = await as(n.staff.author).update("posts", doc.uid, {
      ...doc,
      title: "Stablecoins, re-explained",
      status: "published",
      tags: [],
      socialCard: null,
      user: { uid: n.staff.author2.uid, name: "Ann", photo: null },
      likes: 999,
    });
    expect(res.status).toBe(200);
    expect(res.body.message).toBe("Post updated successfully!");
    const p = res.body.data;
    expect(p).toMatchObject({
      id: doc.id,
      uid: doc.uid,
      status: "published",
      title: "Stablecoins, re-explained",
      url: `/${doc.id}/crypto/stablecoins-re-explained`,
      tags: [],
      socialCard: null,
      likes: 0,
      user: { uid: n.staff.author.uid, name: "Abe" },
    });
    await refused(
      () => as(n.staff.author).update("posts", doc.uid, { ...p, id: doc.id + 1 }),
      400,
      "id cannot be changed",
    );
    await refused(
      () => as(n.staff.author).update("posts", doc.uid, { ...p, uid: "other" }),
      400,
      "uid cannot be changed",
    );
    await refused(
      () => as(n.staff.author).update("posts", doc.uid, { ...p, title: "" }),
      400,
      "All fields are required",
    );
    await refused(() => as(n.staff.author2).update("posts", doc.uid, p), 403);
    await refused(() => as(n.staff.contributor).update("posts", doc.uid, p), 403);
    await refused(() => as(n.staff.subscriber).update("posts", doc.uid, p), 403);
    await refused(() => as(n.staff.author).update("posts", "no-such-uid", p), 404);
    await refused(() => as(n.staff.author).update("posts", "", p), 400, /uid/);
    await refused(() => as(n.staff.author).update("posts", "x".repeat(101), p), 400, /uid/);

    const mine = (await as(n.staff.contributor).add("posts", postData())).body.data;
    const sent = await as(n.staff.contributor).update("posts", mine.uid, {
      ...mine,
      status: "published",
    });
    expect(sent.body.data.status).toBe("reviewing");
  });

  it("updates a profile; only an Administrator changes another's role, never their own", async () => {
    const read = (await as(n.staff.author).get({ collection: "users" })).body.data[0];
    const res = await as(n.staff.author).update("users", read.uid, {
      ...read,
      name: "Abe Lincoln",
    });
    expect(res.status).toBe(200);
    // The record as saved: later updates send its version (a stale one is a 409, tested below).
    const me = { ...res.body.data, name: "Abe Lincoln" };
    expect(res.body.message).toBe("User updated successfully!");
    expect(res.body.data).toMatchObject({
      uid: me.uid,
      name: "Abe Lincoln",
      role: "Author",
      apiKey: me.apiKey,
    });
    await refused(
      () => as(n.staff.author).update("users", me.uid, { ...me, role: "Administrator" }),
      403,
    );
    await refused(
      () => as(n.staff.author).update("users", me.uid, { ...me, apiKey: "mine-now" }),
      400,
    );
    await refused(
      () => as(n.staff.author).update("users", me.uid, { ...me, password: "NewPass-123" }),
      400,
      /update\/password/,
    );
    await refused(
      () => as(n.staff.author).update("users", me.uid, { ...me, name: "" }),
      400,
      "Please fill in all fields",
    );
    await refused(
      () =>
        as(n.staff.author).update("users", n.staff.editor.uid, { ...me, uid: n.staff.editor.uid }),
      403,
    );
    await refused(
      () =>
        as(n.staff.admin).update("users", n.staff.admin.uid, {
          name: "Ada",
          email: n.staff.admin.email,
          role: "Editor",
        }),
      400,
      "You cannot change your own role",
    );
    await refused(() => as(n.staff.admin).update("users", me.uid, { ...me, role: "King" }), 400);
    await refused(() => as(n.staff.admin).update("users", "nope", me), 404);

    const promoted = await as(n.staff.admin).update("users", me.uid, {
      ...me,
      name: "Abe",
      role: "Editor",
    });
    expect(promoted.body.data).toMatchObject({ uid: me.uid, role: "Editor" });
    expect(promoted.body.data.apiKey).toBeUndefined();
    n.db.update(users).set({ role: "Author" }).where(eq(users.uid, me.uid)).run();
  });

  it("adds users as an Administrator only", async () => {
    const added = await as(n.staff.admin).add("users", {
      name: "Newbie",
      email: "newbie@example.com",
      password: "Newbie-pass-1",
      role: "Contributor",
    });
    expect(added.status).toBe(200);
    expect(added.body.data).toMatchObject({
      name: "Newbie",
      email: "newbie@example.com",
      role: "Contributor",
    });
    expect(added.body.data.apiKey).toBeUndefined();
    await refused(
      () =>
        as(n.staff.admin).add("users", {
          name: "N",
          email: "newbie@example.com",
          password: "Newbie-pass-1",
        }),
      409,
    );
    await refused(
      () =>
        as(n.staff.editor).add("users", {
          name: "N",
          email: "n2@example.com",
          password: "Newbie-pass-1",
        }),
      403,
    );
    await refused(
      () => as(n.staff.admin).add("users", { name: "N", email: "n3@example.com" }),
      400,
    );
    await refused(
      () => as(n.staff.admin).remove("users", n.staff.admin.uid),
      400,
      "You cannot delete your own account",
    );
    await refused(() => as(n.staff.editor).remove("users", added.body.data.uid), 403);
    const removed = await as(n.staff.admin).remove("users", added.body.data.uid);
    expect(removed.body).toEqual({
      type: "success",
      message: "Deleted successfully",
      data: { uid: added.body.data.uid },
    });
  });
});

describe("POST /crud/delete/doc: posts", () => {
  it("deletes for Authors (own), Editors and Administrators; never for Contributors", async () => {
    const abes = (await as(n.staff.author).add("posts", postData())).body.data;
    await refused(() => as(n.staff.author2).remove("posts", abes.uid), 403);
    await refused(() => as(n.staff.contributor).remove("posts", abes.uid), 403);
    const res = await as(n.staff.author).remove("posts", abes.uid);
    expect(res.body).toEqual({
      type: "success",
      message: "Post deleted successfully!",
      data: { uid: abes.uid },
    });
    await refused(() => as(n.staff.author).remove("posts", abes.uid), 404);
    const cys = (await as(n.staff.contributor).add("posts", postData())).body.data;
    await refused(
      () => as(n.staff.contributor).remove("posts", cys.uid),
      403,
      "Contributors cannot delete posts",
    );
    expect((await as(n.staff.editor).remove("posts", cys.uid)).status).toBe(200);
    await refused(() => as(n.staff.admin).remove("widgets", "x"), 400);
  });
});

describe("POST /get/nextid", () => {
  it("hands out increasing ids to callers that may add to the collection", async () => {
    const a = await as(n.staff.editor).nextId("subscribers");
    const b = await as(n.staff.editor).nextId("subscribers");
    expect(b.body.id).toBe(a.body.id + 1);
    const byKey = await send(nextIdAction as Handler, "/get/nextid", {
      key: n.staff.author.apiKey,
      collection: "tags",
    });
    expect(byKey.body).toMatchObject({
      type: "success",
      collection: "tags",
      id: expect.any(Number),
    });
    await refused(() => as(n.staff.author).nextId("users"), 400, /collection must be one of/);
    await refused(() => as(n.staff.contributor).nextId("categories"), 403);
    await refused(() => as(n.staff.subscriber).nextId("posts"), 403);
    await refused(() => send(nextIdAction as Handler, "/get/nextid", { collection: "posts" }), 401);
  });
});

/** A 1×1 transparent PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

function uploadRequest(
  fields: Record<string, string>,
  file?: { body: Buffer | string; name: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) {
    const bytes = typeof file.body === "string" ? file.body : new Uint8Array(file.body);
    form.append("file", new Blob([bytes], { type: "image/png" }), file.name);
  }
  return new Request(`${BASE}/upload/image`, { method: "POST", body: form });
}

async function upload(
  fields: Record<string, string>,
  file?: { body: Buffer | string; name: string },
) {
  const res = await (uploadAction as Handler)(routeArgs(uploadRequest(fields, file)));
  const text = await res.text();
  answers.push({ callerKey: fields.key, text });
  // biome-ignore lint/suspicious/noExplicitAny: checked field by field.
  return { status: res.status, body: JSON.parse(text) as any };
}

const uploadsDir = () => join(process.env.DATA_DIR ?? "", "uploads");
const incoming = () =>
  existsSync(join(uploadsDir(), ".incoming")) ? readdirSync(join(uploadsDir(), ".incoming")) : [];

describe("POST /upload/image", () => {
  it("stores an image and answers {url} with its media record", async () => {
    const res = await upload(
      { collection: "posts", key: n.staff.contributor.apiKey },
      { body: PNG, name: "cover.png" },
    );
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      type: "success",
      message: "Image uploaded successfully",
      url: expect.stringMatching(/^\/uploads\/posts\/[0-9a-f-]{36}\.png$/),
      uid: expect.any(String),
      data: {
        uid: res.body.uid,
        url: res.body.url,
        name: "cover.png",
        author: "Cy",
        collection: "posts",
        date: expect.any(Number),
        mimeType: "image/png",
        size: PNG.length,
        width: 1,
        height: 1,
      },
    });
    expect(existsSync(join(uploadsDir(), res.body.url.replace("/uploads/", "")))).toBe(true);
    const listed = await as(n.staff.author).get({
      collection: "media",
      query: ["uid", "==", res.body.uid],
    });
    expect(listed.body.data).toEqual([res.body.data]);
    expect(incoming()).toEqual([]);
  });

  it("refuses bad uploads and keeps nothing", async () => {
    const mediaCount = () => n.db.select().from(media).all().length;
    const before = mediaCount();
    const cases: [
      Record<string, string>,
      { body: Buffer | string; name: string } | undefined,
      number,
    ][] = [
      [{ collection: "posts" }, { body: PNG, name: "a.png" }, 401],
      [{ collection: "posts", key: "wrong" }, { body: PNG, name: "a.png" }, 401],
      [{ collection: "secrets", key: n.staff.admin.apiKey }, { body: PNG, name: "a.png" }, 400],
      [{ collection: "posts", key: n.staff.admin.apiKey }, undefined, 400],
      [
        { collection: "posts", key: n.staff.admin.apiKey },
        { body: "<svg onload=alert(1)>", name: "a.png" },
        415,
      ],
      [{ collection: "media", key: n.staff.contributor.apiKey }, { body: PNG, name: "a.png" }, 403],
      [{ collection: "settings", key: n.staff.editor.apiKey }, { body: PNG, name: "a.png" }, 403],
      [{ collection: "posts", key: n.staff.subscriber.apiKey }, { body: PNG, name: "a.png" }, 403],
    ];
    for (const [fields, file, status] of cases) {
      const res = await upload(fields, file);
      expect(res.status, JSON.stringify(fields)).toBe(status);
      expect(res.body.type).toBe("error");
    }
    const json = await (uploadAction as Handler)(
      routeArgs(
        new Request(`${BASE}/upload/image`, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: "{}",
        }),
      ),
    );
    expect(json.status).toBe(400);
    expect(mediaCount()).toBe(before);
    expect(incoming()).toEqual([]);
  });

  it("enforces Settings maxImageSize while streaming (413)", async () => {
    n.db.update(settings).set({ maxImageSize: 1 }).run();
    const big = Buffer.concat([PNG, Buffer.alloc(1024 * 1024 + 10)]);
    const res = await upload(
      { collection: "posts", key: n.staff.admin.apiKey },
      { body: big, name: "big.png" },
    );
    expect(res.status).toBe(413);
    expect(res.body).toEqual({
      type: "error",
      message: "The file is too large: the limit is 1 MB.",
    });
    expect(incoming()).toEqual([]);
    n.db.update(settings).set({ maxImageSize: 5 }).run();
  });

  it("deletes media for an Administrator only, removing the file", async () => {
    const up = await upload(
      { collection: "media", key: n.staff.editor.apiKey },
      { body: PNG, name: "m.png" },
    );
    const file = join(uploadsDir(), up.body.url.replace("/uploads/", ""));
    await refused(
      () => as(n.staff.editor).remove("media", up.body.uid),
      403,
      "Only an Administrator can delete media",
    );
    expect(existsSync(file)).toBe(true);
    const res = await as(n.staff.admin).remove("media", up.body.uid);
    expect(res.body).toEqual({
      type: "success",
      message: "Image deleted successfully!",
      data: { uid: up.body.uid },
    });
    expect(existsSync(file)).toBe(false);
    await refused(() => as(n.staff.admin).remove("media", up.body.uid), 404);
    await refused(
      () => as(n.staff.admin).add("media", { url: "/x.png" }),
      400,
      /POST \/upload\/image/,
    );
    await refused(() => as(n.staff.admin).update("media", "x", {}), 400);
  });
});

describe("methods and fuzz", () => {
  it("answers GET with 405 and OPTIONS with a preflight", async () => {
    const get = await addLoader(routeArgs(new Request(`${BASE}/crud/add/doc`)));
    expect(get.status).toBe(405);
    const pre = await addLoader(
      routeArgs(new Request(`${BASE}/crud/add/doc`, { method: "OPTIONS" })),
    );
    expect(pre.status).toBe(204);
  });

  it("never answers 500, whatever the body", async () => {
    const key = n.staff.admin.apiKey;
    const bodies: unknown[] = [
      null,
      0,
      "x",
      [],
      {},
      { key },
      { key, collection: null },
      { key, collection: ["posts"] },
      { key, collection: "posts", data: null },
      { key, collection: "posts", data: "x" },
      { key, collection: "posts", uid: 5, data: {} },
      { key, collection: "users", uid: {}, data: {} },
      { key, collection: "posts", query: [[]] },
      { key, collection: "posts", query: [null] },
      { key, collection: "posts", query: { field: "__proto__", operator: "==", value: 1 } },
      { key, collection: "posts", query: ["constructor", "==", 1] },
      { key, collection: "posts", query: ["id", "in", [null]] },
      { key, collection: "posts", query: ["timestamp", ">", 1e300] },
      { key, collection: "posts", query: ["id", "==", 1e300] },
      {
        key,
        collection: "posts",
        data: { title: "t", category: "Crypto", summary: "s", content: "c", socialCard: "card" },
      },
      {
        key,
        collection: "posts",
        data: { title: "t", category: "Crypto", summary: "s", content: "c", tags: [1, 2] },
      },
      {
        key,
        collection: "posts",
        data: { title: "t", category: "Crypto", summary: "s", content: "c", id: -4 },
      },
      {
        key,
        collection: "posts",
        data: { title: "t", category: "Crypto", summary: "s", content: "c", id: 2 ** 53 },
      },
      { key, collection: "categories", data: { name: ["x"], description: "y" } },
      {
        key,
        collection: "users",
        data: { name: "x", email: "y@z.com", password: "Password-1", role: 7 },
      },
      {
        key,
        collection: "subscribers",
        data: { name: "x", email: "q@z.com", audience: "News", status: "Gone" },
      },
      { key, collection: "settings", uid: "x", data: [] },
    ];
    const handlers = [getAction, addAction, updateAction, deleteAction, nextIdAction] as Handler[];
    for (const body of bodies) {
      for (const handler of handlers) {
        const res = await send(handler, "/fuzz", JSON.stringify(body), key);
        expect(res.status, JSON.stringify(body)).toBeLessThan(500);
      }
    }
  });
});

afterAll(() => {
  // Checked last, over every answer of this file.
  const db = getDb();
  const everyone = db.select({ apiKey: users.apiKey, hash: users.passwordHash }).from(users).all();
  const hashes = [...new Set([...everyone.map((u) => u.hash), n.staff.admin.passwordHash])];
  const keys = [
    ...new Set([...everyone.map((u) => u.apiKey), ...Object.values(n.staff).map((s) => s.apiKey)]),
  ];
  expect(answers.length).toBeGreaterThan(100);
  for (const { callerKey, text } of answers) {
    expect(text).not.toMatch(/scrypt\$|"passwordHash"\s*:|"password_hash"\s*:/);
    for (const hash of hashes) expect(text.includes(hash)).toBe(false);
    for (const key of keys) {
      if (key !== callerKey) expect(text.includes(key), "another user's apiKey leaked").toBe(false);
    }
  }
});
