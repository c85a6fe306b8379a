/**
 * The search index (docs/decisions/100-search-index.md): kept in step with every write path
 * (save, publish, trash, delete, category/tag/author rename, tags), ranked, accent-blind,
 * prefix on the last word, odd input read as plain words, readers see published posts only.
 */
import { eq } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import { categories, posts, tags, users } from "#db/schema";
import { toSessionUser } from "~/domain/access/actor.server";
import { deletePost, savePost, trashPost } from "~/domain/posts/editing.server";
import { listPostsForAdmin } from "~/domain/posts/staff-views.server";
import {
  checkSearchIndex,
  PREFIX_EXPANSIONS,
  rebuildSearchIndex,
  searchPublished,
} from "~/domain/search/search.server";
import { snippetHtml } from "~/domain/search/snippet";
import { deleteCategory, updateCategory, updateTag } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { loader as searchJson } from "~/routes/api.search";
import { loader as searchPage } from "~/routes/search";
import { resetDatabase, routeArgs } from "../helpers";
import { callRoute, get, makeCategory, makePost, makeTag, makeUser } from "./fixtures";

const found = (q: string, filters = {}) =>
  searchPublished(getDb(), q, filters, { limit: 50 }).results.map((r) => r.title);

beforeEach(() => resetDatabase());

describe("reader search", () => {
  it("finds a word that appears only in one post's body, with a marked, escaped snippet", () => {
    const world = makeCategory("World");
    makePost({
      title: "Harbour news",
      category: world,
      content: "<p>The <strong>quayside</strong> reopened &amp; crowds came back.</p>",
    });
    makePost({ title: "Other story", category: world });
    const page = searchPublished(getDb(), "quayside", {}, { limit: 10 });
    expect(page.results.map((r) => r.title)).toEqual(["Harbour news"]);
    expect(page.total).toBe(1);
    const html = snippetHtml(page.results[0].snippet);
    expect(html).toContain("<mark>quayside</mark>");
    expect(html).toContain("reopened &amp; crowds");
    expect(html).not.toContain("<strong>");
  });

  it("ranks a title match above a body match", () => {
    makePost({ title: "Plain headline", content: "<p>Lithium prices rose again today.</p>" });
    makePost({ title: "Lithium rush", content: "<p>Miners move north.</p>" });
    expect(found("lithium")).toEqual(["Lithium rush", "Plain headline"]);
  });

  it("ignores accents both ways, takes the last word as a prefix, and needs every word", () => {
    makePost({ title: "Café culture", content: "<p>Bitcoin accepted at the counter.</p>" });
    makePost({ title: "Cafe closures", content: "<p>Rents rise.</p>" });
    expect(found("cafe").sort()).toEqual(["Cafe closures", "Café culture"]);
    expect(found("CAFÉ").sort()).toEqual(["Cafe closures", "Café culture"]);
    expect(found("bitc")).toEqual(["Café culture"]);
    expect(found("cafe bitcoin")).toEqual(["Café culture"]);
    expect(found('"cafe closures"')).toEqual(["Cafe closures"]);
    expect(found('"closures cafe"')).toEqual([]);
  });

  it("expands a long fragment into at most PREFIX_EXPANSIONS words; a whole word is taken as typed", () => {
    // 40 words start with "zorb": the fragment stands for the first PREFIX_EXPANSIONS in the index's order.
    const words = Array.from(
      { length: 40 },
      (_, i) => `zorb${String.fromCharCode(97 + (i % 26))}${i < 26 ? "" : "x"}`,
    );
    for (const w of words) makePost({ title: `Post ${w}`, content: `<p>${w}</p>` });
    const all = found("zorb");
    expect(all).toHaveLength(PREFIX_EXPANSIONS);
    expect(all).toContain("Post zorba");
    expect(found("zorbq")).toEqual(["Post zorbq"]);
    // A prefix no word starts with finds nothing, without an error.
    expect(searchPublished(getDb(), "zorbzz", {}, { limit: 10 }).total).toBe(0);
    // Up to three characters the index's own prefix index answers, uncapped.
    expect(found("zo")).toHaveLength(40);
    // Once "zorb" is a word of the index, it finds that word only, like any other word.
    makePost({ title: "Exact", content: "<p>zorb</p>" });
    expect(found("zorb")).toEqual(["Exact"]);
    expect(found("zo")).toHaveLength(41);
  });

  it("reads odd input as plain words and never throws", () => {
    makePost({ title: "Near the markets", content: "<p>and or not near</p>" });
    for (const q of [
      '"unbalanced',
      "AND",
      "NEAR(",
      "*",
      "a:b",
      "^x",
      "(((",
      "-",
      "x".repeat(1000),
    ]) {
      expect(() => found(q)).not.toThrow();
    }
    expect(found("NEAR(")).toEqual(["Near the markets"]);
    expect(found("AND")).toEqual(["Near the markets"]);
    expect(found("")).toEqual([]);
    expect(found("***")).toEqual([]);
  });

  it("never shows drafts, reviewing or trashed posts to readers", () => {
    for (const status of ["draft", "reviewing", "trash"] as const) {
      makePost({ title: `Zeppelin ${status}`, status });
    }
    makePost({ title: "Zeppelin live" });
    expect(found("zeppelin")).toEqual(["Zeppelin live"]);
    // The status and facet words the index filters on are never matched by what is typed.
    expect(found("published")).toEqual([]);
    expect(found("draft")).toEqual([]);
  });

  it("filters by category, tag and date range", () => {
    const crypto = makeCategory("Crypto");
    const business = makeCategory("Business");
    const rates = makeTag("Interest Rates");
    makePost({
      title: "Ledger one",
      category: crypto,
      tagIds: [rates.id],
      timestamp: new Date("2026-03-10T12:00:00Z"),
    });
    makePost({
      title: "Ledger two",
      category: business,
      timestamp: new Date("2026-05-01T12:00:00Z"),
    });
    expect(found("ledger", { category: "crypto" })).toEqual(["Ledger one"]);
    expect(found("ledger", { tag: "interest-rates" })).toEqual(["Ledger one"]);
    expect(found("ledger", { from: "2026-04-01" })).toEqual(["Ledger two"]);
    expect(found("ledger", { to: "2026-03-10" })).toEqual(["Ledger one"]);
    expect(found("ledger", { from: "not a date" }).length).toBe(2);
    expect(found("ledger", { category: "nope" })).toEqual([]);
  });
});

describe("the index follows every write", () => {
  it("save, publish, trash and delete through the editing domain", () => {
    const admin = toSessionUser(makeUser("Administrator"));
    const cat = makeCategory("Business");
    const input = {
      title: "Quarterly figures",
      summary: "What the books say",
      content: "<p>Turnover grew in every region.</p>",
      category: cat.name,
      tags: [],
      photo: "/demo/x.jpg",
    };
    const { post } = savePost(admin, { ...input, action: "publish" });
    expect(found("turnover")).toEqual(["Quarterly figures"]);
    savePost(
      admin,
      { ...input, content: "<p>Revenue grew.</p>", action: "publish" },
      { id: post.id },
    );
    expect(found("turnover")).toEqual([]);
    expect(found("revenue")).toEqual(["Quarterly figures"]);
    savePost(admin, { ...input, action: "draft" }, { id: post.id });
    expect(found("quarterly")).toEqual([]);
    savePost(admin, { ...input, action: "publish" }, { id: post.id });
    trashPost(admin, post.id);
    expect(found("quarterly")).toEqual([]);
    deletePost(admin, post.id);
    expect(checkSearchIndex(getDb())).toMatchObject({ structureOk: true, extra: 0, missing: 0 });
  });

  it("a category, tag or author renamed is found by the new name at once", () => {
    const admin = toSessionUser(makeUser("Administrator"));
    const author = makeUser("Author", { name: "Dana Scully" });
    const cat = makeCategory("World");
    const tag = makeTag("Elections");
    makePost({ title: "Ballots counted", category: cat, tagIds: [tag.id], author });
    expect(found("world")).toEqual(["Ballots counted"]);
    updateCategory(admin, cat.id, { name: "Geopolitics", description: "d" });
    expect(found("world")).toEqual([]);
    expect(found("geopolitics")).toEqual(["Ballots counted"]);
    updateTag(admin, tag.id, { name: "Referendums", description: "d" });
    expect(found("elections")).toEqual([]);
    expect(found("referendums")).toEqual(["Ballots counted"]);
    getDb().update(users).set({ name: "Fox Mulder" }).where(eq(users.id, author.id)).run();
    expect(found("scully")).toEqual([]);
    expect(found("mulder")).toEqual(["Ballots counted"]);
    // A category removed under its posts (the domain refuses; the foreign key sets null).
    getDb().delete(categories).where(eq(categories.id, cat.id)).run();
    expect(found("geopolitics")).toEqual([]);
    expect(found("ballots")).toEqual(["Ballots counted"]);
    expect(() => deleteCategory(admin, "missing")).toThrow();
    expect(checkSearchIndex(getDb())).toMatchObject({ structureOk: true, extra: 0, missing: 0 });
  });

  it("the check sees a drift and the rebuild puts it right", () => {
    makePost({ title: "Lighthouse keeper" });
    const db = getDb();
    db.$client.prepare("DELETE FROM posts_search").run();
    expect(found("lighthouse")).toEqual([]);
    const drifted = checkSearchIndex(db);
    expect(drifted.missing).toBeGreaterThan(0);
    expect(rebuildSearchIndex(db).posts).toBe(1);
    expect(found("lighthouse")).toEqual(["Lighthouse keeper"]);
    expect(checkSearchIndex(db)).toMatchObject({ extra: 0, missing: 0 });
    // Tables the test touched directly stay consistent with the schema.
    expect(db.select().from(posts).all()).toHaveLength(1);
    expect(db.select().from(categories).all()).toHaveLength(0);
    expect(db.select().from(tags).all()).toHaveLength(0);
  });
});

describe("the search calls", () => {
  it("GET /get/search answers post list items with an escaped, marked snippet", async () => {
    makePost({ title: "Tide tables", content: "<p>Spring <em>tides</em> &lt;b&gt; tonight</p>" });
    makePost({ title: "Hidden tide", status: "draft" });
    const res = await callRoute(searchJson, get("/get/search?q=tides%20%3Cb%3E"));
    expect(res.status).toBe(200);
    expect(res.headers.get("X-Total-Count")).toBe("1");
    const items = res.body as unknown as { title: string; snippet: string }[];
    expect(items.map((i) => i.title)).toEqual(["Tide tables"]);
    expect(items[0].snippet).toBe("Spring <mark>tides</mark> &lt;<mark>b</mark>&gt; tonight");
    for (const q of ["%22", "NEAR(", "*", "x".repeat(1000), "%3Cscript%3E"]) {
      const odd = await callRoute(searchJson, get(`/get/search?q=${q}`));
      expect(odd.status).toBe(200);
    }
    const bad = await callRoute(searchJson, get("/get/search?q=tide&limit=500"));
    expect(bad.status).toBe(400);
  });

  it("the /search page lists matches and counts them; nothing typed shows nothing", async () => {
    makePost({ title: "Orchard report", content: "<p>Apples everywhere.</p>" });
    const page = await searchPage(routeArgs(get("/search?q=apples")));
    expect(page.total).toBe(1);
    expect(page.results.map((r) => r.title)).toEqual(["Orchard report"]);
    expect(page.results[0].snippet.some((piece) => piece.hit)).toBe(true);
    const empty = await searchPage(routeArgs(get("/search")));
    expect(empty.total).toBe(0);
  });

  it("staff search: an Author finds only their own posts, drafts included", () => {
    const ann = toSessionUser(makeUser("Author", { name: "Ann" }));
    const bob = makeUser("Author", { name: "Bob" });
    makePost({ title: "Glacier draft", status: "draft", author: { id: ann.id } });
    makePost({ title: "Glacier other", status: "draft", author: bob });
    const editor = toSessionUser(makeUser("Editor"));
    expect(listPostsForAdmin(ann, { search: "glacier" }).posts.map((p) => p.title)).toEqual([
      "Glacier draft",
    ]);
    expect(listPostsForAdmin(editor, { search: "glacier" }).total).toBe(2);
  });
});
