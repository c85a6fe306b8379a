/**
 * Names in any script (docs/decisions/180-unicode-slugs.md): categories and
 * tags refuse control characters; names without Latin letters get their own
 * slug, not an empty one or "-2"; posts, categories, tags and pages with such
 * slugs are reached at their encoded addresses, and a stale address answers
 * 301 with an encoded Location.
 */
import { beforeAll, describe, expect, it } from "vitest";
import { savePage } from "~/domain/pages/pages.server";
import { savePost } from "~/domain/posts/editing.server";
import { createCategory, createTag, updateCategory } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { loader as categoryLoader } from "~/routes/category";
import { loader as pageLoader } from "~/routes/page";
import { loader as postLoader } from "~/routes/post";
import { loader as tagLoader } from "~/routes/tag";
import { cacheablePage } from "~/web/page-cache.server";
import { settle } from "../helpers";
import { BASE, caught, get, setupNewsroom } from "./fixtures";

let n: ReturnType<typeof setupNewsroom>;
beforeAll(() => {
  n = setupNewsroom();
});

/** React Router hands loaders the decoded segments of the requested path. */
function segments(path: string): string[] {
  return path.split("/").slice(1).map(decodeURIComponent);
}

describe("category and tag names", () => {
  it("refuses control characters (NUL among them) in names and descriptions", async () => {
    for (const name of ["Nul\u0000Desk", "Bell\u0007", "Line\nBreak", "C1\u0085"]) {
      const refused = await caught(() => createCategory(n.staff.admin, { name, description: "d" }));
      expect(refused, JSON.stringify(name)).toMatchObject({ status: 400 });
      expect(
        (await caught(() => createTag(n.staff.admin, { name, description: "d" }))).status,
      ).toBe(400);
    }
    expect(
      (await caught(() => createTag(n.staff.admin, { name: "Ok", description: "a\u0000b" })))
        .status,
    ).toBe(400);
    // A description may have several lines.
    expect(createTag(n.staff.admin, { name: "Lines", description: "one\ntwo" }).slug).toBe("lines");
  });

  it("accepts names in any script, each with a slug and key of its own", async () => {
    const greek = createCategory(n.staff.admin, { name: "Ελληνικά", description: "Greek desk" });
    const japanese = createCategory(n.staff.admin, { name: "名前", description: "Names" });
    const cafe = createCategory(n.staff.admin, { name: "Café Ñews", description: "Cafés" });
    expect(greek).toMatchObject({ slug: "ελληνικα", key: "ελληνικα" });
    expect(japanese).toMatchObject({ slug: "名前", key: "名前" });
    expect(cafe).toMatchObject({ slug: "cafe-news", key: "cafe_news" });
    const tag = createTag(n.staff.admin, { name: "Οικονομία", description: "Economy" });
    expect(tag).toMatchObject({ slug: "οικονομια", tag: "οικονομια" });
    // The same name in another case or with its accents is the same slug: refused.
    expect(
      await caught(() => createCategory(n.staff.admin, { name: "ΕΛΛΗΝΙΚΑ", description: "x" })),
    ).toMatchObject({ status: 409 });
  });
});

describe("addresses with slugs in other scripts", () => {
  it("a post, its category and tag answer at their encoded addresses; a stale one 301s, encoded", async () => {
    createCategory(n.staff.admin, { name: "Κόσμος", description: "World" });
    createTag(n.staff.admin, { name: "Ταξίδια", description: "Travel" });
    const { post } = savePost(n.staff.admin, {
      action: "publish",
      title: "Νέα από την Αθήνα",
      category: "Κόσμος",
      summary: "s",
      content: "<p>x</p>",
      tags: ["Ταξίδια"],
      photo: null,
      socialCard: null,
    });
    expect(post.slug).toBe("νεα-απο-την-αθηνα");
    expect(post.url).toBe(
      `/${post.id}/${encodeURIComponent("κοσμος")}/${encodeURIComponent("νεα-απο-την-αθηνα")}`,
    );
    expect(cacheablePage(post.url)).toMatchObject({ kind: "post", postId: post.id });

    const [id, category, url] = segments(post.url);
    const page = await settle(postLoader, get(post.url), { id, category, url });
    expect(page.status).toBe(200);
    expect(page.data.post.title).toBe("Νέα από την Αθήνα");

    const listing = await settle(
      categoryLoader,
      get("/category/%CE%BA%CE%BF%CF%83%CE%BC%CE%BF%CF%82"),
      {
        category: "κοσμος",
      },
    );
    expect(listing.status).toBe(200);
    expect(listing.data.posts.map((p: { id: number }) => p.id)).toContain(post.id);
    const tagged = await settle(tagLoader, get("/tag/x"), { tag: "ταξιδια" });
    expect(tagged.data.posts.map((p: { id: number }) => p.id)).toContain(post.id);

    // Renaming the category moves the post's address; the old one answers 301, encoded.
    const cat = getDb().query.categories.findFirst({ where: (c, { eq }) => eq(c.slug, "κοσμος") });
    const renamed = updateCategory(n.staff.admin, (await cat)?.id ?? 0, {
      name: "Κόσμος Σήμερα",
      description: "World today",
    });
    expect(renamed.slug).toBe("κοσμος-σημερα");
    const stale = await settle(postLoader, get(post.url), { id, category, url });
    expect(stale.status).toBe(301);
    expect(stale.location).toBe(
      `/${post.id}/${encodeURIComponent("κοσμος-σημερα")}/${encodeURIComponent("νεα-απο-την-αθηνα")}`,
    );
  });

  it("a page with a Greek or Japanese title gets a slug of its own and is served at it", async () => {
    const base = { summary: "", content: "<p>x</p>", status: "published" as const };
    const greek = savePage(n.staff.admin, getDb(), { ...base, title: "Σχετικά με εμάς" });
    const japanese = savePage(n.staff.admin, getDb(), { ...base, title: "会社概要" });
    expect(greek.slug).toBe("σχετικα-με-εμας");
    expect(japanese.slug).toBe("会社概要");
    const path = `/${encodeURIComponent(japanese.slug)}`;
    expect(cacheablePage(path)).toEqual({ postId: null, kind: "page", slug: "会社概要" });
    const served = await settle(pageLoader, get(path), { slug: segments(path)[0] });
    expect(served.data.title).toBe("会社概要");
    expect(BASE).toMatch(/^http/);
  });
});
