/**
 * The route table reader pages are rendered with: the app's routes less those whose path starts
 * with a fixed segment no reader page has (`admin`, `get`, `crud`, `user`, ...). React Router tries,
 * twice per request, every route branch ranked ahead of the one that matches, building the root
 * route's match for each before the leaf fails; home and the post page rank last of about 95, so
 * matching was about a tenth of an uncached post page's CPU and a fifth of its allocations.
 * docs/decisions/057-reader-route-table.md
 *
 * A request goes to the smaller table only when its first path segment (decoded, lower-cased, as
 * React Router compares it) is not the first segment of any route left out: then no route left
 * out could have matched it, and React Router picks the same route from either table (the order
 * of the routes kept is unchanged). Everything else, and every request that is not a reader page,
 * goes to the whole table.
 */
import type { ServerBuild } from "react-router";

/** First path segments of the pages the page cache keeps (cacheablePage); only a speed hint. */
const READER_SEGMENTS = new Set([
  "explore",
  "reach-out",
  "privacy-policy",
  "media-policy",
  "category",
  "tag",
  "rss.xml",
  "atom.xml",
  "feed.json",
  "sitemap.xml",
  "sitemap",
  "robots.txt",
]);

type RouteEntry = { id: string; parentId?: string; path?: string; index?: boolean };

/** A route's fixed first path segment (lower-case), or null when it has none (a parameter, `*`, no path). */
function firstFixedSegment(
  routes: Record<string, RouteEntry | undefined>,
  id: string,
): string | null {
  const paths: string[] = [];
  for (let route = routes[id]; route; route = route.parentId ? routes[route.parentId] : undefined) {
    if (route.path) paths.unshift(route.path);
  }
  const first = paths
    .join("/")
    .split("/")
    .find((segment) => segment !== "");
  if (first === undefined || first.startsWith(":") || first.includes("*") || first.endsWith("?")) {
    return null;
  }
  return first.toLowerCase();
}

export type ReaderRoutes<Routes> = {
  /** The routes kept, in their original order. */
  routes: Routes;
  /** Whether a request for `pathname` is matched the same by the routes kept as by all of them. */
  handles(pathname: string): boolean;
};

/** Splits a route table (the server build's `routes`, keyed by id) as described above. */
export function readerRoutes<Routes extends Record<string, RouteEntry | undefined>>(
  routes: Routes,
): ReaderRoutes<Routes> {
  const left = new Set<string>();
  const kept: Record<string, RouteEntry | undefined> = {};
  for (const [id, route] of Object.entries(routes)) {
    const first = firstFixedSegment(routes, id);
    if (first !== null && !READER_SEGMENTS.has(first)) left.add(first);
    else kept[id] = route;
  }
  return {
    routes: kept as Routes,
    handles(pathname) {
      if (!pathname.startsWith("/") || pathname.includes("//")) return false;
      const end = pathname.indexOf("/", 1);
      const raw = end < 0 ? pathname.slice(1) : pathname.slice(1, end);
      try {
        return !left.has(decodeURIComponent(raw).toLowerCase());
      } catch {
        return false; // a malformed escape: React Router's own 400, from the whole table
      }
    },
  };
}

/** The server build with the reader route table, and the test of which requests it may render. */
export function readerBuild(build: ServerBuild): {
  build: ServerBuild;
  handles(pathname: string): boolean;
} {
  const { routes, handles } = readerRoutes(build.routes);
  return { build: { ...build, routes }, handles };
}
