import { Writable } from "node:stream";
import { renderToPipeableStream } from "react-dom/server";
import type { EntryContext, RouterContextProvider } from "react-router";
import { isRouteErrorResponse, ServerRouter } from "react-router";
import { clientAddressContext, cspNonceContext, NonceContext } from "~/nonce";
import { bootstrap } from "~/platform/bootstrap.server";
import { cdnAssetStream, cdnOrigin } from "~/web/cdn-assets.server";
import { lowPriorityScripts } from "~/web/script-priority.server";

// scripts/admin-password.mjs reaches this one the same way.
export { setStaffPassword } from "~/domain/users/password-reset.server";
// server.js reaches these through `build.entry.module`.
export { bootstrap, shutdown } from "~/platform/bootstrap.server";
export {
  pageCacheMiddleware,
  prepareUncachedResponse,
  servePageCacheHit,
} from "~/web/page-cache-node.server";
// server.js adds the CDN origin (Settings › Use CDN) to the Content-Security-Policy.
export { guardRequest, SERVER_TIMEOUTS } from "~/web/request-guard-node.server";
export { cdnOrigin, clientAddressContext, cspNonceContext };

// `npm run dev` has no server.js: migrate and run the first-run setup when the
// dev server first loads this module.
if (import.meta.env.DEV) bootstrap();

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  const nonce = readNonce(loadContext);
  const cdn = cdnOrigin();
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    // Cleared once the page is whole: a pending timer would keep the whole
    // render (React's request, every chunk of the page) alive for seconds
    // after it was sent, into the old generation of the heap
    // (docs/decisions/052-render-memory.md).
    let abortTimer: ReturnType<typeof setTimeout> | undefined;
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce}>
        <ServerRouter context={matchedRoutesOnly(routerContext)} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        // Wait for everything: pages must be complete without JavaScript,
        // and nothing renders half-loaded (docs/behaviour.md §reading Home).
        onAllReady() {
          shellRendered = true;
          clearTimeout(abortTimer);
          // The page is whole: its bytes are gathered into one buffer and
          // answered at once, rather than React's few-KB chunks each passed
          // through a web stream and written to the socket on its own
          // (docs/performance.md#fresh-renders-cache-miss-signed-in-staff).
          const chunks: Buffer[] = [];
          const collect = new Writable({
            write(chunk: Buffer, _encoding, done) {
              chunks.push(chunk);
              done();
            },
            final(done) {
              responseHeaders.set("Content-Type", "text/html; charset=utf-8");
              // Scripts load after the stylesheet and the lead image (docs/decisions/054-script-priority.md).
              const body = lowPriorityScripts(Buffer.concat(chunks));
              resolve(new Response(body, { headers: responseHeaders, status: responseStatusCode }));
              done();
            },
          });
          collect.on("error", reject);
          if (cdn) pipe(cdnAssetStream(cdn)).pipe(collect);
          else pipe(collect);
        },
        onShellError(error: unknown) {
          clearTimeout(abortTimer);
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) console.error(error);
        },
      },
    );
    abortTimer = setTimeout(abort, streamTimeout + 1000);
  });
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
    console.warn(`${where} refused: ${error.status} ${error.statusText}`);
    return;
  }
  console.error(`${where} failed:`, error);
}
