import { existsSync, readdirSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { readEnv } from "~/platform/env.server";
import { parseListLimit } from "~/utils/paging";
import { safeRedirectPath } from "~/utils/redirect";
import { isCrossSiteRequest } from "~/utils/same-origin";
import { absoluteUrl, imageTypeOf, seoMeta, socialImagePath } from "~/utils/seo";

describe("safeRedirectPath", () => {
  test("keeps same-site paths", () => {
    expect(safeRedirectPath("/explore?x=1")).toBe("/explore?x=1");
  });
  test.each([
    "//evil.example",
    "https://evil.example/",
    "/\\evil.example",
    "explore",
    "/a\nb",
    undefined,
    42,
  ])("refuses %s", (value) => {
    expect(safeRedirectPath(value)).toBe("/");
  });
});

describe("parseListLimit (docs/behaviour.md §reading: 10, then +10)", () => {
  test.each([
    [null, 10],
    ["", 10],
    ["abc", 10],
    ["-5", 10],
    ["10", 10],
    ["20", 20],
    ["25", 30],
    ["999999", 1000],
  ])("%s → %d", (value, expected) => {
    expect(parseListLimit(value)).toBe(expected);
  });
});

describe("seoMeta", () => {
  const defaults = {
    siteName: "Inkwell",
    siteDescription: "News.",
    metaTags: "news, crypto",
    publicUrl: "https://inkwell.example",
  };
  test("sets title, description, keywords, robots, canonical, Open Graph and Twitter", () => {
    const tags = seoMeta(defaults, {
      title: "Explore",
      path: "/explore",
      image: "/demo/images/globe.svg",
    });
    expect(tags).toContainEqual({ title: "Explore | Inkwell" });
    expect(tags).toContainEqual({ name: "description", content: "News." });
    expect(tags).toContainEqual({ name: "keywords", content: "news, crypto" });
    expect(tags).toContainEqual({ name: "robots", content: expect.stringContaining("index") });
    expect(tags).toContainEqual({
      tagName: "link",
      rel: "canonical",
      href: "https://inkwell.example/explore",
    });
    expect(tags).toContainEqual({ property: "og:title", content: "Explore" });
    expect(tags).toContainEqual({
      property: "og:image",
      content: "https://inkwell.example/demo/images/globe.jpg",
    });
    expect(tags).toContainEqual({ name: "twitter:card", content: "summary_large_image" });
  });
  test("the home page title is the site name; error pages are noindex", () => {
    expect(seoMeta(defaults, { path: "/" })).toContainEqual({ title: "Inkwell" });
    const errorPage = seoMeta(defaults, { path: "/x", noindex: true });
    expect(errorPage).toContainEqual({ name: "robots", content: "noindex, nofollow" });
    expect(errorPage.some((t) => "rel" in t)).toBe(false);
  });
  test("indexed pages announce the site feeds, and a category its own, in each format", () => {
    const tags = seoMeta(defaults, {
      title: "Crypto",
      path: "/category/crypto",
      feed: { base: "/category/crypto", title: "Crypto" },
    });
    const feeds = tags.filter((t) => "rel" in t && t.rel === "alternate");
    expect(feeds).toEqual([
      expect.objectContaining({
        href: "https://inkwell.example/rss.xml",
        type: "application/rss+xml",
      }),
      expect.objectContaining({
        href: "https://inkwell.example/atom.xml",
        type: "application/atom+xml",
      }),
      expect.objectContaining({
        href: "https://inkwell.example/feed.json",
        type: "application/feed+json",
      }),
      expect.objectContaining({ href: "https://inkwell.example/category/crypto/rss.xml" }),
      expect.objectContaining({ href: "https://inkwell.example/category/crypto/atom.xml" }),
      expect.objectContaining({ href: "https://inkwell.example/category/crypto/feed.json" }),
    ]);
  });
  test("social networks get a raster picture: demo SVGs go as their JPEG rendition", () => {
    expect(socialImagePath("/demo/images/globe.svg")).toBe("/demo/images/globe.jpg");
    expect(socialImagePath("/uploads/posts/a.png")).toBe("/uploads/posts/a.png");
    expect(socialImagePath("/demo/../x.svg")).toBe("/demo/../x.svg");
    for (const svg of readdirSync("public/demo/images").filter((f) => f.endsWith(".svg"))) {
      expect(existsSync(`public/demo/images/${svg.replace(/\.svg$/, ".jpg")}`), svg).toBe(true);
    }
    expect(imageTypeOf("/uploads/a.webp")).toBe("image/webp");
    expect(imageTypeOf("/demo/images/x.jpg")).toBe("image/jpeg");
    expect(imageTypeOf("/uploads/a.GIF")).toBe("image/gif");
  });
  test("absoluteUrl leaves absolute URLs alone", () => {
    expect(absoluteUrl("https://a.example", "https://b.example/x")).toBe("https://b.example/x");
    expect(absoluteUrl("https://a.example", "x")).toBe("https://a.example/x");
  });
});

describe("readEnv (docs/operations.md)", () => {
  test("defaults", () => {
    const env = readEnv({});
    expect(env.port).toBe(3500);
    expect(env.host).toBe("0.0.0.0");
    expect(env.dataDir).toMatch(/\/data$/);
    expect(env.publicUrl).toBe("http://localhost:3500");
    expect(env.adminEmail).toBe("admin@inkwell.local");
    expect(env.adminPassword).toBeUndefined();
    expect(env.seedDemo).toBe(true);
    expect(env.smtpUrl).toBeUndefined();
  });
  test("overrides, and PUBLIC_URL follows PORT", () => {
    const env = readEnv({
      PORT: "4000",
      SEED_DEMO: "0",
      DATA_DIR: "/tmp/x",
      ADMIN_EMAIL: "A@B.io",
    });
    expect(env.port).toBe(4000);
    expect(env.publicUrl).toBe("http://localhost:4000");
    expect(env.seedDemo).toBe(false);
    expect(env.databasePath).toBe("/tmp/x/app.db");
    expect(env.uploadsDir).toBe("/tmp/x/uploads");
    expect(env.adminEmail).toBe("a@b.io");
  });
  test("empty values count as unset; bad values are refused with a message", () => {
    expect(readEnv({ PORT: "" }).port).toBe(3500);
    expect(() => readEnv({ PORT: "http" })).toThrow(/PORT/);
    expect(() => readEnv({ ADMIN_PASSWORD: "short" })).toThrow(/ADMIN_PASSWORD/);
  });
});

describe("isCrossSiteRequest (docs/behaviour.md §access)", () => {
  const req = (method: string, headers: Record<string, string> = {}) =>
    new Request("http://127.0.0.1:3500/action/set-theme", { method, headers });
  test("safe methods are never refused", () => {
    expect(isCrossSiteRequest(req("GET", { Origin: "https://evil.example" }))).toBe(false);
  });
  test("a post from this origin or an allowed one passes", () => {
    expect(isCrossSiteRequest(req("POST", { Origin: "http://127.0.0.1:3500" }))).toBe(false);
    expect(
      isCrossSiteRequest(req("POST", { Origin: "https://inkwell.example" }), [
        "https://inkwell.example",
      ]),
    ).toBe(false);
  });
  test("a post from another origin, or an opaque one, is refused", () => {
    expect(isCrossSiteRequest(req("POST", { Origin: "https://evil.example" }))).toBe(true);
    expect(isCrossSiteRequest(req("POST", { Origin: "http://127.0.0.1:3501" }))).toBe(true);
    expect(isCrossSiteRequest(req("POST", { Origin: "null" }))).toBe(true);
    expect(isCrossSiteRequest(req("DELETE", { "Sec-Fetch-Site": "cross-site" }))).toBe(true);
  });
  test("a client that sends no Origin (curl, an API client) passes", () => {
    expect(isCrossSiteRequest(req("POST"))).toBe(false);
    expect(isCrossSiteRequest(req("POST", { "Sec-Fetch-Site": "same-origin" }))).toBe(false);
  });
});
