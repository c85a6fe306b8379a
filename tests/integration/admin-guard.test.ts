/**
 * The admin layout's middleware, as React Router runs it: it guards every
 * screen from the screen table once, leaves the user in the context for the
 * loaders and actions below, and reads the path from the router's `url`
 * (a client navigation's request ends in `.data`).
 */
import { beforeAll, describe, expect, it } from "vitest";
import type { Role } from "#db/schema";
import { middleware } from "~/routes/admin.layout";
import { loader as settingsLoader } from "~/routes/admin.settings";
import { adminUser } from "~/web/auth.server";
import { routeArgs } from "../helpers";
import { BASE, sessionCookie, setupNewsroom } from "./fixtures";

const cookies = {} as Record<Role, string>;

beforeAll(async () => {
  const { staff } = setupNewsroom();
  for (const member of [
    staff.admin,
    staff.editor,
    staff.author,
    staff.contributor,
    staff.subscriber,
  ]) {
    const { apiKey: _key, passwordHash: _hash, ...user } = member;
    cookies[user.role] = await sessionCookie(user);
  }
});

/** Runs the layout's middleware for `path`; what it threw, or the context it filled. */
async function guard(path: string, role?: Role, init: RequestInit = {}, dataRequest = false) {
  const url = new URL(`${BASE}${path}`);
  const wire = dataRequest ? `${BASE}${url.pathname}.data${url.search}` : url.href;
  const request = new Request(wire, {
    ...init,
    headers: role ? { Cookie: cookies[role] } : {},
  });
  const args = { ...routeArgs(request), url, pattern: url.pathname };
  try {
    const [run] = middleware;
    await run?.(args, async () => new Response(null));
  } catch (thrown) {
    return { thrown, args };
  }
  return { thrown: null, args };
}

const locationOf = (value: unknown) =>
  value instanceof Response ? value.headers.get("Location") : null;

describe("the admin middleware", () => {
  it("sends a signed-out visit to the login, remembering the path (never the .data suffix)", async () => {
    const { thrown } = await guard("/admin/posts?page=2", undefined, {}, true);
    expect(locationOf(thrown)).toBe("/admin/login?redirectTo=%2Fadmin%2Fposts%3Fpage%3D2");
  });

  it("lets each role into exactly the screens the table gives it", async () => {
    const cases: [string, Role, string | null][] = [
      ["/admin/settings", "Administrator", null],
      ["/admin/settings", "Editor", "/unauthorised-access"],
      ["/admin/mail/send-newsletter", "Editor", null],
      ["/admin/mail/send-newsletter", "Author", "/unauthorised-access"],
      ["/admin/posts/categories", "Author", null],
      ["/admin/posts/categories", "Contributor", "/unauthorised-access"],
      ["/admin/posts/edit/3", "Contributor", null],
      ["/admin/posts", "Subscriber", "/admin/users/profile"],
      ["/admin/users/profile", "Subscriber", null],
    ];
    for (const [path, role, denied] of cases) {
      const { thrown, args } = await guard(path, role);
      expect(locationOf(thrown), `${role} ${path}`).toBe(denied);
      if (!denied) {
        // The loaders below read the user the middleware stored.
        expect((await adminUser(args)).role).toBe(role);
      }
    }
  });

  it("guards a client navigation's data request by its route path, not the .data URL", async () => {
    const { thrown } = await guard("/admin/settings", "Editor", {}, true);
    expect(locationOf(thrown)).toBe("/unauthorised-access");
    const other = await guard("/admin/Dashboard", "Editor");
    expect(locationOf(other.thrown)).toBe("/unauthorised-access");
  });

  it("answers a role's direct POST with 403, not a redirect", async () => {
    const { thrown } = await guard("/admin/settings", "Author", { method: "POST" });
    expect((thrown as { init?: { status?: number } }).init?.status).toBe(403);
  });

  it("guards a screen's loader run on its own the same way", async () => {
    const request = new Request(`${BASE}/admin/settings`, {
      headers: { Cookie: cookies.Editor },
    });
    const thrown = await Promise.resolve(settingsLoader(routeArgs(request))).catch((e) => e);
    expect(locationOf(thrown)).toBe("/unauthorised-access");
  });
});
