/**
 * Route groups, route patterns and request ids (docs/decisions/271-route-groups.md): a group is
 * one of a few fixed names whatever the path holds; a pattern never carries an id or a token.
 */
import { describe, expect, it } from "vitest";
import { bearerMatches } from "~/web/operations-node.server";
import { ROUTE_GROUPS, requestId, routeGroup, routePatterns } from "~/web/route-groups.server";

describe("routeGroup", () => {
  it.each([
    ["/", "home"],
    ["/_root.data", "home"],
    ["/12/freshly-pressed/a-story", "post"],
    ["/12/freshly-pressed/a-story.data", "post"],
    ["/category/crypto", "list"],
    ["/tag/bitcoin", "list"],
    ["/author/rita", "list"],
    ["/explore", "list"],
    ["/reach-out", "page"],
    ["/privacy-policy", "page"],
    ["/unsubscribe", "page"],
    ["/newsletter", "page"],
    ["/newsletter/confirm", "page"],
    ["/any-page-slug", "page"],
    ["/rss.xml", "feed"],
    ["/category/crypto/rss.xml", "feed"],
    ["/author/rita/rss.xml", "feed"],
    ["/sitemap.xml", "sitemap"],
    ["/sitemap/posts-1.xml", "sitemap"],
    ["/robots.txt", "sitemap"],
    ["/search", "search"],
    ["/get/search", "search"],
    ["/posts/like/12", "api"],
    ["/get/post/12/freshly_pressed/a-story", "api"],
    ["/crud/get/docs", "api"],
    ["/user/data", "api"],
    ["/user/update/password", "api"],
    ["/newsletter/join", "api"],
    ["/newsletter/send", "api"],
    ["/comments/add/12", "api"],
    ["/admin/posts", "admin"],
    ["/admin/users/edit/abc-123", "admin"],
    ["/admin/posts/edit/12", "admin"],
    ["/admin/login", "account"],
    ["/admin/login/verify", "account"],
    ["/admin/logout", "account"],
    ["/admin/forgot-password", "account"],
    ["/admin/reset-password", "account"],
    ["/assets/entry.client-abc123.js", "asset"],
    ["/demo/posts/1.jpg", "asset"],
    ["/favicon.svg", "asset"],
    ["/uploads/posts/abc.webp", "upload"],
    ["/upload/image", "upload"],
    ["/healthz", "health"],
    ["/readyz", "health"],
    ["/metrics", "health"],
    ["/share/12/twitter", "other"],
    ["/action/set-theme", "other"],
    ["/a/b/c/d", "other"],
    ["/category/a/b", "other"],
  ])("%s is %s", (path, group) => {
    expect(routeGroup(path)).toBe(group);
  });

  it("never answers anything but one of the fixed groups", () => {
    const odd = ["", "//", "/%zz", "/..", `/${"x".repeat(5000)}`, "/admin/../../etc/passwd"];
    for (const path of odd) expect(ROUTE_GROUPS).toContain(routeGroup(path));
  });
});

describe("requestId", () => {
  it("keeps a short token of safe characters", () => {
    expect(requestId("abc-123_DEF.4:5")).toBe("abc-123_DEF.4:5");
    expect(requestId("a".repeat(64))).toBe("a".repeat(64));
  });

  it("replaces anything else with a new id", () => {
    for (const bad of [
      "",
      "a".repeat(65),
      "has space",
      'quote"',
      "new\nline",
      "<script>",
      "ünïcode",
      ["one", "two"],
      undefined,
    ]) {
      const id = requestId(bad as string | string[] | undefined);
      expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
    }
    expect(requestId(undefined)).not.toBe(requestId(undefined));
  });
});

describe("routePatterns", () => {
  // The shape of a server build's `routes`: flat, each naming its parent.
  const build = {
    routes: {
      root: { id: "root", path: "" },
      "routes/admin.users-edit": {
        id: "routes/admin.users-edit",
        parentId: "admin-layout",
        path: "admin/users/edit/:uid",
      },
      "admin-layout": { id: "admin-layout", parentId: "root" },
      "routes/admin.login": { id: "routes/admin.login", parentId: "root", path: "admin/login" },
      "routes/api.post-detail": {
        id: "routes/api.post-detail",
        parentId: "root",
        path: "get/post/:id/:categoryKey/:url",
      },
      "public-layout": { id: "public-layout", parentId: "root" },
      "routes/home": { id: "routes/home", parentId: "public-layout", index: true },
      "routes/not-found": { id: "routes/not-found", parentId: "public-layout", path: "*" },
    },
  } as never;
  const patternOf = routePatterns(build);

  it("names the matched route's pattern, never the ids in the path", () => {
    expect(patternOf("/admin/users/edit/0c1d-secret-uid")).toBe("/admin/users/edit/:uid");
    expect(patternOf("/admin/users/edit/0c1d.data")).toBe("/admin/users/edit/:uid");
    expect(patternOf("/get/post/12/crypto/a-story")).toBe("/get/post/:id/:categoryKey/:url");
    expect(patternOf("/admin/login")).toBe("/admin/login");
    expect(patternOf("/")).toBe("/");
    expect(patternOf("/_root.data")).toBe("/");
    expect(patternOf("/no/such/path/token-xyz")).toBe("/*");
  });
});

describe("bearerMatches", () => {
  const token = "metrics-token-0123456789";
  it("accepts only the exact bearer token", () => {
    expect(bearerMatches(`Bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`bearer ${token}`, token)).toBe(true);
    expect(bearerMatches(`Bearer ${token}x`, token)).toBe(false);
    expect(bearerMatches(`Basic ${token}`, token)).toBe(false);
    expect(bearerMatches("Bearer ", token)).toBe(false);
    expect(bearerMatches(undefined, token)).toBe(false);
    expect(bearerMatches(token, token)).toBe(false);
  });
});
