/**
 * The production server: `npm start` runs this file.
 *
 * Why Express and not react-router-serve (docs/decisions/002-express-server.md): the product needs
 * security headers on every response (assets and uploads too), a per-request
 * CSP nonce in the router context, serving DATA_DIR/uploads, and a graceful
 * shutdown that closes the database. react-router-serve has no hook for these.
 *
 * On start it builds the app when there is no build (or the sources are newer
 * than it), applies migrations and runs the first-run setup, renders the pages
 * readers ask for first (the warm start), then listens. With WORKERS=N it is a
 * primary that does the once-only part and runs N workers, each running this
 * file again (docs/operations.md "More than one core").
 */
import { spawnSync } from "node:child_process";
import cluster from "node:cluster";
import { randomBytes } from "node:crypto";
import { closeSync, existsSync, openSync, readdirSync, readFileSync, statSync } from "node:fs";
import { Server as NetServer } from "node:net";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { setFlagsFromString } from "node:v8";

// The old generation is collected when it has grown by half since the last
// full collection, not by up to four times (V8's default for a busy process):
// what uncached renders leave behind is returned sooner, at about a tenth
// more CPU a render. Not a limit: the heap grows as far as the live data
// needs. `npm start` also keeps the young generation at 8 MB (--max-semi-space-size=4).
// Figures: docs/decisions/052-render-memory.md.
if (!process.execArgv.some((arg) => arg.startsWith("--heap-growing-percent"))) {
  setFlagsFromString("--heap-growing-percent=50");
}

// Set before React loads (hence the dynamic imports below): React and
// react-dom must both be the production builds.
process.env.NODE_ENV ??= "production";
const root = fileURLToPath(new URL(".", import.meta.url));
process.chdir(root); // migrations and the build are found relative to the project

const [
  { createRequestHandler },
  { default: compression },
  { default: express },
  { default: helmet },
] = await Promise.all([
  import("@react-router/express"),
  import("compression"),
  import("express"),
  import("helmet"),
]);
const { RouterContextProvider, createRequestHandler: createFetchHandler } = await import(
  "react-router"
);
const { createServer } = await import("node:http");

// BUILD_DIR (default build/): `npm test` serves its own build-test/ and leaves build/ alone.
const BUILD_DIR = join(root, process.env.BUILD_DIR || "build");
const BUILD_ENTRY = join(BUILD_DIR, "server/index.js");
const BUILD_LOG = `${BUILD_DIR}.log`;
const SOURCES = ["app", "db", "public", "package.json", "react-router.config.ts", "vite.config.ts"];

function newestMtime(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = stat.mtimeMs;
  for (const entry of readdirSync(path)) newest = Math.max(newest, newestMtime(join(path, entry)));
  return newest;
}

function ensureBuild() {
  const builtAt = existsSync(BUILD_ENTRY) ? statSync(BUILD_ENTRY).mtimeMs : 0;
  const changedAt = Math.max(...SOURCES.map((s) => newestMtime(join(root, s))));
  if (builtAt > 0 && builtAt >= changedAt) return;
  console.log(
    `${builtAt ? "Sources changed since the last build; rebuilding" : "No build yet; building"} (about a minute; log: ${BUILD_LOG})…`,
  );
  // The build's ~170 lines go to the log file; INKWELL_BUILD_OUTPUT=1 shows them here instead.
  const shown = process.env.INKWELL_BUILD_OUTPUT === "1";
  const log = shown ? undefined : openSync(BUILD_LOG, "w");
  const result = spawnSync("npx", ["react-router", "build"], {
    stdio: shown ? "inherit" : ["ignore", log, log],
    cwd: root,
  });
  if (log !== undefined) closeSync(log);
  if (result.status !== 0) {
    if (!shown)
      process.stderr.write(readFileSync(BUILD_LOG, "utf8").split("\n").slice(-30).join("\n"));
    console.error(`The build failed; the whole output is in ${BUILD_LOG}.`);
    process.exit(1);
  }
}

// A worker runs the build its primary checked.
if (process.env.INKWELL_SKIP_BUILD_CHECK !== "1" && cluster.isPrimary) ensureBuild();

const build = await import(pathToFileURL(BUILD_ENTRY).href);
const {
  bootstrap,
  shutdown,
  cspNonceContext,
  clientAddressContext,
  pageCacheMiddleware,
  readerBuild,
  servePageCacheHit,
  prepareUncachedResponse,
  cdnOrigin,
  guardRequest,
  routeMethods,
  SERVER_TIMEOUTS,
  withEmbedPolicy,
  allowFramingOfCards,
  countSlotsContext,
  counterCalls,
  negotiate,
  withSurrogateKeys,
  workerCount,
  runPrimary,
  reportReady,
  onStopRequest,
  warmStart,
  markWarm,
  markStopping,
  // Operations (docs/operations.md "Health and metrics", "Logs").
  log,
  requestOperations,
} = build.entry.module;

// WORKERS=N: this process prepares the data once, then only runs and replaces its workers; it
// never gets past this line (it exits from its signal handlers). Each worker runs the rest.
const workers = cluster.isPrimary ? workerCount() : 0;
if (workers > 0) {
  const primaryEnv = bootstrap(undefined, "primary"); // its lines go to the JSON log
  await runPrimary({
    workers,
    shutdownMs: SERVER_TIMEOUTS.shutdownMs,
    onReady: (ready) => announce(primaryEnv, `${ready} workers, primary pid ${process.pid}`),
    onExit: () => shutdown(0),
  });
}
const env = bootstrap(undefined, cluster.isWorker ? "worker" : "single");
const plainHttp = env.publicUrl.startsWith("http://");

const app = express();
app.disable("x-powered-by");
// `Server-Timing: app;dur=` is the time the process took to answer, from the request's arrival
// to its headers (browsers' developer tools show it; `npm run bench:search` reads it).
app.use((_req, res, next) => {
  const started = process.hrtime.bigint();
  const writeHead = res.writeHead;
  res.writeHead = function timedWriteHead(...args) {
    if (!res.headersSent) {
      const ms = Number(process.hrtime.bigint() - started) / 1e6;
      res.setHeader("Server-Timing", `app;dur=${ms.toFixed(2)}`);
    }
    return writeHead.apply(this, args);
  };
  next();
});
// X-Forwarded-For is believed only from the proxies TRUST_PROXY names (off by default).
if (env.trustProxy !== false) app.set("trust proxy", env.trustProxy);
app.use(compression());
const securityHeaders = helmet({
  // `no-referrer` makes Chrome send `Origin: null` on form posts, which React
  // Router's CSRF check rejects (docs/decisions/002-express-server.md).
  referrerPolicy: { policy: "strict-origin-when-cross-origin" },
  strictTransportSecurity: plainHttp ? false : undefined,
  contentSecurityPolicy: {
    directives: {
      "script-src": [
        "'self'",
        (_req, res) => `'nonce-${res.locals.cspNonce}'`,
        (_req, res) => res.locals.cdn,
      ],
      // react-hot-toast (goober) and Lexical set inline styles.
      "style-src": ["'self'", "'unsafe-inline'", (_req, res) => res.locals.cdn],
      // The CAPTCHA widget (ALTCHA, served by this site) solves its challenge in
      // workers it starts from blob: URLs.
      "worker-src": ["'self'", "blob:"],
      // html2canvas renders through data: and blob: URLs. The editor's "Add Image"
      // by URL (docs/behaviour.md §editor) may point at another site: any https image (and http
      // ones while the site itself is served over plain http).
      "img-src": ["'self'", "data:", "blob:", "https:", ...(plainHttp ? ["http:"] : [])],
      "upgrade-insecure-requests": plainHttp ? null : [],
    },
  },
});

// Helmet's headers depend only on the nonce and the CDN origin, so they are
// worked out once per origin with a placeholder nonce and copied onto each
// response with its own nonce (building them per request cost about 5 % of
// an uncached page: docs/decisions/051-render-cost.md).
const NONCE_PLACEHOLDER = "nonce-placeholder-0";
const headersByCdn = new Map();
function securityHeadersFor(cdn) {
  let known = headersByCdn.get(cdn);
  if (!known) {
    known = { set: [], removed: [] };
    const probe = {
      locals: { cspNonce: NONCE_PLACEHOLDER, cdn },
      setHeader: (name, value) => known.set.push([name, value]),
      removeHeader: (name) => known.removed.push(name),
    };
    let done = false;
    securityHeaders({}, probe, () => {
      done = true;
    });
    if (!done) throw new Error("helmet did not set its headers synchronously");
    if (headersByCdn.size > 16) headersByCdn.clear();
    headersByCdn.set(cdn, known);
  }
  return known;
}
/** The security headers of a response, with a nonce of its own (res.locals.cspNonce). */
function setSecurityHeaders(res) {
  const nonce = randomBytes(16).toString("base64");
  res.locals ??= {};
  res.locals.cspNonce = nonce;
  // Settings › Use CDN: scripts, styles and images may come from that origin.
  const cdn = cdnOrigin() || "'self'";
  res.locals.cdn = cdn;
  const { set, removed } = securityHeadersFor(cdn);
  for (const name of removed) res.removeHeader(name);
  for (const [name, value] of set) {
    res.setHeader(
      name,
      typeof value === "string" ? value.replaceAll(NONCE_PLACEHOLDER, nonce) : value,
    );
  }
}
app.use((req, res, next) => {
  setSecurityHeaders(res);
  // The embed cards carry their own policy, which lets other sites frame them.
  allowFramingOfCards(req.path, res);
  next();
});

app.use(
  "/assets",
  express.static(join(BUILD_DIR, "client/assets"), { immutable: true, maxAge: "1y" }),
);
// The other public files: asked of the disk only when the path's first segment
// is one of them (a page's path would otherwise cost a failed stat per request).
const clientDir = join(BUILD_DIR, "client");
const clientEntries = new Set(readdirSync(clientDir));
const serveClientFile = express.static(clientDir, { maxAge: "1h", index: false });
app.use((req, res, next) => {
  const first = req.path.split("/", 2)[1];
  if (clientEntries.has(first)) serveClientFile(req, res, next);
  else next();
});
app.use(
  "/uploads",
  express.static(env.uploadsDir, { maxAge: "7d", index: false, dotfiles: "deny", redirect: false }),
);

function getLoadContext(req, res, options) {
  const context = new RouterContextProvider();
  context.set(cspNonceContext, res.locals.cspNonce);
  // A post page the page cache keeps carries marked places for its counts (docs/decisions/250-counts-in-kept-pages.md).
  if (options?.countSlots) context.set(countSlotsContext, true);
  context.set(clientAddressContext, req.ip ?? req.socket.remoteAddress ?? "unknown");
  return context;
}

// Anonymous readers' pages: rendered once, kept with their headers (the CSP
// nonce included) and answered from memory (docs/decisions/050-page-cache.md).
// Everything else continues to React Router, marked `private, no-store`.
// Reader pages are matched against the routes a reader page can have, everything else against
// all of them (docs/decisions/057-reader-route-table.md).
const readerPages = readerBuild(build);
const renderReaderPage = createFetchHandler(readerPages.build, process.env.NODE_ENV);
const renderAnyPage = createFetchHandler(build, process.env.NODE_ENV);
app.use(
  pageCacheMiddleware((request, req, res, options) =>
    (readerPages.handles(req.path) ? renderReaderPage : renderAnyPage)(
      request,
      getLoadContext(req, res, options),
    ).then((response) => withSurrogateKeys(withEmbedPolicy(response, res), req.path)),
  ),
);

app.all("/{*splat}", createRequestHandler({ build, mode: process.env.NODE_ENV, getLoadContext }));

// Express's own errors (a malformed path for the static files, say) answer
// their status without a stack trace; faults are logged with the request.
app.use((error, req, res, _next) => {
  const status = Number(error?.status ?? error?.statusCode ?? 500);
  if (status >= 500)
    log.error({ err: error, method: req.method, path: req.path }, "Request failed");
  res
    .status(status)
    .type("text/plain")
    .send(status >= 500 ? "Internal Server Error" : "Bad Request");
});

// Requests in flight, so a shutdown can let them finish and close their connections after.
const inFlight = new Set();
let stopping = false;

// Before anything else, the method, the body's size and its deadline are checked
// (app/web/request-guard-node.server.ts); the body of a client not signed in is
// received whole first. Then a page the cache holds is answered here, before Express runs.
const methodsOf = routeMethods(build);
const serveCounterCall = counterCalls(build);
function handleRequest(req, res) {
  if (stopping) res.shouldKeepAlive = false;
  inFlight.add(res);
  res.once("close", () => inFlight.delete(res));
  guardRequest(
    req,
    res,
    () => {
      // A post as ActivityPub JSON or Markdown: its own internal path, kept apart by the cache.
      negotiate(req);
      try {
        if (servePageCacheHit(req, res)) return operations.hit(res);
      } catch (error) {
        log.error({ err: error, method: req.method }, "The page cache failed; rendering instead");
      }
      prepareUncachedResponse(res);
      // Likes and shares: the routes' own actions, without Express around them.
      if (
        serveCounterCall(req, res, {
          origin: env.publicUrl,
          prepare: () => setSecurityHeaders(res),
          context: () => getLoadContext(req, res),
        })
      ) {
        return;
      }
      app(req, res);
    },
    methodsOf,
  );
}
// ── Operations: /healthz, /readyz and /metrics are answered first, never cached; every other
// request gets an X-Request-Id, its metrics and one log line (app/web/operations-node.server.ts).
// The warm start's own requests go straight to handleRequest, neither logged nor counted.
const operations = requestOperations(build);
const server = createServer(
  { connectionsCheckingInterval: SERVER_TIMEOUTS.checkEveryMs },
  (req, res) => {
    if (!operations.begin(req, res)) handleRequest(req, res);
  },
);

// The warm start: the pages readers ask for first are rendered and kept, through this very
// handler, before the process listens (docs/operations.md "More than one core"; WARM_START=0 skips it).
const warm = await warmStart(handleRequest, { publicUrl: env.publicUrl });
log.info(
  warm.skipped
    ? `Warm start skipped (${warm.skipped})`
    : `Warm start: ${warm.pages} of ${warm.tried} pages kept in ${warm.ms} ms`,
);
markWarm();
server.listen(env.port, env.host, () => {
  if (cluster.isWorker) reportReady();
  else announce(env);
});
function announce(served, how) {
  const where = `listening on ${served.host}:${served.port}${how ? `; ${how}` : ""}`;
  log.info(`Inkwell is serving ${served.publicUrl} (${where})`);
  log.info(`  Data folder: ${served.dataDir}`);
  log.info(`  Sign in at ${served.publicUrl}/admin/login`);
  log.info("  Lost a password? npm run admin:password -- EMAIL");
}
// Timeouts (docs/operations.md "Limits and timeouts"): headers must arrive
// within 20 s (checked every second); a body within its route's time
// (guardRequest: 20 s for reader routes and anybody not signed in, 2 min for
// back-office forms, 30 min for uploads, the overall bound below); an idle
// keep-alive connection is closed after 5 s.
server.headersTimeout = SERVER_TIMEOUTS.headersMs;
server.requestTimeout = SERVER_TIMEOUTS.requestMs;
server.keepAliveTimeout = SERVER_TIMEOUTS.keepAliveMs;
server.on("error", (error) => {
  log.fatal(`Could not listen on ${env.host}:${env.port}: ${error.message}`);
  process.exit(1);
});

// SIGTERM: everything within SERVER_TIMEOUTS.shutdownMs (docs/operations.md "Shutdown").
// Requests in flight get the time less SENDER_RESERVE_MS; the newsletter messages in flight
// get what is left (at most SENDER_MAX_MS), less EXIT_MARGIN_MS to close the database and exit.
// docs/decisions/173-shutdown-budget.md
const SENDER_RESERVE_MS = 2_500;
const SENDER_MAX_MS = 8_000;
const EXIT_MARGIN_MS = 1_000;
// A reload (WORKERS): for this long after the worker stops accepting, each keep-alive connection
// may bring one more request, answered with `Connection: close`, so its client reconnects (to a
// new worker) instead of meeting a connection closed under it (docs/decisions/252-reload-order.md).
const RELOAD_GRACE_MS = 1_000;

function stop(signal, { reload = false } = {}) {
  if (stopping) return;
  stopping = true;
  markStopping();
  const deadline = Date.now() + SERVER_TIMEOUTS.shutdownMs;
  const graceUntil = reload ? Date.now() + RELOAD_GRACE_MS : 0;
  log.info(`${signal}: finishing the requests in flight, then closing…`);
  // Stop accepting; idle keep-alive connections close now (after the grace on a reload), busy
  // ones once their answer is sent (no further request is read on them).
  for (const res of inFlight) if (!res.headersSent) res.shouldKeepAlive = false;
  if (reload) {
    NetServer.prototype.close.call(server); // http's close() would close the idle ones at once
    setTimeout(() => server.closeIdleConnections(), RELOAD_GRACE_MS).unref();
  } else {
    server.close();
    server.closeIdleConnections();
  }
  // The newsletter message in flight is finished or given back (it goes out
  // on the next start, never twice), within what is left of the bound.
  let finishing;
  const finish = () => {
    const left = Math.max(0, deadline - Date.now() - EXIT_MARGIN_MS);
    finishing ??= shutdown(Math.min(SENDER_MAX_MS, left)).then(
      () => process.exit(0),
      (error) => {
        log.error({ err: error }, "Shutting down failed");
        process.exit(1);
      },
    );
    return finishing;
  };
  const waitForRequests = setInterval(() => {
    if (inFlight.size === 0 && Date.now() >= graceUntil) {
      clearInterval(waitForRequests);
      finish();
    }
  }, 100);
  setTimeout(() => {
    clearInterval(waitForRequests);
    if (inFlight.size > 0) log.warn(`${inFlight.size} request(s) still in flight; closing them.`);
    server.closeAllConnections();
    finish();
  }, SERVER_TIMEOUTS.shutdownMs - SENDER_RESERVE_MS).unref();
  // Should closing itself hang, the process is gone at the bound all the same.
  setTimeout(() => {
    log.error("Shutdown did not finish within its bound; exiting.");
    process.exit(1);
  }, SERVER_TIMEOUTS.shutdownMs).unref();
}
process.on("SIGTERM", () => stop("SIGTERM"));
process.on("SIGINT", () => stop("SIGINT"));
if (cluster.isWorker) {
  // The primary asks a worker to stop, for a reload or a shutdown; a hang-up is the primary's.
  onStopRequest((reason) =>
    stop(reason === "reload" ? "Reload" : "Shutdown", { reload: reason === "reload" }),
  );
  process.on("SIGHUP", () => {});
} else {
  process.on("SIGHUP", () =>
    log.warn("SIGHUP: reloading without downtime needs WORKERS (docs/operations.md); ignored"),
  );
}
