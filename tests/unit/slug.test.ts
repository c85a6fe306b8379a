import { describe, expect, test } from "vitest";
import { apiKey, postPath, slugify, titleCase } from "~/utils/slug";

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
