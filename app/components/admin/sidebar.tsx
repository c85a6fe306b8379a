import { useEffect, useRef, useState } from "react";
import { Form, NavLink, useLocation, useRouteLoaderData } from "react-router";
import type { Role } from "#db/schema";
import { Avatar } from "~/components/admin/avatar";
import { MenuIcon } from "~/components/menu-icon";
import { ThemeToggle } from "~/components/theme-toggle";
import { menuFor } from "~/domain/access/admin-screens";
import { useHydrated } from "~/hooks/use-hydrated";

type SidebarUser = { name: string; role: Role; photo: string | null };

export const SIDEBAR_ID = "admin-sidebar";

/**
 * The admin sidebar (docs/behaviour.md §backoffice): the screens of the screen table the role may
 * open (`menuFor`), so it links exactly where the admin guard lets the role
 * in. Below 640 px it is a drawer: without
 * JavaScript the open link targets `#admin-sidebar` (CSS `:target` shows it)
 * and the close button and the backdrop link to `#`; with JavaScript the same
 * controls toggle state, and a click outside the drawer closes it.
 */
export function AdminSidebar({ user }: { user: SidebarUser }) {
  const { pathname } = useLocation();
  const menu = menuFor(user.role);
  // Unread notices for Administrators (Settings › Enable Admin Alerts), beside Dashboard.
  const layout = useRouteLoaderData("routes/admin.layout") as { notices?: number } | undefined;
  const counts = { "/admin/dashboard": layout?.notices ?? 0 };
  const [open, setOpen] = useState(false);
  const drawer = useRef<HTMLElement>(null);

  const hydrated = useHydrated();

  // Close after navigating and on an outside click.
  useEffect(() => setOpen(false), [pathname]);
  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      const target = event.target as Node;
      if (drawer.current && !drawer.current.contains(target)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") setOpen(false);
    };
    // Registered after the opening click has finished.
    const timer = setTimeout(() => {
      document.addEventListener("pointerdown", onPointer);
      document.addEventListener("keydown", onKey);
    });
    return () => {
      clearTimeout(timer);
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const menuIcon = <MenuIcon />;
  const closeIcon = (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );

  return (
    <>
      <div className="admin-topbar">
        {hydrated ? (
          <button
            type="button"
            className="icon-button drawer-open"
            aria-controls={SIDEBAR_ID}
            aria-expanded={open}
            onClick={() => setOpen(true)}
          >
            {menuIcon}
            <span className="visually-hidden">Open menu</span>
          </button>
        ) : (
          <a href={`#${SIDEBAR_ID}`} className="icon-button drawer-open">
            {menuIcon}
            <span className="visually-hidden">Open menu</span>
          </a>
        )}
        <span className="admin-topbar-title">Back office</span>
      </div>
      {hydrated ? (
        <div className={`drawer-backdrop${open ? " is-open" : ""}`} aria-hidden="true" />
      ) : (
        <a href="#admin-main" className="drawer-backdrop" tabIndex={-1}>
          <span className="visually-hidden">Close menu</span>
        </a>
      )}
      <aside
        id={SIDEBAR_ID}
        ref={drawer}
        className={`admin-sidebar${open ? " is-open" : ""}`}
        aria-label="Back office"
      >
        <div className="sidebar-head">
          <Avatar name={user.name} photo={user.photo} size={44} />
          <p className="sidebar-user">
            <span className="sidebar-name">{user.name}</span>{" "}
            <span className="sidebar-role">({user.role})</span>
          </p>
          {hydrated ? (
            <button
              type="button"
              className="icon-button drawer-close"
              onClick={() => setOpen(false)}
            >
              {closeIcon}
              <span className="visually-hidden">Close menu</span>
            </button>
          ) : (
            <a href="#admin-main" className="icon-button drawer-close">
              {closeIcon}
              <span className="visually-hidden">Close menu</span>
            </a>
          )}
        </div>
        <nav className="sidebar-nav" aria-label="Admin">
          <NavLinkList links={menu.top} counts={counts} />
          {menu.groups.map((group) => (
            <details
              key={group.id}
              className="sidebar-group"
              data-group={group.id}
              open={
                pathname.startsWith(group.base) ||
                group.links.some((link) => pathname.startsWith(link.to)) ||
                undefined
              }
            >
              <summary>{group.label}</summary>
              <NavLinkList links={group.links} />
            </details>
          ))}
        </nav>
        <div className="sidebar-bottom">
          {menu.bottom.map((link) => (
            <NavLink key={link.to} to={link.to} className="sidebar-bottom-link">
              {link.label}
            </NavLink>
          ))}
          <ThemeToggle />
        </div>
      </aside>
    </>
  );
}

/** Logout: a POST (state changes are never GETs); ends the session, goes to login. */
export function LogoutButton({ className = "button button-secondary" }: { className?: string }) {
  return (
    <Form method="post" action="/admin/logout" className="inline-form">
      <button type="submit" className={className}>
        Logout
      </button>
    </Form>
  );
}

/** A list of the sidebar's links; the current screen's link is marked by NavLink. */
function NavLinkList({
  links,
  counts = {},
}: {
  links: readonly { to: string; label: string }[];
  counts?: Record<string, number>;
}) {
  return (
    <ul>
      {links.map((link) => (
        <li key={link.to}>
          <NavLink to={link.to} end>
            {link.label}
            {counts[link.to] ? (
              <span className="nav-count">
                {counts[link.to]}
                <span className="visually-hidden"> unread notices</span>
              </span>
            ) : null}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}
