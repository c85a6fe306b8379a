import { Link } from "react-router";
import { Avatar } from "~/components/admin/avatar";
import { ScreenHead } from "~/components/admin/list-page";
import { ACTIONS_COLUMN, CountTabs, ListTable, numColumn } from "~/components/admin/list-table";
import { adminMeta } from "~/components/admin/meta";
import { isDomainError } from "~/domain/errors.server";
import { listUsers, ROLE_NAMES } from "~/domain/users/users.server";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.users";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Users", "/admin/users");

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const { request } = args;
  const role = new URL(request.url).searchParams.get("role") ?? undefined;
  // Sent by the loader, so #db/schema stays out of the browser bundle.
  const TABS = ["All", ...ROLE_NAMES] as const;
  try {
    return { ...listUsers(user, { role }), tabs: TABS };
  } catch (error) {
    // An unknown ?role= shows everyone rather than failing.
    if (isDomainError(error) && error.status === 400) return { ...listUsers(user, {}), tabs: TABS };
    throw error;
  }
}

export default function Users({ loaderData }: Route.ComponentProps) {
  const { users, counts, role, tabs } = loaderData;
  const current = role ?? "All";
  return (
    <>
      <ScreenHead title="All Users" to="/admin/users/add" link="Add New User" />
      <CountTabs
        label="Filter by role"
        current={current}
        keys={tabs}
        labelOf={(tab) => tab}
        counts={counts}
        to={(tab) => (tab === "All" ? "/admin/users" : `/admin/users?role=${tab}`)}
      />
      <ListTable
        label="Users table"
        columns={["Name", "Email", "Role", numColumn("Posts"), "Status", ACTIONS_COLUMN]}
      >
        {users.map((u) => (
          <tr key={u.uid}>
            <td>
              <span className="user-cell">
                <Avatar name={u.name} photo={u.photo} size={32} />
                {u.name}
              </span>
            </td>
            <td data-label="Email">{u.email}</td>
            <td data-label="Role">{u.role}</td>
            <td data-label="Posts" className="num">
              {u.postCount}
            </td>
            <td data-label="Status">
              {u.active ? "Active" : "Deactivated"}
              {u.passwordSet ? null : <span className="hint"> (imported, not invited)</span>}
            </td>
            <td>
              <Link to={`/admin/users/edit/${u.uid}`} aria-label={`Edit ${u.name}`}>
                Edit
              </Link>
            </td>
          </tr>
        ))}
      </ListTable>
      {users.length === 0 ? <p className="empty">No users with this role.</p> : null}
    </>
  );
}
