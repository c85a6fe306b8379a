import { Form } from "react-router";
import { ListTable, PageSteps } from "~/components/admin/list-table";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { AUDIT_ACTIONS } from "~/domain/audit/actions";
import { listAudit } from "~/domain/audit/audit.server";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { formatSiteDate } from "~/utils/site-date";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.audit";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Audit Log", "/admin/audit");

/** The audit log, newest first, 50 a page, by user and by action (docs/behaviour.md §audit). */
export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const params = new URL(args.request.url).searchParams;
  return listAudit(actor, {
    page: params.get("page") ?? undefined,
    action: params.get("action") ?? undefined,
    actor: params.get("user") ?? undefined,
  });
}

export default function Audit({ loaderData }: Route.ComponentProps) {
  const timeZone = useSiteTimeZone();
  const { rows, page, pages, total, action, actor, people } = loaderData;
  const pageLink = (n: number) => {
    const query = new URLSearchParams();
    if (action) query.set("action", action);
    if (actor) query.set("user", String(actor));
    if (n > 1) query.set("page", String(n));
    const text = query.toString();
    return text ? `?${text}` : ".";
  };
  return (
    <>
      <PageHeader title="Audit Log" />
      <Form method="get" className="admin-form admin-panel filters" aria-label="Filter the log">
        <label htmlFor="audit-user">User</label>
        <select id="audit-user" name="user" defaultValue={actor ? String(actor) : ""}>
          <option value="">Everyone</option>
          {people.map((p) => (
            <option key={p.id} value={p.id}>
              {p.name}
            </option>
          ))}
        </select>
        <label htmlFor="audit-action">Action</label>
        <select id="audit-action" name="action" defaultValue={action}>
          <option value="">All actions</option>
          {AUDIT_ACTIONS.map((a) => (
            <option key={a} value={a}>
              {a}
            </option>
          ))}
        </select>
        <button type="submit" className="button button-secondary">
          Filter
        </button>
      </Form>
      <p>
        {total} event{total === 1 ? "" : "s"}
      </p>
      <ListTable
        label="Audit log"
        columns={["When (UTC)", "Who", "Action", "Record", "Details", "Address"]}
      >
        {rows.map((r) => (
          <tr key={r.id}>
            <td>
              <time dateTime={new Date(r.at).toISOString()}>
                {formatSiteDate(r.at, timeZone, { seconds: true })}
              </time>
            </td>
            <td>{r.actorName || "—"}</td>
            <td>{r.action}</td>
            <td>{r.targetType ? `${r.targetType} ${r.targetId}` : ""}</td>
            <td>{r.summary}</td>
            <td>{r.address}</td>
          </tr>
        ))}
      </ListTable>
      {rows.length === 0 ? <p className="empty">Nothing recorded yet.</p> : null}
      <PageSteps
        page={page}
        pageCount={pages}
        href={pageLink}
        label="Audit log pages"
        previous="Newer"
        next="Older"
      />
    </>
  );
}
