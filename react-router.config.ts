import type { Config } from "@react-router/dev/config";

export default {
  // Server-rendered: every page works before (and without) JavaScript.
  ssr: true,
  // `npm test` builds into build-test/ (BUILD_DIR), never into the build/ a running `npm start` serves.
  buildDirectory: process.env.BUILD_DIR || "build",
  // The whole route manifest is one immutable asset (4 KB compressed) loaded with the page,
  // instead of a partial manifest inlined in every page and a /__manifest call per new route:
  // finding the partial one cost a fifth of a render's allocations (docs/decisions/051-render-cost.md).
  routeDiscovery: { mode: "initial" },
  future: {
    // Scan every route module at dev start so lazily imported client code
    // (editor, PNG export) doesn't trigger "Outdated Optimize Dep" reloads.
    unstable_optimizeDeps: true,
    // The v8 behaviour now, so moving to React Router 8 (Node 22) changes nothing.
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
