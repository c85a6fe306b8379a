/**
 * Import Suppression List (`/admin/mail/subscribers-list/suppress`,
 * Administrator and Editor): a CSV of addresses that must not be mailed;
 * the subscribers among them become Bounced (docs/behaviour.md §newsletters).
 */
import { readFile } from "node:fs/promises";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { LabeledInput } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import { badRequest } from "~/domain/errors.server";
import { importSuppressionCsv } from "~/domain/newsletters/suppression.server";
import { IMPORT_MAX_BYTES, IMPORT_MAX_ROWS } from "~/domain/subscribers/csv.server";
import { getDb } from "~/platform/db.server";
import { adminUser } from "~/web/auth.server";
import { formError } from "~/web/forms.server";
import { receiveMultipart } from "~/web/uploads.server";
import type { Route } from "./+types/admin.mail-suppression";

const PATH = "/admin/mail/subscribers-list/suppress";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Import Suppression List", PATH);

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  return { maxRows: IMPORT_MAX_ROWS };
}

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  try {
    const form = await receiveMultipart(args.request, {
      maxFileBytes: IMPORT_MAX_BYTES,
      // Text has no magic number: a recognised binary file is not CSV.
      accept: { test: (mime) => mime === undefined, message: "Only CSV files can be imported." },
      fileFields: ["file"],
      maxFiles: 1,
    });
    try {
      const file = form.files.find((f) => f.fieldName === "file");
      if (!file) throw badRequest("Choose a CSV file to import");
      const report = importSuppressionCsv(getDb(), actor, await readFile(file.tempPath));
      return data({ error: null, report, values: {}, intent: "suppress" });
    } finally {
      await form.discard();
    }
  } catch (error) {
    return formError(error, { prefix: "Error importing the suppression list" });
  }
}

export default function ImportSuppression({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const report = result && "report" in result ? result.report : null;
  return (
    <>
      <PageHeader title="Import Suppression List">
        <Link to="/admin/mail/subscribers-list" className="button">
          Back to Subscribers
        </Link>
      </PageHeader>
      <FormError result={result} />
      {report ? (
        <section className="admin-panel import-report" aria-labelledby="report-title">
          <h2 id="report-title">Suppression report</h2>
          <p role="status">
            {`${report.suppressed} marked Bounced, ${report.unchanged} already Bounced or Unsubscribed, ${report.unknown} not subscribers, ${report.invalid.length} not addresses.`}
          </p>
          {report.invalid.length > 0 && (
            <ul>
              {report.invalid.slice(0, 50).map((r) => (
                <li key={r.row}>{`Line ${r.row}: "${r.value}" is not an e-mail address`}</li>
              ))}
            </ul>
          )}
        </section>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-form admin-panel">
        <p>
          A CSV file of addresses that must not be mailed (a column named <code>email</code>, or
          addresses in the first column; {loaderData.maxRows} lines at most). Subscribers among them
          become <strong>Bounced</strong>: no newsletter reaches them until you make them Active
          again.
        </p>
        <LabeledInput label="CSV file" type="file" name="file" accept=".csv,text/csv" required />
        <button type="submit" className="button button-primary" disabled={busy}>
          Import
        </button>
      </Form>
    </>
  );
}
