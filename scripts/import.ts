/**
 * `npm run import -- path/to/export.xml [--media path/to/uploads-or.zip]`:
 * the import of Tools → Import from the command line, for archives too big to
 * upload. Uses DATA_DIR like the server (and may run while it serves). Prints
 * the progress and the same report; exits 1 when the file is refused or the
 * import fails.
 */
import { basename, resolve } from "node:path";
import { eq } from "drizzle-orm";
import { users } from "#db/schema";
import { isDomainError } from "~/domain/errors.server";
import { createImportJob, runImportJob } from "~/domain/importing/jobs.server";
import { IMPORT_FORMAT_LABELS, totalOf } from "~/domain/importing/vocabulary";
import { renditionsIdle } from "~/domain/media/rendition-worker.server";
import { ensureSettings } from "~/domain/site/settings.server";
import { ensureCounters } from "~/platform/counters.server";
import { closeDb, getDb } from "~/platform/db.server";

function usage(): never {
  console.error(
    "Usage: npm run import -- path/to/export.(xml|json|tar.gz) [--media path/to/uploads-folder-or.zip]",
  );
  process.exit(2);
}

async function main() {
  const args = process.argv.slice(2);
  let file: string | null = null;
  let media: string | null = null;
  for (let i = 0; i < args.length; i++) {
    if (args[i] === "--media") media = args[++i] ?? usage();
    else if (args[i].startsWith("--media=")) media = args[i].slice("--media=".length);
    else if (!file) file = args[i];
    else usage();
  }
  if (!file) usage();
  const db = getDb();
  ensureSettings(db);
  ensureCounters(db);
  const admin = db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.role, "Administrator"))
    .orderBy(users.id)
    .get();
  console.log(`Checking ${file}…`);
  let job: Awaited<ReturnType<typeof createImportJob>>;
  try {
    job = await createImportJob(null, {
      fileName: basename(file),
      filePath: resolve(file),
      mediaPath: media ? resolve(media) : null,
      foreground: true,
      createdBy: admin?.id ?? null,
    });
  } catch (error) {
    if (!isDomainError(error)) throw error;
    console.error(`Refused, nothing was written: ${error.message}`);
    return 1;
  }
  console.log(`${IMPORT_FORMAT_LABELS[job.format]}: ${job.total} items. Importing…`);
  const done = await runImportJob(job, db, {
    foreground: true,
    onProgress: (n, total) => {
      const width = 30;
      const filled = total > 0 ? Math.round((n / total) * width) : width;
      console.log(`[${"#".repeat(filled)}${".".repeat(width - filled)}] ${n}/${total}`);
    },
  });
  await renditionsIdle();
  const report = done.report;
  if (report) {
    console.log("");
    console.log(
      `Report: ${(["created", "updated", "skipped"] as const).map((o) => `${totalOf(report, o)} ${o}`).join(", ")}`,
    );
    for (const o of ["created", "updated", "skipped"] as const) {
      for (const [kind, n] of Object.entries(report.counts[o])) console.log(`  ${o} ${kind}: ${n}`);
    }
    for (const note of report.notes) console.log(`Note: ${note}`);
    for (const e of report.entries) {
      console.log(
        `  ${e.outcome.padEnd(7)} ${e.kind.padEnd(10)} ${e.sourceId}  ${e.title}${e.reason ? ` (${e.reason})` : ""}`,
      );
    }
  }
  if (done.state !== "done") {
    console.error(`Import failed: ${done.error ?? done.state}`);
    return 1;
  }
  console.log(`Import finished (job ${done.uid}).`);
  return 0;
}

main().then(
  (code) => {
    closeDb();
    process.exit(code);
  },
  (error) => {
    console.error(error);
    closeDb();
    process.exit(1);
  },
);
