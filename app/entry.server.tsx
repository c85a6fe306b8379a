import { renderToString } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { clientAddressContext, cspNonceContext, NonceContext } from "~/nonce";
import { log as processLog } from "~/platform/log.server";
import { bootstrap } from "~/startup/bootstrap.server";
import { cdnAssetHtml, cdnOrigin } from "~/web/cdn-assets.server";
import { embedSourcesContext, setEmbedSourcesHeader } from "~/web/embed-policy.server";
import { setPostAlternateHeaders } from "~/web/post-alternates.server";
import { lowPriorityScripts } from "~/web/script-priority.server";
import { setLoaderSurrogateKeys } from "~/web/surrogate-keys.server";

// scripts/admin-password.mjs reaches this one the same way.
export { setStaffPassword } from "~/domain/users/password-reset.server";
// server.js: WORKERS (the primary and its workers), the warm start and readiness.
export {
  onStopRequest,
  reportReady,
  runPrimary,
  workerCount,
} from "~/platform/cluster.server";
// server.js answers /healthz, /readyz and /metrics and logs every request through these; the
// cluster's primary serves the workers' scrapes (docs/operations.md "Health and metrics").
export { log } from "~/platform/log.server";
export { metricsText, serveClusterMetrics } from "~/platform/metrics-scrape.server";
export { markStopping, markWarm } from "~/platform/readiness.server";
// server.js reaches these through `build.entry.module`.
export { bootstrap, shutdown } from "~/startup/bootstrap.server";
export { countSlotsContext } from "~/web/count-slots.server";
export { counterCalls } from "~/web/counter-calls-node.server";
export { allowFramingOfCards } from "~/web/embed-card-headers.server";
// server.js folds a page's embed sources into its Content-Security-Policy.
export { withEmbedPolicy } from "~/web/embed-policy.server";
// server.js adds the CDN origin (Settings › Use CDN) to the Content-Security-Policy.
export { negotiate } from "~/web/negotiation-node.server";
export { requestOperations } from "~/web/operations-node.server";
export {
  pageCacheMiddleware,
  prepareUncachedResponse,
  servePageCacheHit,
} from "~/web/page-cache-node.server";
// server.js renders reader pages with a smaller route table (docs/decisions/057-reader-route-table.md).
export { readerBuild } from "~/web/reader-routes.server";
export { guardRequest, SERVER_TIMEOUTS } from "~/web/request-guard-node.server";
export { routeMethods } from "~/web/route-methods.server";
// server.js names what each reader page shows for a shared cache in front (surrogate keys).
export { withSurrogateKeys } from "~/web/surrogate-keys.server";
export { warmStart } from "~/web/warm-start.server";
export { cdnOrigin, clientAddressContext, cspNonceContext };

// `npm run dev` has no server.js: migrate and run the first-run setup when the
// dev server first loads this module.
if (import.meta.env.DEV) bootstrap();

export const streamTimeout = 5_000;

/**
 * A page, rendered whole: the loader data serialised first, then one
 * synchronous render into a string (nothing on the server suspends; the pages
 * never streamed), turned into bytes once (docs/decisions/055-synchronous-render.md).
 */
export default async function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = readNonce(loadContext);
  const cdn = cdnOrigin();
  await settleHandoff(routerContext);
  const html = renderToString(
    <NonceContext.Provider value={nonce}>
      <ServerRouter context={matchedRoutesOnly(routerContext)} url={request.url} nonce={nonce} />
    </NonceContext.Provider>,
  );
  responseHeaders.set("Content-Type", "text/html; charset=utf-8");
  setEmbedSourcesHeader(responseHeaders, loadContext.get(embedSourcesContext));
  setLoaderSurrogateKeys(responseHeaders, routerContext);
  setPostAlternateHeaders(responseHeaders, routerContext);
  // Scripts load after the stylesheet and the lead image (docs/decisions/054-script-priority.md).
  const page = lowPriorityScripts(`<!DOCTYPE html>${cdnAssetHtml(html, cdn)}`);
  return new Response(Buffer.from(page), { headers: responseHeaders, status: responseStatusCode });
}

type HandoffChunk = { result: { done: boolean; value: string } };

/**
 * Reads the whole serialised loader data before rendering, and hands it to
 * `<ServerRouter>`'s script transfer as already-read chunks, so nothing
 * suspends and the page renders in one synchronous pass.
 */
async function settleHandoff(context: EntryContext) {
  const stream = context.serverHandoffStream;
  if (!stream) return;
  const meta = context.renderMeta as { streamCache?: Record<number, HandoffChunk> } | undefined;
  if (!meta) return;
  const cache: Record<number, HandoffChunk> = {};
  const reader = stream.getReader();
  const decoder = new TextDecoder();
  for (let i = 0; ; i++) {
    const { done, value } = await reader.read();
    cache[i] = { result: { done, value: decoder.decode(value, { stream: true }) } };
    if (done) break;
  }
  reader.releaseLock();
  meta.streamCache = cache;
}

/**
 * The context with the route manifest cut to the routes this page matched.
 * `<ServerRouter>` builds a route object, then a data route, for every route of
 * the manifest on every render (about 100 here), while a server render reads
 * only the matched ones: their components, links, meta and module preloads.
 * The browser still loads the whole manifest as its own asset
 * (`routeDiscovery: "initial"`). docs/decisions/051-render-cost.md
 */
function matchedRoutesOnly(context: EntryContext): EntryContext {
  const routes: EntryContext["manifest"]["routes"] = {};
  for (const match of context.staticHandlerContext.matches) {
    routes[match.route.id] = context.manifest.routes[match.route.id];
  }
  return { ...context, manifest: { ...context.manifest, routes } };
}

function readNonce(loadContext: RouterContextProvider | undefined): string | undefined {
  try {
    return loadContext?.get(cspNonceContext);
  } catch {
    return undefined; // dev server: no custom server, no CSP
  }
}

export function handleError(error: unknown, { request }: { request: Request }) {
  if (request.signal.aborted) return;
  const where = `${request.method} ${new URL(request.url).pathname}`;
  // A refused request (React Router's own 4xx, e.g. a cross-site form post)
  // is the client's mistake: one line, no stack trace. Faults get the trace.
  if (isRouteErrorResponse(error) && error.status < 500) {
    processLog.warn(`${where} refused: ${error.status} ${error.statusText}`);
    return;
  }
  processLog.error({ err: error }, `${where} failed`);
}
