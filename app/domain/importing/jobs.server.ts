/**
 * Imports run as jobs in the server process, one at a time, so a big archive
 * never holds a request open: the screen (or the command line) creates the
 * job after the file's first pass succeeded, and the runner writes its records
 * in batches of BATCH_SIZE, each batch one transaction, saving the progress
 * and the report after each.
 *
 * After a crash: a job left `running` is queued again at start and runs from
 * the beginning; every record already written is found by its source id and
 * skipped, so nothing is created twice and the report stays whole. A job whose
 * file is gone is marked failed, saying so.
 */
import { randomUUID } from "node:crypto";
import { existsSync, mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { and, desc, eq } from "drizzle-orm";
import { importJobs, users } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { recordAudit } from "~/domain/audit/audit.server";
import { notFound } from "~/domain/errors.server";
import { notifySafely } from "~/domain/notifications/notify.server";
import { kickPostScheduler } from "~/domain/workflow/scheduler-process.server";
import { type Db, getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { processSingleton } from "~/platform/process-singleton.server";
import { openReader } from "./formats.server";
import { extractZip, MediaFiles } from "./media-files.server";
import type { SourceRecord } from "./records";
import { emptyReport, IMPORT_FORMAT_LABELS, type ImportFormat } from "./vocabulary";
import { ImportWriter } from "./writer.server";

export const BATCH_SIZE = 50;

export type ImportJob = typeof importJobs.$inferSelect;

/** Where a job keeps its files (the upload, an extracted media archive). */
export function importsDir() {
  return join(readEnv().dataDir, "imports");
}

export function jobDir(uid: string) {
  return join(importsDir(), uid);
}

/**
 * Checks the file (the read-only first pass: a broken or unknown file throws
 * a 400 here and nothing is written) and queues its import.
 */
export async function createImportJob(
  actor: SessionUser | null,
  input: {
    uid?: string;
    fileName: string;
    filePath: string;
    mediaPath?: string | null;
    /** The command line runs its job itself: it starts `running`, so the server's runner leaves it. */
    foreground?: boolean;
    createdBy?: number | null;
  },
  db: Db = getDb(),
): Promise<ImportJob> {
  if (actor) assertCan(actor, "manageSite");
  const uid = input.uid ?? randomUUID();
  mkdirSync(jobDir(uid), { recursive: true });
  const reader = await openReader(input.filePath, jobDir(uid));
  const job = db
    .insert(importJobs)
    .values({
      uid,
      format: reader.format,
      state: input.foreground ? "running" : "queued",
      fileName: input.fileName,
      filePath: input.filePath,
      mediaPath: input.mediaPath ?? null,
      total: reader.inspection.total,
      report: { ...emptyReport(), notes: reader.inspection.notes },
      createdBy: actor?.id ?? input.createdBy ?? null,
    })
    .returning()
    .get();
  // The command line imports as the first Administrator, on the operator's word: said in the summary.
  const by = actor ?? (job.createdBy ? userRef(db, job.createdBy) : null);
  recordAudit(db, {
    action: "import",
    actor: by,
    targetType: "import",
    targetId: job.uid,
    summary: `${input.fileName} (${IMPORT_FORMAT_LABELS[reader.format]}, ${reader.inspection.total} item${reader.inspection.total === 1 ? "" : "s"})${actor ? "" : " from the command line"}`,
    address: actor?.address ?? "",
  });
  return job;
}

function userRef(db: Db, id: number) {
  return db.select({ id: users.id, name: users.name }).from(users).where(eq(users.id, id)).get();
}

export function getImportJob(actor: SessionUser, uid: string, db: Db = getDb()): ImportJob {
  assertCan(actor, "manageSite");
  const job = db.select().from(importJobs).where(eq(importJobs.uid, uid)).get();
  if (!job) throw notFound("Import not found");
  return job;
}

export function listImportJobs(actor: SessionUser, db: Db = getDb(), limit = 10): ImportJob[] {
  assertCan(actor, "manageSite");
  return db.select().from(importJobs).orderBy(desc(importJobs.id)).limit(limit).all();
}

function save(db: Db, id: number, values: Partial<ImportJob>) {
  db.update(importJobs)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(importJobs.id, id))
    .run();
}

/** Runs one job to its end (the runner and the command line call this). */
class Stopped extends Error {}

export async function runImportJob(
  job: ImportJob,
  db: Db = getDb(),
  options: { onProgress?: (done: number, total: number) => void; foreground?: boolean } = {},
): Promise<ImportJob> {
  const report = job.report ?? emptyReport();
  save(db, job.id, { state: "running", error: null });
  try {
    if (!existsSync(job.filePath)) throw new Error("The uploaded file is gone; upload it again");
    const work = jobDir(job.uid);
    mkdirSync(work, { recursive: true });
    const reader = await openReader(job.filePath, work);
    let folder = reader.mediaFolder ?? null;
    if (job.mediaPath) {
      if (!existsSync(job.mediaPath)) throw new Error("The media folder or archive is gone");
      if (/\.zip$/i.test(job.mediaPath)) {
        folder = join(work, "media");
        rmSync(folder, { recursive: true, force: true });
        await extractZip(job.mediaPath, folder);
      } else {
        folder = job.mediaPath;
      }
    }
    const writer = new ImportWriter(db, {
      source: reader.inspection.source,
      jobId: job.id,
      report,
      media: new MediaFiles(db, folder, reader.format === "inkwell"),
      actorId: job.createdBy,
    });
    const total = reader.inspection.total;
    let done = 0;
    let batch: SourceRecord[] = [];
    const flush = () => {
      if (runner().stopped && !options.foreground) throw new Stopped();
      if (batch.length === 0) return;
      const records = batch;
      batch = [];
      db.$client.transaction(() => {
        for (const record of records) writer.write(record);
        done += records.length;
        save(db, job.id, { done: Math.min(done, total), total, report });
      })();
      options.onProgress?.(Math.min(done, total), total);
    };
    const notes = new Set<string>();
    await reader.read((record) => {
      batch.push(record);
      if (batch.length >= BATCH_SIZE) flush();
    }, notes);
    flush();
    report.notes = [...new Set([...report.notes, ...notes])];
    save(db, job.id, { state: "done", done: total, total, report, finishedAt: new Date() });
    // In the server, the scheduler reads the new due times now; the command line's posts wait for
    // the server's next look (at most a minute, docs/decisions/090-post-scheduler.md).
    if (writer.scheduled > 0) kickPostScheduler();
    notifySafely(db, {
      kind: "import-finished",
      message: `Import of ${job.fileName} finished: ${total} items read`,
      link: `/admin/tools/import?job=${job.uid}`,
    });
  } catch (error) {
    if (error instanceof Stopped) {
      // The process is stopping: the next start runs the job again.
      try {
        save(db, job.id, { state: "queued" });
      } catch {
        // The database is already closed: the job stays `running` and is resumed at start.
      }
      return job;
    }
    const message = error instanceof Error ? error.message : String(error);
    save(db, job.id, { state: "failed", error: message, report, finishedAt: new Date() });
    notifySafely(db, {
      kind: "import-finished",
      message: `Import of ${job.fileName} failed: ${message}`,
      link: `/admin/tools/import?job=${job.uid}`,
    });
  }
  return db.select().from(importJobs).where(eq(importJobs.id, job.id)).get() as ImportJob;
}

// ---------------------------------------------------------------------------
// The in-process runner

type Runner = { running: Promise<void> | null; stopped: boolean; log: (line: string) => void };

function runner(): Runner {
  return processSingleton<Runner>("imports", () => ({
    running: null,
    stopped: false,
    log: console.log,
  }));
}

/** The oldest job waiting its turn, if any. */
function nextQueued(db: Db): ImportJob | undefined {
  const queued = eq(importJobs.state, "queued");
  return db.select().from(importJobs).where(queued).orderBy(importJobs.id).get();
}

/** Marks a queued job running, in one conditional UPDATE: true for the one caller that did. */
function claimQueued(db: Db, id: number): boolean {
  const claimed = db
    .update(importJobs)
    .set({ state: "running", updatedAt: new Date() })
    .where(and(eq(importJobs.id, id), eq(importJobs.state, "queued")))
    .run();
  return claimed.changes === 1;
}

/** Starts the next queued job unless one is running. Resolves when the queue is empty. */
export function kickImports(db: Db = getDb()): Promise<void> {
  const r = runner();
  if (r.running || r.stopped) return r.running ?? Promise.resolve();
  r.running = (async () => {
    // Let the assignment below happen before a loop with nothing to do clears it.
    await Promise.resolve();
    try {
      for (;;) {
        if (r.stopped) return;
        const next = nextQueued(db);
        if (!next) return;
        // Taken only while still queued: a job another process took meanwhile is not run twice.
        if (!claimQueued(db, next.id)) continue;
        const done = await runImportJob(next, db);
        r.log(
          `Import ${done.uid} (${done.fileName}): ${done.state}${done.error ? `: ${done.error}` : ""}`,
        );
      }
    } finally {
      r.running = null;
    }
  })();
  return r.running;
}

/**
 * At start: a job a previous run left `running` (the process stopped mid-way)
 * is queued again, and the queue starts.
 */
export function startImportRunner(options: { log?: (line: string) => void; db?: Db } = {}) {
  const db = options.db ?? getDb();
  const r = runner();
  r.stopped = false;
  if (options.log) r.log = options.log;
  const interrupted = db
    .update(importJobs)
    .set({ state: "queued", updatedAt: new Date() })
    .where(eq(importJobs.state, "running"))
    .returning({ id: importJobs.id })
    .all();
  if (interrupted.length > 0) {
    r.log(`Resuming ${interrupted.length} import(s) a previous run left unfinished.`);
  }
  void kickImports(db);
}

/** Stops taking new jobs; resolves when the one in progress has finished its run. */
export function stopImportRunner(): Promise<void> | null {
  const r = runner();
  r.stopped = true;
  return r.running;
}

/** Makes a fresh folder for a job's files. */
export function newJobDir(): { uid: string; dir: string } {
  const uid = randomUUID();
  const dir = jobDir(uid);
  mkdirSync(dir, { recursive: true });
  return { uid, dir };
}

export type { ImportFormat };
