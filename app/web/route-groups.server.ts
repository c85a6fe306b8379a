/**
 * What a request is, for the metrics and the request log (docs/decisions/271-route-groups.md):
 * its route group (a few fixed names, never a raw path or an id), the route pattern it matched
 * (`/admin/users/edit/:uid`), and the request id it is logged under.
 */
import { randomUUID } from "node:crypto";
import type { ServerBuild } from "react-router";
import { matchRoutes } from "react-router";
import { routeObjects } from "~/web/route-methods.server";

export const ROUTE_GROUPS = [
  "home",
  "post",
  "list",
  "page",
  "feed",
  "sitemap",
  "search",
  "api",
  "admin",
  "account",
  "asset",
  "upload",
  "health",
  "other",
] as const;
export type RouteGroup = (typeof ROUTE_GROUPS)[number];

/** Groups logged by route pattern (their paths may hold ids and tokens); the others by their path. */
export const PATTERN_LOGGED = new Set<RouteGroup>(["api", "admin", "account", "other"]);

/** Sign-in, sign-out, two-factor and the forgotten-password screens. */
const ACCOUNT_PATHS = new Set([
  "admin/login",
  "admin/login/verify",
  "admin/logout",
  "admin/forgot-password",
  "admin/reset-password",
]);
/** First segments of the JSON API (docs/api.md) and its resource routes. */
const API_SEGMENTS = new Set(["posts", "comments", "get", "user", "crud"]);
const API_PATHS = new Set(["newsletter/join", "newsletter/unsubscribe", "newsletter/send"]);
const SEARCH_PATHS = new Set(["search", "get/search"]);
const LIST_SEGMENTS = new Set(["category", "tag", "author"]);
const HEALTH_PATHS = new Set(["healthz", "readyz", "metrics"]);
const ASSET_SEGMENTS = new Set(["assets", "demo"]);
const FEED_FILES = new Set(["rss.xml", "atom.xml", "feed.json"]);
const STATIC_FILE = /\.(?:js|mjs|css|map|png|jpe?g|gif|svg|webp|avif|ico|woff2?|ttf|webmanifest)$/i;
const POST_PATH = /^\d+\/[^/]+\/[^/]+$/;

/** The route group of a path (no query string), from its shape alone: no lookup, no allocation of note. */
export function routeGroup(pathname: string): RouteGroup {
  // Client navigations ask `/path.data` for the loader data of `/path` (`/_root.data` for `/`).
  let path = pathname.endsWith(".data") ? pathname.slice(0, -5) : pathname;
  if (path === "/" || path === "" || path === "/_root") return "home";
  path = path.slice(1).replace(/\/+$/, "");
  const slash = path.indexOf("/");
  const first = slash < 0 ? path : path.slice(0, slash);
  if (HEALTH_PATHS.has(path)) return "health";
  if (first === "admin") return ACCOUNT_PATHS.has(path) ? "account" : "admin";
  if (first === "uploads" || path === "upload/image") return "upload";
  if (ASSET_SEGMENTS.has(first)) return "asset";
  if (SEARCH_PATHS.has(path)) return "search";
  if (FEED_FILES.has(slash < 0 ? path : path.slice(path.lastIndexOf("/") + 1))) return "feed";
  if (path === "sitemap.xml" || path === "robots.txt" || first === "sitemap") return "sitemap";
  if (API_SEGMENTS.has(first) || API_PATHS.has(path)) return "api";
  if (path === "explore" || (LIST_SEGMENTS.has(first) && path.indexOf("/", slash + 1) < 0)) {
    return "list";
  }
  if (POST_PATH.test(path)) return "post";
  if (STATIC_FILE.test(path)) return "asset";
  if (slash < 0 || path === "newsletter/confirm") return "page";
  return "other";
}

/** A request id a client or proxy sent, kept only when it is a short token of safe characters. */
const SAFE_REQUEST_ID = /^[A-Za-z0-9._:-]{1,64}$/;

/** The incoming `X-Request-Id` when it is safe to log and send back, else a new one. */
export function requestId(incoming: string | string[] | undefined): string {
  return typeof incoming === "string" && SAFE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
}

/**
 * The route pattern a path matches in the app's route table (`/admin/users/edit/:uid`,
 * `/get/post/:id/:categoryKey/:url`, `/*` for an unknown path), or undefined when none does.
 */
export function routePatterns(
  build: Pick<ServerBuild, "routes">,
): (pathname: string) => string | undefined {
  const routes = routeObjects(build);
  // Matching ranks the whole route table on every call (about a millisecond): the patterns of
  // the paths seen lately are kept (a storm of likes asks one path thousands of times).
  const known = new Map<string, string | undefined>();
  return (pathname) => {
    if (known.has(pathname)) return known.get(pathname);
    const pattern = patternOf(routes, pathname);
    if (known.size >= 2_000) known.clear();
    known.set(pathname, pattern);
    return pattern;
  };
}

function patternOf(routes: ReturnType<typeof routeObjects>, pathname: string): string | undefined {
  const path = pathname.endsWith(".data")
    ? pathname.slice(0, -5).replace(/^\/_root$/, "/")
    : pathname;
  let matches: ReturnType<typeof matchRoutes>;
  try {
    matches = matchRoutes(routes, path);
  } catch {
    return undefined; // a malformed escape
  }
  if (!matches) return undefined;
  const parts = matches.map((m) => m.route.path).filter((p): p is string => Boolean(p));
  return `/${parts.join("/")}`;
}
