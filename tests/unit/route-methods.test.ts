/**
 * `Allow` for OPTIONS on a page (app/web/route-methods.server.ts, docs/decisions/171-options.md):
 * POST only where the route React Router would pick has an action, never on a not-found route.
 */
import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { FORM_METHODS, READ_ONLY_METHODS, routeMethods } from "~/web/route-methods.server";

const action = () => null;
const route = (
  id: string,
  fields: Record<string, unknown>,
  module: Record<string, unknown> = {},
) => ({
  [id]: { id, parentId: "root", ...fields, module },
});

const build = {
  routes: {
    root: { id: "root", path: "", module: {} },
    ...route("routes/home", { index: true }),
    ...route("routes/explore", { path: "explore" }),
    ...route("routes/admin.login", { path: "admin/login" }, { action }),
    ...route("routes/post", { path: ":id/:slug" }, { action }),
    ...route("routes/admin.not-found", { path: "admin/*" }, { action }),
    ...route("routes/not-found", { path: "*" }, { action }),
  },
} as unknown as Pick<ServerBuild, "routes">;

describe("routeMethods", () => {
  const allow = routeMethods(build);
  it("adds POST where the matched route has an action", () => {
    expect(allow("/admin/login")).toBe(FORM_METHODS);
    expect(allow("/12/a-post")).toBe(FORM_METHODS);
    expect(allow("/explore")).toBe(READ_ONLY_METHODS);
    expect(allow("/")).toBe(READ_ONLY_METHODS);
  });
  it("leaves POST out on the not-found routes", () => {
    expect(allow("/admin/nothing-here")).toBe(READ_ONLY_METHODS);
    expect(allow("/a/b/c")).toBe(READ_ONLY_METHODS);
  });
});
