/**
 * The screen table (app/domain/access/admin-screens.ts) is the one
 * description of the back office: every admin screen route has its entry,
 * and the sidebar shows each role exactly the screens it may open.
 */
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub } from "react-router";
import { ThemeProvider } from "remix-themes";
import { describe, expect, it } from "vitest";
import type { Role } from "#db/schema";
import { AdminSidebar } from "~/components/admin/sidebar";
import { ADMIN_SCREENS, menuFor, screenFor } from "~/domain/access/admin-screens";
import routes from "~/routes";

type Entry = { path?: string; file: string; children?: Entry[] };

/** The routes rendered inside the admin layout, as URL patterns. */
function adminLayoutPaths(): string[] {
  const layout = (routes as Entry[]).find((r) => r.file === "routes/admin.layout.tsx");
  return (layout?.children ?? []).map((child) => `/${child.path}`);
}

describe("the admin screen table", () => {
  it("has one entry for every route inside the admin layout, and no other", () => {
    const paths = adminLayoutPaths();
    expect(paths.length).toBeGreaterThan(15);
    expect([...paths].sort()).toEqual(ADMIN_SCREENS.map((s) => s.path).sort());
    for (const path of paths) {
      const concrete = path.replace(/:\w+/g, "42");
      expect(screenFor(concrete)?.path, path).toBe(path);
    }
  });

  it("guards unknown paths only under a section", () => {
    expect(screenFor("/admin/settings/extra")?.capability).toBe("manageSite");
    expect(screenFor("/admin/pages/a/b")?.capability).toBe("manageSite");
    expect(screenFor("/admin/users/extra")).toBeNull();
    expect(screenFor("/admin/nothing-here")).toBeNull();
  });
});

const ADMIN: Role[] = ["Administrator"];
const MAIL: Role[] = ["Administrator", "Editor"];
const MEDIA: Role[] = ["Administrator", "Editor", "Author"];
const WRITERS: Role[] = [...MEDIA, "Contributor"];
const EVERYONE: Role[] = [...WRITERS, "Subscriber"];

/** Each sidebar link, in order, and the roles that see it. */
const SEEN_BY: [string, Role[]][] = [
  ["Dashboard", ADMIN],
  ["Pages", ADMIN],
  ["Comments", ADMIN],
  ["All Posts", WRITERS],
  ["Add Post", WRITERS],
  ["Categories", MEDIA],
  ["Tags", MEDIA],
  ["Contributors", MAIL],
  ["Library", MEDIA],
  ["Add Media", MEDIA],
  ["All Users", ADMIN],
  ["Add User", ADMIN],
  ["My Profile", EVERYONE],
  ["Send Newsletter", MAIL],
  ["Subscribers List", MAIL],
  ["Import", ADMIN],
  ["Export", ADMIN],
  ["Backups", ADMIN],
  ["Analytics", ADMIN],
  ["Settings", ADMIN],
  ["Audit Log", ADMIN],
  ["Integrations", ADMIN],
  ["Fediverse", ADMIN],
];
const MENUS = Object.fromEntries(
  EVERYONE.map((role) => [
    role,
    SEEN_BY.filter(([, roles]) => roles.includes(role)).map(([label]) => label),
  ]),
) as Record<Role, string[]>;

function renderedSidebar(role: Role): string {
  const Stub = createRoutesStub([
    {
      path: "/admin/users/profile",
      Component: () =>
        createElement(ThemeProvider, {
          specifiedTheme: null,
          themeAction: "/action/set-theme",
          children: createElement(AdminSidebar, { user: { name: "N", role, photo: null } }),
        }),
    },
  ]);
  return renderToString(createElement(Stub, { initialEntries: ["/admin/users/profile"] }));
}

describe("the sidebar", () => {
  it.each(Object.keys(MENUS) as Role[])("shows a %s exactly their screens", (role) => {
    const menu = menuFor(role);
    const labels = [...menu.top, ...menu.groups.flatMap((g) => g.links), ...menu.bottom].map(
      (link) => link.label,
    );
    expect(labels).toEqual(MENUS[role]);
    const html = renderedSidebar(role);
    const hrefs = [...html.matchAll(/<a [^>]*href="(\/admin\/[^"#]*)"/g)].map((m) => m[1]);
    const screens = ADMIN_SCREENS.filter((s) => MENUS[role].includes(s.label)).map((s) => s.path);
    expect(hrefs.sort()).toEqual(screens.sort());
    // A group shows only when the role has one of its screens.
    expect(menu.groups.every((group) => group.links.length > 0)).toBe(true);
  });
});
