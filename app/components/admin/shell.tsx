import type { ReactNode } from "react";
import type { Role } from "#db/schema";
import { AdminSidebar } from "~/components/admin/sidebar";
import { FlashNotice } from "~/components/admin/toasts";

export type ShellUser = { name: string; role: Role; photo: string | null; uid: string };

/** What the frame shows of the signed-in user (never email, hash or apiKey). */
export const shellUser = (user: ShellUser): ShellUser => ({
  name: user.name,
  role: user.role,
  photo: user.photo,
  uid: user.uid,
});

/** The frame of every admin screen: skip link, sidebar (when signed in), main. */
export function AdminShell({ user, children }: { user: ShellUser | null; children: ReactNode }) {
  return (
    <div className="admin-shell">
      <a href="#admin-main" className="skip-link">
        Skip to content
      </a>
      {user ? <AdminSidebar user={user} /> : null}
      <main id="admin-main" className="admin-main" tabIndex={-1}>
        <FlashNotice />
        {children}
      </main>
    </div>
  );
}
