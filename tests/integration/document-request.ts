/**
 * Runs a page route as React Router serves a document request (a form posted
 * without JavaScript): the route under a bare root, through React Router's own
 * request handler, so the answer carries only the headers the route passes on
 * (its `headers` export), as a browser receives them.
 */
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";

// biome-ignore lint/suspicious/noExplicitAny: any route module of the app.
type RouteModule = Record<string, any>;

/** Handles `request` with `module` mounted at `path`; the body is not rendered. */
export async function documentRequest(
  module: RouteModule,
  path: string,
  request: Request,
): Promise<Response> {
  const build = {
    entry: {
      module: {
        default: (_request: Request, status: number, headers: Headers) =>
          new Response(null, { status, headers }),
      },
    },
    routes: {
      root: { id: "root", path: "", module: { default: () => null } },
      page: { id: "page", parentId: "root", path: path.replace(/^\//, ""), module },
    },
    assets: {
      entry: { module: "/entry.js", imports: [] },
      routes: {},
      url: "/manifest.js",
      version: "test",
    },
    publicPath: "/",
    assetsBuildDirectory: "build/client",
    future: { v8_middleware: true },
    ssr: true,
    isSpaMode: false,
    prerender: [],
    routeDiscovery: { mode: "initial", manifestPath: "/__manifest" },
  } as unknown as ServerBuild;
  return createRequestHandler(build, "production")(request, new RouterContextProvider());
}
