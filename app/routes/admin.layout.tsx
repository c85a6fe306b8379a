import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { announcementCookieName } from "~/components/admin/announcement";
import { AdminShell, shellUser } from "~/components/admin/shell";
import { ErrorPage } from "~/components/error-pages";
import { unreadNoticeCount } from "~/domain/notifications/notify.server";
import { getDb } from "~/platform/db.server";
import adminCss from "~/styles/admin.css?url";
import { adminMiddleware, adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.layout";

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

/** Announcement dates dismissed without JavaScript (cookies `announcement_<id>=<date>`). */
export function dismissedAnnouncements(request: Request): Record<string, string> {
  const out: Record<string, string> = {};
  for (const part of (request.headers.get("Cookie") ?? "").split(";")) {
    const [name, value] = part.trim().split("=");
    const id = name?.startsWith(announcementCookieName(""))
      ? name.slice("announcement_".length)
      : "";
    if (id && value && /^\d{8}$/.test(value)) out[id] = value;
  }
  return out;
}

/**
 * Every /admin screen (except login) renders inside this layout, and its
 * middleware guards them all: a session, and the capability the screen table
 * (app/domain/access/admin-screens.ts) gives the path. Loaders and actions
 * below take the user it let in from `adminUser`.
 */
export const middleware: Route.MiddlewareFunction[] = [adminMiddleware];

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  return {
    user: shellUser(user),
    dismissed: dismissedAnnouncements(args.request),
    notices: user.role === "Administrator" ? unreadNoticeCount(getDb()) : 0,
  };
}

function Shell({ children }: { children: React.ReactNode }) {
  const user = useRouteLoaderData<typeof loader>("routes/admin.layout")?.user ?? null;
  return <AdminShell user={user}>{children}</AdminShell>;
}

export default function AdminLayout() {
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

/** A failing admin screen (404 for unbuilt paths) keeps the sidebar. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <Shell>
      <ErrorPage status={status} />
    </Shell>
  );
}
