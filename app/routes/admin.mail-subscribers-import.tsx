import { readFile } from "node:fs/promises";
import { data, Form, Link, useActionData, useNavigation } from "react-router";
import { LabeledInput } from "~/components/admin/fields";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { HeadRow, TableWrap } from "~/components/admin/table-wrap";
import { FormError } from "~/components/admin/toasts";
import { badRequest } from "~/domain/errors.server";
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
import { formError } from "~/web/forms.server";
import { receiveMultipart } from "~/web/uploads.server";
import type { Route } from "./+types/admin.mail-subscribers-import";

const PATH = "/admin/mail/subscribers-list";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Import Subscribers", `${PATH}/import`);

export async function loader(args: Route.LoaderArgs) {
  await adminUser(args);
  return { maxRows: IMPORT_MAX_ROWS, maxMb: IMPORT_MAX_BYTES / (1024 * 1024) };
}

/** Text has no magic number: a file whose content file-type recognises (an image, a zip) is not CSV. */
const CSV_ONLY = {
  test: (mime: string | undefined) => mime === undefined,
  message: "Only CSV files can be imported.",
};

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const { request } = args;
  try {
    const form = await receiveMultipart(request, {
      maxFileBytes: IMPORT_MAX_BYTES,
      accept: CSV_ONLY,
      fileFields: ["file"],
      maxFiles: 1,
    });
    try {
      const file = form.files.find((f) => f.fieldName === "file");
      if (!file) throw badRequest("Choose a CSV file to import");
      const report = importSubscribersCsv(actor, await readFile(file.tempPath));
      return data({ error: null, report, values: {}, intent: "import" });
    } finally {
      await form.discard();
    }
  } catch (error) {
    return formError(error, { prefix: "Error importing subscribers" });
  }
}

export default function ImportSubscribers({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const report = result && "report" in result ? result.report : null;
  return (
    <>
      <PageHeader title="Import Subscribers">
        <Link to={PATH} className="button">
          Back to Subscribers
        </Link>
      </PageHeader>
      <FormError result={result} />
      {report ? (
        <section className="admin-panel import-report" aria-labelledby="report-title">
          <h2 id="report-title">Import report</h2>
          <p role="status">
            {report.added.length} added, {report.updated.length} updated, {report.rejected.length}{" "}
            rejected.
          </p>
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
        </section>
      ) : null}
      <Form method="post" encType="multipart/form-data" className="admin-form admin-panel">
        <p className="hint">
          A CSV file (UTF-8) whose first row names the columns <code>name</code> and{" "}
          <code>email</code>, and optionally <code>status</code> ({SUBSCRIBER_STATUSES.join(", ")})
          and <code>audience</code> ({AUDIENCES.join(", ")} separated by <code>;</code>). New
          addresses are added (Active, {ADMIN_DEFAULT_AUDIENCES.join(", ")} by default); known ones
          are updated. Someone who unsubscribed stays unsubscribed. Up to{" "}
          {loaderData.maxRows.toLocaleString("en")} rows and {loaderData.maxMb} MB. An exported list
          imports as it is.
        </p>
        <LabeledInput label="CSV file" type="file" name="file" accept=".csv,text/csv" required />
        <button type="submit" className="button button-primary" disabled={busy}>
          Import
        </button>
      </Form>
    </>
  );
}
