/**
 * What an import job has written, for the writers (./writer.server.ts): each
 * record's source id in `import_records` (a record found there is skipped,
 * "already imported", so a second import of the same file creates nothing
 * and a job cut off by a crash resumes by running again), and the report.
 */
import { and, eq } from "drizzle-orm";
import { importRecords } from "#db/schema";
import type { Db } from "~/platform/db.server";
import type { MediaFiles } from "./media-files.server";
import { type ImportOutcome, type ImportReport, REPORT_MAX_ENTRIES } from "./vocabulary";

export type WriterOptions = {
  source: string;
  jobId: number | null;
  report: ImportReport;
  media: MediaFiles;
  /** Who imports: the author of posts whose author is unknown. */
  actorId: number | null;
};

export class ImportLedger {
  constructor(
    readonly db: Db,
    readonly options: WriterOptions,
  ) {}

  get media() {
    return this.options.media;
  }

  note(outcome: ImportOutcome, kind: string, sourceId: string, title: string, reason?: string) {
    const { report } = this.options;
    report.counts[outcome][kind] = (report.counts[outcome][kind] ?? 0) + 1;
    if (report.entries.length < REPORT_MAX_ENTRIES) {
      report.entries.push({ outcome, kind, sourceId, title, ...(reason ? { reason } : {}) });
    }
  }

  known(kind: string, sourceId: string): { localId: number; jobId: number | null } | undefined {
    return this.db
      .select({ localId: importRecords.localId, jobId: importRecords.jobId })
      .from(importRecords)
      .where(
        and(
          eq(importRecords.source, this.options.source),
          eq(importRecords.kind, kind),
          eq(importRecords.sourceId, sourceId),
        ),
      )
      .get();
  }

  remember(kind: string, sourceId: string, localId: number) {
    this.db
      .insert(importRecords)
      .values({ source: this.options.source, kind, sourceId, localId, jobId: this.options.jobId })
      .onConflictDoUpdate({
        target: [importRecords.source, importRecords.kind, importRecords.sourceId],
        set: { localId },
      })
      .run();
  }

  /**
   * The local id of a record imported before, reported as skipped; a record
   * this job already wrote before a restart is not reported twice.
   */
  alreadyDone(kind: string, sourceId: string, title: string, what: string): number | null {
    const seen = this.known(kind, sourceId);
    if (!seen) return null;
    if (seen.jobId !== this.options.jobId || this.options.jobId === null) {
      this.note("skipped", kind, sourceId, title, `already imported (${what} ${seen.localId})`);
    }
    return seen.localId;
  }
}
