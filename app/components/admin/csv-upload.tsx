import type { ReactNode } from "react";
import { Form, Link, useNavigation } from "react-router";
import { LabeledInput } from "~/components/admin/fields";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";

/**
 * An import screen for one CSV file (Import Subscribers, Import Suppression List): the title with
 * a way back, the refusal or the report of the last import, what the file must hold, the file
 * field and Import.
 */
export function CsvUploadScreen({
  title,
  back,
  result,
  report,
  children,
}: {
  title: string;
  back: { to: string; label: string };
  /** The action's answer: a refusal shows as the form's error. */
  result: Parameters<typeof FormError>[0]["result"];
  /** The last import's report, when there is one. */
  report: ReactNode;
  /** What the file must hold and what the import does. */
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <>
      <PageHeader title={title}>
        <Link to={back.to} className="button">
          {back.label}
        </Link>
      </PageHeader>
      <FormError result={result} />
      {report}
      <Form method="post" encType="multipart/form-data" className="admin-form admin-panel">
        {children}
        <LabeledInput label="CSV file" type="file" name="file" accept=".csv,text/csv" required />
        <button type="submit" className="button button-primary" disabled={busy}>
          Import
        </button>
      </Form>
    </>
  );
}

/** The report's frame: its heading and the one-line summary read out when it appears. */
export function ImportReportPanel({
  title,
  summary,
  children,
}: {
  title: string;
  summary: string;
  children?: ReactNode;
}) {
  return (
    <section className="admin-panel import-report" aria-labelledby="report-title">
      <h2 id="report-title">{title}</h2>
      <p role="status">{summary}</p>
      {children}
    </section>
  );
}
