/**
 * The import words, browser-safe: the Tools screens and db/schema.ts read them.
 * A report lists every source item once: created, updated or skipped, with a
 * reason and the source's own id.
 */
export const IMPORT_FORMATS = ["wordpress", "ghost", "inkwell"] as const;
export type ImportFormat = (typeof IMPORT_FORMATS)[number];

export const IMPORT_FORMAT_LABELS: Record<ImportFormat, string> = {
  wordpress: "WordPress (WXR)",
  ghost: "Ghost (JSON)",
  inkwell: "Inkwell archive",
};

export const IMPORT_STATES = ["queued", "running", "done", "failed"] as const;
export type ImportState = (typeof IMPORT_STATES)[number];

export type ImportOutcome = "created" | "updated" | "skipped";

export type ReportEntry = {
  outcome: ImportOutcome;
  /** post, category, tag, author, media, subscriber, page, comment… */
  kind: string;
  /** The source's id (a WordPress post id, a Ghost id, an e-mail). */
  sourceId: string;
  title: string;
  reason?: string;
};

export type ImportReport = {
  counts: Record<ImportOutcome, Record<string, number>>;
  entries: ReportEntry[];
  /** Notes about the whole file (shortcodes dropped, version read…). */
  notes: string[];
};

/** Entries kept in the stored report; counts always cover everything. */
export const REPORT_MAX_ENTRIES = 5000;

export function emptyReport(): ImportReport {
  return { counts: { created: {}, updated: {}, skipped: {} }, entries: [], notes: [] };
}

export function totalOf(report: ImportReport, outcome: ImportOutcome): number {
  return Object.values(report.counts[outcome]).reduce((a, b) => a + b, 0);
}
