/**
 * Every back-office screen, once: its path (as in app/routes.ts), its label
 * and place in the sidebar, and the capability it needs. The sidebar shows a
 * role the screens it may open; the admin middleware (`~/web/auth.server`)
 * refuses the others. Browser-safe, so the sidebar can read it.
 */
import type { Role } from "#db/schema";
import { type Capability, can } from "./capabilities";

/** Where a screen sits in the sidebar: the top list, a group, or the bottom links. */
export type MenuPlace = "top" | MenuGroupId | "bottom";
export type MenuGroupId = "posts" | "media" | "users" | "mail" | "tools";

export type AdminScreen = {
  /** The route's path; `:name` segments match any one segment. */
  path: string;
  label: string;
  /** Its place in the sidebar; null when it is reached from another screen. */
  menu: MenuPlace | null;
  /** What the role needs to open it; null: every signed-in staff member. */
  capability: Capability | null;
  /** Unknown paths below this one need the same capability (else they are a plain 404). */
  section?: true;
  /** Where a page visit without the capability goes instead of /unauthorised-access. */
  deniedTo?: string;
};

/** The sidebar's groups, in order; each opens while the path is under its base. */
export const MENU_GROUPS: readonly { id: MenuGroupId; label: string; base: string }[] = [
  { id: "posts", label: "Posts", base: "/admin/posts" },
  { id: "media", label: "Media", base: "/admin/media" },
  { id: "users", label: "Users", base: "/admin/users" },
  { id: "mail", label: "Mail", base: "/admin/mail" },
  { id: "tools", label: "Tools", base: "/admin/tools" },
];

/**
 * In sidebar order within each place. "All Posts" is where sign-in lands, so
 * a role without posts goes to its profile instead of Access Denied.
 */
// biome-ignore format: one screen a line reads as the table it is.
export const ADMIN_SCREENS: readonly AdminScreen[] = [
  { path: "/admin/dashboard",                     label: "Dashboard",          menu: "top",    capability: "manageSite", section: true },
  { path: "/admin/pages",                         label: "Pages",              menu: "top",    capability: "manageSite", section: true },
  { path: "/admin/pages/add",                     label: "Add Page",           menu: null,     capability: "manageSite" },
  { path: "/admin/pages/edit/:id",                label: "Edit Page",          menu: null,     capability: "manageSite" },
  { path: "/admin/comments",                      label: "Comments",           menu: "top",    capability: "manageSite", section: true },
  { path: "/admin/posts",                         label: "All Posts",          menu: "posts",  capability: "writePosts", deniedTo: "/admin/users/profile" },
  { path: "/admin/posts/add",                     label: "Add Post",           menu: "posts",  capability: "writePosts" },
  { path: "/admin/posts/categories",              label: "Categories",         menu: "posts",  capability: "manageTaxonomy" },
  { path: "/admin/posts/tags",                    label: "Tags",               menu: "posts",  capability: "manageTaxonomy" },
  { path: "/admin/contributors",                  label: "Contributors",       menu: "posts",  capability: "manageContributors" },
  { path: "/admin/posts/edit/:id",                label: "Edit Post",          menu: null,     capability: "writePosts" },
  { path: "/admin/posts/edit/:id/markdown",       label: "Download Markdown",  menu: null,     capability: "writePosts" },
  { path: "/admin/media/library",                 label: "Library",            menu: "media",  capability: "useMedia" },
  { path: "/admin/media/add",                     label: "Add Media",          menu: "media",  capability: "useMedia" },
  { path: "/admin/users",                         label: "All Users",          menu: "users",  capability: "manageSite" },
  { path: "/admin/users/add",                     label: "Add User",           menu: "users",  capability: "manageSite" },
  { path: "/admin/users/profile",                 label: "My Profile",         menu: "users",  capability: null },
  { path: "/admin/users/edit/:uid",               label: "Edit User",          menu: null,     capability: "manageSite" },
  { path: "/admin/mail/send-newsletter",          label: "Send Newsletter",    menu: "mail",   capability: "manageMail" },
  { path: "/admin/mail/newsletters/:uid",         label: "Newsletter",         menu: null,     capability: "manageMail" },
  { path: "/admin/mail/newsletters/:uid/preview", label: "Newsletter Preview", menu: null,     capability: "manageMail" },
  { path: "/admin/mail/subscribers-list",         label: "Subscribers List",   menu: "mail",   capability: "manageMail" },
  { path: "/admin/mail/subscribers-list/export",  label: "Export Subscribers", menu: null,     capability: "manageMail" },
  { path: "/admin/mail/subscribers-list/import",  label: "Import Subscribers", menu: null,     capability: "manageMail" },
  { path: "/admin/tools/import",                  label: "Import",             menu: "tools",  capability: "manageSite" },
  { path: "/admin/tools/export",                  label: "Export",             menu: "tools",  capability: "manageSite" },
  { path: "/admin/tools/export/archive",          label: "Export Archive",     menu: null,     capability: "manageSite" },
  { path: "/admin/tools/export/wxr",              label: "Export WXR",         menu: null,     capability: "manageSite" },
  { path: "/admin/tools/backups",                 label: "Backups",            menu: "tools",  capability: "manageSite" },
  { path: "/admin/tools/backups/:name",           label: "Download Backup",    menu: null,     capability: "manageSite" },
  { path: "/admin/mail/subscribers-list/suppress", label: "Import Suppression List", menu: null, capability: "manageMail" },
  { path: "/admin/analytics",                     label: "Analytics",          menu: "bottom", capability: "manageSite", section: true },
  { path: "/admin/settings",                      label: "Settings",           menu: "bottom", capability: "manageSite", section: true },
  { path: "/admin/audit",                         label: "Audit Log",          menu: "bottom", capability: "manageSite" },
  { path: "/admin/integrations",                  label: "Integrations",       menu: "bottom", capability: "manageSite", section: true },
  { path: "/admin/integrations/webhooks/:uid",    label: "Webhook",            menu: null,     capability: "manageSite" },
  { path: "/admin/fediverse",                     label: "Fediverse",          menu: "bottom", capability: "manageSite" },
];

/** The path's non-empty segments, decoded and lower-cased (routes match regardless of case). */
function segments(path: string): string[] {
  return path
    .split("/")
    .filter(Boolean)
    .map((segment) => {
      try {
        return decodeURIComponent(segment).toLowerCase();
      } catch {
        return segment.toLowerCase();
      }
    });
}

function matches(pattern: string, path: string[]): boolean {
  const parts = segments(pattern);
  return parts.length === path.length && parts.every((p, i) => p.startsWith(":") || p === path[i]);
}

/**
 * The screen that answers `pathname`; for a path no screen answers, the
 * section it lies under; else null (a path that only needs a session).
 */
export function screenFor(pathname: string): AdminScreen | null {
  const path = segments(pathname);
  const exact = ADMIN_SCREENS.find((screen) => matches(screen.path, path));
  if (exact) return exact;
  return (
    ADMIN_SCREENS.find((screen) => {
      if (!screen.section) return false;
      const base = segments(screen.path);
      return path.length > base.length && base.every((p, i) => p === path[i]);
    }) ?? null
  );
}

/** May `role` open `screen`? */
export function mayOpen(role: Role | null | undefined, screen: AdminScreen | null): boolean {
  if (!role) return false;
  return screen?.capability ? can(role, screen.capability) : true;
}

export type MenuLink = { to: string; label: string };
export type MenuGroup = { id: MenuGroupId; label: string; base: string; links: MenuLink[] };

/** The sidebar for `role`: exactly the menu screens it may open, empty groups left out. */
export function menuFor(role: Role): { top: MenuLink[]; groups: MenuGroup[]; bottom: MenuLink[] } {
  const links = (place: MenuPlace) =>
    ADMIN_SCREENS.filter((screen) => screen.menu === place && mayOpen(role, screen)).map(
      (screen) => ({ to: screen.path, label: screen.label }),
    );
  return {
    top: links("top"),
    groups: MENU_GROUPS.map((group) => ({ ...group, links: links(group.id) })).filter(
      (group) => group.links.length > 0,
    ),
    bottom: links("bottom"),
  };
}
