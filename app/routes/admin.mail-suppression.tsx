/**
 * Import Suppression List (`/admin/mail/subscribers-list/suppress`,
 * Administrator and Editor): a CSV of addresses that must not be mailed;
 * the subscribers among them become Bounced (docs/behaviour.md §newsletters).
 */
import { useActionData } from "react-router";
import { CsvUploadScreen, ImportReportPanel } from "~/components/admin/csv-upload";
import { adminMeta } from "~/components/admin/meta";
import { importSuppressionCsv } from "~/domain/newsletters/suppression.server";
import { IMPORT_MAX_ROWS } from "~/domain/subscribers/csv.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { csvImportAction } from "~/web/csv-import-action.server";
import type { Route } from "./+types/admin.mail-suppression";

const PATH = "/admin/mail/subscribers-list/suppress";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Import Suppression List", PATH);

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  return { maxRows: IMPORT_MAX_ROWS };
}

export function action(args: Route.ActionArgs) {
  return csvImportAction(
    args,
    { intent: "suppress", prefix: "Error importing the suppression list" },
    (actor, csv) => importSuppressionCsv(getDb(), actor, csv),
  );
}

export default function ImportSuppression({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const report = result && "report" in result ? result.report : null;
  return (
    <CsvUploadScreen
      title="Import Suppression List"
      back={{ to: "/admin/mail/subscribers-list", label: "Back to Subscribers" }}
      result={result}
      report={
        report ? (
          <ImportReportPanel
            title="Suppression report"
            summary={`${report.suppressed} marked Bounced, ${report.unchanged} already Bounced or Unsubscribed, ${report.unknown} not subscribers, ${report.invalid.length} not addresses.`}
          >
            {report.invalid.length > 0 && (
              <ul>
                {report.invalid.slice(0, 50).map((r) => (
                  <li key={r.row}>{`Line ${r.row}: "${r.value}" is not an e-mail address`}</li>
                ))}
              </ul>
            )}
          </ImportReportPanel>
        ) : null
      }
    >
      <p>
        A CSV file of addresses that must not be mailed (a column named <code>email</code>, or
        addresses in the first column; {loaderData.maxRows} lines at most). Subscribers among them
        become <strong>Bounced</strong>: no newsletter reaches them until you make them Active
        again.
      </p>
    </CsvUploadScreen>
  );
}
