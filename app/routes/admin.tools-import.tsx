import { rename } from "node:fs/promises";
import { join } from "node:path";
import { useEffect } from "react";
import {
  data,
  Form,
  Link,
  redirect,
  useActionData,
  useNavigation,
  useRevalidator,
} from "react-router";
import { LabeledInput } from "~/components/admin/fields";
import { ImportReportView } from "~/components/admin/import-report";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { FormError } from "~/components/admin/toasts";
import { badRequest, isDomainError } from "~/domain/errors.server";
import {
  createImportJob,
  getImportJob,
  kickImports,
  listImportJobs,
  newJobDir,
} from "~/domain/importing/jobs.server";
import { IMPORT_FORMAT_LABELS } from "~/domain/importing/vocabulary";
import { MAX_MEDIA_BYTES } from "~/domain/media/file-store.server";
import { adminUser } from "~/web/auth.server";
import { formError } from "~/web/forms.server";
import { receiveMultipart } from "~/web/uploads.server";
import type { Route } from "./+types/admin.tools-import";

const PATH = "/admin/tools/import";
/** Seconds between refreshes of the progress page without JavaScript. */
const REFRESH_SECONDS = 2;

export const meta: Route.MetaFunction = ({ matches }) => adminMeta(matches, "Import", PATH);

export async function loader(args: Route.LoaderArgs) {
  const actor = await adminUser(args);
  const uid = new URL(args.request.url).searchParams.get("job");
  const view = (job: ReturnType<typeof getImportJob>) => ({
    uid: job.uid,
    format: job.format,
    state: job.state,
    fileName: job.fileName,
    done: job.done,
    total: job.total,
    error: job.error,
    report: job.report,
    createdAt: job.createdAt.getTime(),
  });
  if (uid) {
    try {
      return { job: view(getImportJob(actor, uid)), jobs: [] };
    } catch (error) {
      if (isDomainError(error) && error.status === 404) throw data(null, { status: 404 });
      throw error;
    }
  }
  return { job: null, jobs: listImportJobs(actor).map(view) };
}

/** Any file type: the content decides (a WXR, a Ghost JSON, an Inkwell archive), checked before anything is written. */
const ANY_FILE = { test: () => true, message: "" };

export async function action(args: Route.ActionArgs) {
  const actor = await adminUser(args);
  const { uid, dir } = newJobDir();
  try {
    const form = await receiveMultipart(args.request, {
      maxFileBytes: MAX_MEDIA_BYTES,
      accept: ANY_FILE,
      fileFields: ["file", "media"],
      maxFiles: 2,
    });
    try {
      const file = form.files.find((f) => f.fieldName === "file" && f.size > 0);
      if (!file) throw badRequest("Choose an export file to import");
      const filePath = join(dir, "export");
      await rename(file.tempPath, filePath);
      const mediaFile = form.files.find((f) => f.fieldName === "media" && f.size > 0);
      let mediaPath: string | null = null;
      if (mediaFile) {
        if (!/\.zip$/i.test(mediaFile.originalName) && mediaFile.mimeType !== "application/zip") {
          throw badRequest("The media files must be a .zip of the wp-content/uploads folder");
        }
        mediaPath = join(dir, "media.zip");
        await rename(mediaFile.tempPath, mediaPath);
      }
      await createImportJob(actor, { uid, fileName: file.originalName, filePath, mediaPath });
    } finally {
      await form.discard();
    }
  } catch (error) {
    const { rm } = await import("node:fs/promises");
    await rm(dir, { recursive: true, force: true });
    return formError(error, { prefix: "Nothing was imported" });
  }
  void kickImports();
  return redirect(`${PATH}?job=${uid}`, 303);
}

function Progress({ done, total, state }: { done: number; total: number; state: string }) {
  const percent = total > 0 ? Math.round((done / total) * 100) : state === "done" ? 100 : 0;
  return (
    <div className="import-progress">
      <label htmlFor="import-progress-bar">
        {done.toLocaleString("en")} of {total.toLocaleString("en")} items ({percent}%)
      </label>
      <progress
        id="import-progress-bar"
        max={Math.max(total, 1)}
        value={Math.min(done, Math.max(total, 1))}
      >
        {percent}%
      </progress>
    </div>
  );
}

const STATE_WORDS: Record<string, string> = {
  queued: "Waiting to start",
  running: "Importing…",
  done: "Finished",
  failed: "Failed",
};

export default function ImportScreen({ loaderData }: Route.ComponentProps) {
  const result = useActionData<typeof action>();
  const busy = useNavigation().state === "submitting";
  const { job, jobs } = loaderData;
  const active = job && (job.state === "queued" || job.state === "running");
  const revalidator = useRevalidator();
  useEffect(() => {
    if (!active) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle") void revalidator.revalidate();
    }, 1000);
    return () => clearInterval(timer);
  }, [active, revalidator]);

  if (job) {
    return (
      <>
        {active ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(REFRESH_SECONDS)} />
          </noscript>
        ) : null}
        <PageHeader
          title="Import"
          subtitle={`${job.fileName} (${IMPORT_FORMAT_LABELS[job.format]})`}
        >
          <Link to={PATH} className="button">
            New import
          </Link>
        </PageHeader>
        <section className="admin-panel" aria-labelledby="import-state">
          <h2 id="import-state">{STATE_WORDS[job.state]}</h2>
          <div role="status" aria-live="polite">
            <Progress done={job.done} total={job.total} state={job.state} />
            {active ? (
              <p className="hint">
                This page follows the import; you may leave it, the import goes on.
              </p>
            ) : null}
          </div>
          {job.error ? (
            <p className="form-error" role="alert">
              {job.error}
            </p>
          ) : null}
        </section>
        {job.report && !active ? <ImportReportView report={job.report} /> : null}
      </>
    );
  }

  return (
    <>
      <PageHeader
        title="Import"
        subtitle="Bring posts from WordPress or Ghost, or restore an Inkwell archive"
      />
      <FormError result={result} />
      <Form method="post" encType="multipart/form-data" className="admin-form admin-panel">
        <p className="hint">
          A WordPress export (Tools → Export in WordPress, an <code>.xml</code> file), a Ghost
          export (Settings → Labs → Export, a <code>.json</code> file) or an Inkwell archive (
          <code>.tar.gz</code> from Export). The file is checked first: one that cannot be read is
          refused and nothing is written. Importing the same file again creates nothing twice.
        </p>
        <LabeledInput label="Export file" type="file" name="file" required />
        <LabeledInput
          label="Media files (optional): a .zip of wp-content/uploads"
          type="file"
          name="media"
          accept=".zip,application/zip"
        />
        <p className="hint">
          Without media files, images stay at their old addresses. Ghost members become subscribers;
          Ghost and Substack subscriber CSV files go through{" "}
          <Link to="/admin/mail/subscribers-list/import">Import Subscribers</Link>.
        </p>
        <button type="submit" className="button button-primary" disabled={busy}>
          {busy ? "Uploading…" : "Import"}
        </button>
      </Form>
      {jobs.length > 0 ? (
        <section className="admin-panel" aria-labelledby="recent-imports">
          <h2 id="recent-imports">Recent imports</h2>
          <ul className="import-jobs">
            {jobs.map((j) => (
              <li key={j.uid}>
                <Link to={`${PATH}?job=${j.uid}`}>{j.fileName}</Link> (
                {IMPORT_FORMAT_LABELS[j.format]}
                ): {STATE_WORDS[j.state]}, {j.done} of {j.total}
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </>
  );
}
