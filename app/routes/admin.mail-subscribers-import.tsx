import { useActionData } from "react-router";
import { CsvUploadScreen, ImportReportPanel } from "~/components/admin/csv-upload";
import { adminMeta } from "~/components/admin/meta";
import { HeadRow, TableWrap } from "~/components/admin/table-wrap";
import {
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  importSubscribersCsv,
} from "~/domain/subscribers/csv.server";
import {
  ADMIN_DEFAULT_AUDIENCES,
  AUDIENCES,
  SUBSCRIBER_STATUSES,
} from "~/domain/subscribers/vocabulary";
import { adminUser } from "~/web/auth.server";
import { csvImportAction } from "~/web/csv-import-action.server";
import type { Route } from "./+types/admin.mail-subscribers-import";

const PATH = "/admin/mail/subscribers-list";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Import Subscribers", `${PATH}/import`);

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  return { maxRows: IMPORT_MAX_ROWS, maxMb: IMPORT_MAX_BYTES / (1024 * 1024) };
}

export function action(args: Route.ActionArgs) {
  return csvImportAction(
    args,
    { intent: "import", prefix: "Error importing subscribers" },
    (actor, csv) => importSubscribersCsv(actor, csv),
  );
}

export default function ImportSubscribers({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const report = result && "report" in result ? result.report : null;
  return (
    <CsvUploadScreen
      title="Import Subscribers"
      back={{ to: PATH, label: "Back to Subscribers" }}
      result={result}
      report={
        report ? (
          <ImportReportPanel
            title="Import report"
            summary={`${report.added.length} added, ${report.updated.length} updated, ${report.rejected.length} rejected.`}
          >
            {report.rejected.length ? (
              <TableWrap label="Rejected rows">
                <table className="admin-table">
                  <caption>Rejected rows</caption>
                  <HeadRow columns={["Row", "Email", "Reason"]} />
                  <tbody>
                    {report.rejected.slice(0, 500).map((r) => (
                      <tr key={r.row}>
                        <td className="num">{r.row}</td>
                        <td>{r.email}</td>
                        <td>{r.reason}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </TableWrap>
            ) : null}
            {(
              [
                ["Added", report.added],
                ["Updated", report.updated],
              ] as const
            ).map(([label, rows]) =>
              rows.length ? (
                <details key={label}>
                  <summary>
                    {label} ({rows.length})
                  </summary>
                  <ul className="import-rows">
                    {rows.slice(0, 500).map((r) => (
                      <li key={r.row}>
                        Row {r.row}: {r.email}
                      </li>
                    ))}
                  </ul>
                </details>
              ) : null,
            )}
          </ImportReportPanel>
        ) : null
      }
    >
      <p className="hint">
        A CSV file (UTF-8) whose first row names the columns <code>name</code> and{" "}
        <code>email</code>, and optionally <code>status</code> ({SUBSCRIBER_STATUSES.join(", ")})
        and <code>audience</code> ({AUDIENCES.join(", ")} separated by <code>;</code>). New
        addresses are added (Active, {ADMIN_DEFAULT_AUDIENCES.join(", ")} by default); known ones
        are updated. Someone who unsubscribed stays unsubscribed. Up to{" "}
        {loaderData.maxRows.toLocaleString("en")} rows and {loaderData.maxMb} MB. An exported list
        imports as it is.
      </p>
    </CsvUploadScreen>
  );
}
