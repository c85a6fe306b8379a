import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, test } from "vitest";
import routeConfig from "~/routes";
import { apiKey, isSlug, postPath, sitePath, slugify, titleCase } from "~/utils/slug";

describe("slugify (docs/behaviour.md §posts)", () => {
  test("lowercases and turns spaces into hyphens", () => {
    expect(slugify("Freshly Pressed")).toBe("freshly-pressed");
  });
  test("removes characters that are not letters, digits or hyphens", () => {
    expect(slugify("Bitcoin hits $100k: what's next?")).toBe("bitcoin-hits-100k-whats-next");
  });
  test("collapses runs of whitespace and trims", () => {
    expect(slugify("  Remote   Work \t Tips ")).toBe("remote-work-tips");
  });
  test("keeps existing hyphens", () => {
    expect(slugify("Year-end review")).toBe("year-end-review");
  });
});

describe("apiKey (docs/api.md category_key)", () => {
  test("spaces and hyphens become underscores", () => {
    expect(apiKey("Freshly Pressed")).toBe("freshly_pressed");
    expect(apiKey("freshly-pressed")).toBe("freshly_pressed");
    expect(apiKey("Interest Rates")).toBe("interest_rates");
  });
});

describe("postPath (docs/behaviour.md §posts)", () => {
  test("is /{id}/{category-slug}/{post-slug}", () => {
    expect(postPath(42, "crypto", "bitcoin-rallies")).toBe("/42/crypto/bitcoin-rallies");
  });
  test("has a readable fallback when the category is gone", () => {
    expect(postPath(7, null, "orphan")).toBe("/7/uncategorised/orphan");
  });
});

describe("titleCase", () => {
  test("title-cases slugs and keys", () => {
    expect(titleCase("freshly-pressed")).toBe("Freshly Pressed");
    expect(titleCase("interest_rates")).toBe("Interest Rates");
    expect(titleCase("crypto")).toBe("Crypto");
  });
});

describe("names in any script (docs/decisions/180-unicode-slugs.md)", () => {
  test("Latin letters lose their accents", () => {
    expect(slugify("Café Ñews")).toBe("cafe-news");
    expect(slugify("Straße Æon Việt")).toBe("strasse-aeon-viet");
    expect(apiKey("Café Ñews")).toBe("cafe_news");
  });
  test("other scripts keep their letters, lowercased: a slug of their own", () => {
    expect(slugify("Ελληνικά")).toBe("ελληνικα");
    expect(slugify("Οι Νέοι Νόμοι")).toBe("οι-νεοι-νομοι");
    expect(slugify("名前")).toBe("名前");
    expect(slugify("ガイド 2025")).toBe("ガイド-2025");
    expect(slugify("Йогурт")).toBe("йогурт");
    expect(slugify("हिन्दी समाचार")).toBe("हिन्दी-समाचार");
    expect(new Set(["名前", "会社概要", "Ελληνικά", "Αθήνα"].map(slugify)).size).toBe(4);
    expect(apiKey("Οι Νέοι")).toBe("οι_νεοι");
  });
  test("control characters never reach a slug or key", () => {
    expect(slugify("Nul\u0000Desk\u0007")).toBe("nuldesk");
    expect(apiKey("Nul\u0000Desk")).toBe("nuldesk");
  });
  test("a slug exported percent-encoded (WordPress) is read as its letters", () => {
    expect(slugify("%ce%b5%ce%bb%ce%bb%ce%ac%ce%b4%ce%b1")).toBe("ελλαδα");
    expect(slugify("100% growth")).toBe("100-growth");
  });
  test("isSlug: what slugify makes and leaves alone", () => {
    for (const s of ["news", "ελληνικα", "名前", "a-1"]) expect(isSlug(s), s).toBe(true);
    for (const s of ["News", "ελληνικά", "a--b", "-a", "a-", "", "a b", "a\u0000"]) {
      expect(isSlug(s), s).toBe(false);
    }
  });
  test("paths carry such slugs percent-encoded; ASCII ones unchanged", () => {
    expect(postPath(3, "ελλαδα", "名前")).toBe(
      "/3/%CE%B5%CE%BB%CE%BB%CE%B1%CE%B4%CE%B1/%E5%90%8D%E5%89%8D",
    );
    expect(sitePath("category", "crypto")).toBe("/category/crypto");
  });
  test("React Router matches the encoded addresses and hands the loaders the slug", () => {
    const routes = nested(routeConfig);
    const match = (path: string) => {
      const found = matchRoutes(routes, path);
      const leaf = found?.[found.length - 1];
      return { id: leaf?.route.id, params: leaf?.params };
    };
    const greek = encodeURIComponent("ελλαδα");
    const name = encodeURIComponent("名前");
    expect(match(`/category/${greek}`)).toMatchObject({
      id: "routes/category",
      params: { category: "ελλαδα" },
    });
    expect(match(`/tag/${name}`)).toMatchObject({ id: "routes/tag", params: { tag: "名前" } });
    expect(match(postPath(3, "ελλαδα", "名前"))).toMatchObject({
      id: "routes/post",
      params: { id: "3", category: "ελλαδα", url: "名前" },
    });
    expect(match(`/${name}`)).toMatchObject({ id: "routes/page", params: { slug: "名前" } });
  });
});

/** The app's route table as route objects for React Router's matcher. */
function nested(entries: RouteConfigEntry[]): RouteObject[] {
  return entries.map((e) => ({
    id: e.id ?? e.file.replace(/\.[jt]sx?$/, ""),
    path: e.path,
    ...(e.index ? { index: true as const } : {}),
    children: e.index ? undefined : nested(e.children ?? []),
  })) as RouteObject[];
}
