/**
 * The operator's view of the server, on Node's own request and response objects, for server.js
 * (docs/operations.md "Health and metrics", "Logs"): `/healthz`, `/readyz` and `/metrics` are
 * answered before anything else (never cached, no page cache, no Express), and every other
 * request gets a request id, one structured log line and its count and duration in the metrics.
 */
import { createHash, timingSafeEqual } from "node:crypto";
import type { IncomingMessage, ServerResponse } from "node:http";
import type { ServerBuild } from "react-router";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { readiness } from "~/platform/health.server";
import { log, requestLog } from "~/platform/log.server";
import { httpDuration, httpRequests, registry } from "~/platform/metrics.server";
import { metricsText, startMetrics } from "~/platform/metrics-scrape.server";
import { cacheablePage } from "~/web/page-cache.server";
import {
  PATTERN_LOGGED,
  type RouteGroup,
  requestId,
  routeGroup,
  routePatterns,
} from "~/web/route-groups.server";

/** What is known of a request while it runs. */
type Seen = { id: string; cache?: "HIT" | "MISS"; headersAt?: bigint };
const SEEN = Symbol("inkwell.request");
type Observed = ServerResponse & { [SEEN]?: Seen };

const NO_STORE = "no-store";
/** A path logged as it is is cut to this length (no query string ever). */
const MAX_LOGGED_PATH = 200;
/** The status logged and counted for a request whose client left before any answer (as nginx). */
const CLIENT_CLOSED = 499;

function plain(res: ServerResponse, status: number, body: string, headers = {}) {
  res.writeHead(status, {
    "Content-Type": "text/plain; charset=utf-8",
    "Cache-Control": NO_STORE,
    "X-Content-Type-Options": "nosniff",
    ...headers,
  });
  res.end(res.req?.method === "HEAD" ? undefined : body);
}

function digest(value: string): Buffer {
  return createHash("sha256").update(value).digest();
}

/** `Authorization: Bearer <token>` against the expected token, in constant time. */
export function bearerMatches(header: string | undefined, expected: string): boolean {
  const given = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "")?.[1] ?? "";
  return timingSafeEqual(digest(given), digest(expected)) && given.length > 0;
}

function answerReadiness(res: ServerResponse) {
  const env = readEnv();
  let body: ReturnType<typeof readiness>;
  try {
    body = readiness({ db: getDb(), dataDir: env.dataDir, minFreeMb: env.readyMinFreeMb });
  } catch (error) {
    const reason = String((error as Error)?.message ?? error);
    body = { ready: false, failing: ["database"], checks: { database: reason } as never };
  }
  const status = body.ready ? "ready" : "not ready";
  res.writeHead(body.ready ? 200 : 503, {
    "Content-Type": "application/json; charset=utf-8",
    "Cache-Control": NO_STORE,
    "X-Content-Type-Options": "nosniff",
  });
  const json = JSON.stringify({ status, failing: body.failing, checks: body.checks });
  res.end(res.req?.method === "HEAD" ? undefined : json);
}

function answerMetrics(req: IncomingMessage, res: ServerResponse) {
  const token = readEnv().metricsToken;
  // Unset: the endpoint does not exist (docs/operations.md "Health and metrics").
  if (!token) return plain(res, 404, "Not Found");
  if (!bearerMatches(req.headers.authorization, token)) {
    return plain(res, 401, "Unauthorized", { "WWW-Authenticate": 'Bearer realm="metrics"' });
  }
  metricsText().then(
    (text) => plain(res, 200, text, { "Content-Type": registry.contentType }),
    (error) => {
      log.error({ err: error }, "Collecting the metrics failed");
      plain(res, 500, "Internal Server Error");
    },
  );
}

/** Answers `/healthz`, `/readyz` and `/metrics`; false for any other path. */
function answerHealth(req: IncomingMessage, res: ServerResponse, path: string): boolean {
  if (path !== "/healthz" && path !== "/readyz" && path !== "/metrics") return false;
  if (req.method !== "GET" && req.method !== "HEAD") {
    plain(res, 405, "Method Not Allowed", { Allow: "GET, HEAD" });
  } else if (path === "/healthz") plain(res, 200, "ok");
  else if (path === "/readyz") answerReadiness(res);
  else answerMetrics(req, res);
  return true;
}

/**
 * Sets `X-Request-Id` and notes when the headers go out. Set as the headers are written, not
 * before: the page cache keeps the headers a render was given, and a kept page must not carry
 * one request's id to the next. Headers handed to `writeHead` whole (a page cache hit) get the id
 * in a copy: a `setHeader` before them would send Node down its slower path, header by header.
 */
function watchHeaders(res: Observed, seen: Seen) {
  const writeHead = res.writeHead;
  res.writeHead = function (this: ServerResponse, ...args: Parameters<typeof writeHead>) {
    seen.headersAt ??= process.hrtime.bigint();
    const at = args.findIndex((a) => a && typeof a === "object" && !Array.isArray(a));
    if (at >= 0) args[at] = withRequestId(args[at] as Record<string, unknown>, seen.id) as never;
    else if (!this.headersSent) this.setHeader("X-Request-Id", seen.id);
    return writeHead.apply(this, args);
  } as typeof writeHead;
}

function withRequestId(given: Record<string, unknown>, id: string): Record<string, unknown> {
  const copy: Record<string, unknown> = {};
  for (const name in given) {
    if (name.length !== 12 || name.toLowerCase() !== "x-request-id") copy[name] = given[name];
  }
  copy["X-Request-Id"] = id;
  return copy;
}

type Finished = {
  req: IncomingMessage;
  res: Observed;
  path: string;
  group: RouteGroup;
  started: bigint;
  sentBefore: number;
  patternOf: (pathname: string) => string | undefined;
};

/**
 * The metrics' labelled series, looked up once per route group and status: prom-client hashes
 * the labels on every call otherwise, a tenth of what a page cache hit costs.
 */
const counted = new Map<string, ReturnType<typeof httpRequests.labels>>();
const timed = new Map<string, ReturnType<typeof httpDuration.labels>>();
function countedFor(group: RouteGroup, status: number) {
  const key = `${group} ${status}`;
  let series = counted.get(key);
  if (!series) {
    series = httpRequests.labels({ route: group, status: String(status) });
    counted.set(key, series);
  }
  return series;
}
function timedFor(group: RouteGroup) {
  let series = timed.get(group);
  if (!series) {
    series = httpDuration.labels({ route: group });
    timed.set(group, series);
  }
  return series;
}

/** Route groups of the paths seen lately (a hot post is asked thousands of times a second). */
const groups = new Map<string, RouteGroup>();
function groupOf(path: string): RouteGroup {
  let group = groups.get(path);
  if (group === undefined) {
    group = routeGroup(path);
    if (groups.size >= 2_000) groups.clear();
    groups.set(path, group);
  }
  return group;
}

function finish({ req, res, path, group, started, sentBefore, patternOf }: Finished) {
  const seen = res[SEEN] as Seen;
  const answered = res.headersSent;
  const status = answered ? res.statusCode : CLIENT_CLOSED;
  const end = process.hrtime.bigint();
  const toHeaders = Number((seen.headersAt ?? end) - started) / 1e9;
  countedFor(group, status).inc();
  timedFor(group).observe(toHeaders);
  const method = req.method ?? "GET";
  if (!seen.cache && (method === "GET" || method === "HEAD") && cacheablePage(path)) {
    seen.cache = "MISS";
  }
  const route = PATTERN_LOGGED.has(group)
    ? (patternOf(path) ?? `(${group})`)
    : path.slice(0, MAX_LOGGED_PATH);
  // Probes and scrapes come every few seconds: their successes only at LOG_LEVEL=debug.
  const level = status >= 500 ? "error" : group === "health" && status < 400 ? "debug" : "info";
  if (!requestLog.isLevelEnabled(level)) return;
  requestLog[level](
    {
      reqId: seen.id,
      method,
      route,
      group,
      status,
      ms: Math.round(Number(end - started) / 1e4) / 100,
      bytes: Math.max(0, req.socket.bytesWritten - sentBefore),
      ...(seen.cache ? { cache: seen.cache } : {}),
      ...(res.writableFinished ? {} : { aborted: true }),
    },
    `${method} ${route} ${status}`,
  );
}

/**
 * For server.js: `begin(req, res)` first in the request handler (true: answered here, a health,
 * readiness or metrics request), `hit(res)` when the page cache answered.
 */
export function requestOperations(build: Pick<ServerBuild, "routes">) {
  startMetrics();
  const patternOf = routePatterns(build);
  return {
    begin(req: IncomingMessage, res: ServerResponse): boolean {
      const started = process.hrtime.bigint();
      const url = req.url ?? "/";
      const q = url.indexOf("?");
      const path = q < 0 ? url : url.slice(0, q);
      const group = groupOf(path);
      const seen: Seen = { id: requestId(req.headers["x-request-id"]) };
      const observed = res as Observed;
      observed[SEEN] = seen;
      watchHeaders(observed, seen);
      const sentBefore = req.socket.bytesWritten;
      res.once("close", () => finish({ req, res, path, group, started, sentBefore, patternOf }));
      return group === "health" && answerHealth(req, res, path);
    },
    hit(res: ServerResponse) {
      const seen = (res as Observed)[SEEN];
      if (seen) seen.cache = "HIT";
    },
  };
}
