/**
 * Reader pages are matched against a smaller route table (app/web/reader-routes.server.ts):
 * for every request it takes, React Router must pick the same route as from the whole table.
 * Checked on the app's own route table (app/routes.ts) with React Router's own matcher.
 */
import type { RouteConfigEntry } from "@react-router/dev/routes";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import routeConfig from "~/routes";
import { readerRoutes } from "~/web/reader-routes.server";

type Flat = { id: string; parentId?: string; path?: string; index?: boolean };

/** The route table as the server build holds it: flat, keyed by id, children pointing at parents. */
function flatten(entries: RouteConfigEntry[], parentId: string, into: Record<string, Flat>) {
  for (const entry of entries) {
    const id = entry.id ?? entry.file.replace(/\.[jt]sx?$/, "");
    into[id] = { id, parentId, path: entry.path, index: entry.index };
    if (entry.children) flatten(entry.children, id, into);
  }
  return into;
}

/** The flat table as nested route objects, in their original order, for `matchRoutes`. */
function nest(flat: Record<string, Flat | undefined>, parentId?: string): RouteObject[] {
  return Object.values(flat)
    .filter((route): route is Flat => route?.parentId === parentId)
    .map((route) =>
      route.index
        ? { id: route.id, index: true }
        : { id: route.id, path: route.path, children: nest(flat, route.id) },
    );
}

const all = flatten(routeConfig, "root", { root: { id: "root", path: "" } });
const reader = readerRoutes(all);
const ids = (routes: RouteObject[], path: string) =>
  matchRoutes(routes, path)?.map((m) => m.route.id) ?? null;

/** Every route's own path with its parameters filled in, in several spellings, and odd paths. */
function samplePaths(): string[] {
  const paths = new Set<string>([
    "/",
    "/1/freshly-pressed/a-story",
    "/42/crypto/x",
    "/category/crypto",
    "/category/crypto/rss.xml",
    "/tag/bitcoin",
    "/explore",
    "/reach-out",
    "/privacy-policy",
    "/media-policy",
    "/about-us",
    "/rss.xml",
    "/sitemap.xml",
    "/sitemap/posts-1.xml",
    "/sitemap/pages.xml",
    "/robots.txt",
    "/nope/nope/nope/nope",
    "//admin/posts",
    "/%61dmin/posts",
    "/%2561dmin",
    "/%E0%A4%A",
    "/Admin/Posts/",
  ]);
  for (const route of Object.values(all)) {
    const parts: string[] = [];
    for (let r: Flat | undefined = route; r; r = r.parentId ? all[r.parentId] : undefined) {
      if (r.path) parts.unshift(r.path);
    }
    const path = `/${parts.join("/")}`.replace(/:[^/]+/g, "7").replace("*", "deep/er");
    for (const p of [path, path.toUpperCase(), `${path}/`, `${path}/extra`]) paths.add(p);
  }
  return [...paths];
}

describe("the reader route table", () => {
  const full = nest(all);
  const kept = nest(reader.routes);

  it("is much smaller than the whole table", () => {
    expect(Object.keys(reader.routes).length).toBeLessThan(Object.keys(all).length / 2);
  });

  it("matches every request it takes to the same route as the whole table", () => {
    let taken = 0;
    for (const path of samplePaths()) {
      if (!reader.handles(path)) continue;
      taken++;
      expect(ids(kept, path), path).toEqual(ids(full, path));
    }
    expect(taken).toBeGreaterThan(20);
  });

  it("takes the reader pages, and leaves the back office and the API to the whole table", () => {
    for (const path of ["/", "/1/freshly-pressed/a-story", "/category/crypto", "/tag/bitcoin"]) {
      expect(reader.handles(path), path).toBe(true);
    }
    for (const path of ["/explore", "/rss.xml", "/sitemap/posts-1.xml", "/about-us"]) {
      expect(reader.handles(path), path).toBe(true);
    }
    for (const path of [
      "/admin",
      "/admin/posts",
      "/ADMIN/posts",
      "/%61dmin/posts",
      "/get/search",
    ]) {
      expect(reader.handles(path), path).toBe(false);
    }
    for (const path of ["//admin/posts", "/%E0%A4%A", "/newsletter", "/search", "/user/data"]) {
      expect(reader.handles(path), path).toBe(false);
    }
  });
});
