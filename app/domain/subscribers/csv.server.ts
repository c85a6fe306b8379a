/**
 * The Subscribers List's CSV export and import (staff with `manageMail`).
 *
 * Export streams the (filtered) list in keyset batches, so 100,000 rows never
 * sit in memory, with RFC 4180 quoting, a UTF-8 BOM for spreadsheets, and
 * cells that a spreadsheet would run as a formula (= + - @, tab, CR) prefixed
 * with an apostrophe.
 *
 * Import reads a CSV with a header row (name, email; optional status and
 * audience), checks every row, and writes the good ones in one transaction:
 * new addresses are added, known ones updated, and each refused row is
 * reported with its row number and the reason.
 */

import { CsvError } from "csv-parse";
import { parse } from "csv-parse/sync";
import { inArray } from "drizzle-orm";
import { subscribers } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { badRequest } from "~/domain/errors.server";
import { notify } from "~/domain/notifications/notify.server";
import {
  readSubscriberFilter,
  selectSubscribers,
  subscriberDocuments,
} from "~/domain/subscribers/staff.server";
import { newsletterJoinSchema } from "~/domain/subscribers/subscribers.server";
import {
  ADMIN_DEFAULT_AUDIENCES,
  AUDIENCES,
  type Audience,
  findAudience,
  inWords,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from "~/domain/subscribers/vocabulary";
import { type SubscriberWrite, writeSubscribers } from "~/domain/subscribers/writer.server";
import { type Db, getDb } from "~/platform/db.server";

// ---------------------------------------------------------------------------
// Export

export const CSV_HEADER = ["name", "email", "status", "audience", "subscribed"] as const;
const EXPORT_BATCH = 1000;

/**
 * One CSV cell: a value a spreadsheet would treat as a formula gets a leading
 * apostrophe (OWASP's advice), then the cell is quoted when it holds a quote,
 * comma, line break or edge space.
 */
export function csvCell(value: string): string {
  let v = value;
  if (/^[=+\-@\t\r]/.test(v)) v = `'${v}`;
  if (/[",\r\n]/.test(v) || /^\s|\s$/.test(v)) v = `"${v.replace(/"/g, '""')}"`;
  return v;
}

export const csvLine = (cells: readonly string[]) => `${cells.map(csvCell).join(",")}\r\n`;

/** `subscribers-2026-11-21.csv` */
export function exportFileName(now = new Date()) {
  return `subscribers-${now.toISOString().slice(0, 10)}.csv`;
}

/**
 * The filtered list (query `q`, `audience`) as a CSV stream, newest first,
 * read 1,000 rows at a time as the client takes them.
 */
export function exportSubscribersCsv(
  actor: SessionUser,
  params: URLSearchParams,
  db: Db = getDb(),
): ReadableStream<Uint8Array> {
  assertCan(actor, "manageMail");
  const filter = readSubscriberFilter(params);
  const encoder = new TextEncoder();
  let after: number | null = null;
  let started = false;
  return new ReadableStream<Uint8Array>({
    pull(controller) {
      let out = "";
      if (!started) {
        started = true;
        out += `\uFEFF${csvLine(CSV_HEADER)}`;
      }
      const rows = selectSubscribers(db, filter, { after: after ?? undefined }, EXPORT_BATCH);
      for (const s of subscriberDocuments(db, rows)) {
        out += csvLine([
          s.name,
          s.email,
          s.status,
          s.audience.join(";"),
          new Date(s.timestamp).toISOString(),
        ]);
      }
      if (out) controller.enqueue(encoder.encode(out));
      if (rows.length < EXPORT_BATCH) controller.close();
      else after = rows.at(-1)?.id ?? null;
    },
  });
}

// ---------------------------------------------------------------------------
// Import

/** A file of at most this many bytes and data rows is read; larger ones are refused whole. */
export const IMPORT_MAX_BYTES = 2 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;

export type ImportRow = { row: number; email: string };
export type RejectedRow = ImportRow & { reason: string };
export type ImportReport = {
  added: ImportRow[];
  updated: ImportRow[];
  rejected: RejectedRow[];
};

type GoodRow = {
  row: number;
  name: string;
  email: string;
  status: SubscriberStatus | null;
  audience: Audience[] | null;
};

/** Undoes the export's formula guard: `'=x` reads back as `=x`. */
const unguard = (v: string) => {
  const text = v.replace(/\r\n?/g, "\n");
  return /^'[=+\-@\t\r]/.test(text) ? text.slice(1) : text;
};

function parseAudience(cell: string): Audience[] | string {
  const parts = cell
    .split(/[;,|]/)
    .map((p) => p.trim())
    .filter(Boolean);
  const list: Audience[] = [];
  for (const part of parts) {
    const audience = findAudience(part);
    if (!audience) return `Unknown audience "${part}" (use ${inWords(AUDIENCES)})`;
    if (!list.includes(audience)) list.push(audience);
  }
  return list;
}

/** A row's values, or why it is refused. */
function checkRow(
  rawName: string,
  rawEmail: string,
  rawStatus: string,
  rawAudience: string,
): Omit<GoodRow, "row"> | string {
  // A spreadsheet cell's wrapped lines become one line: names are one line (other control characters are refused).
  const name = newsletterJoinSchema.shape.name.safeParse(rawName.replace(/\s*[\r\n]+\s*/g, " "));
  if (!name.success) return name.error.issues[0]?.message ?? "Invalid name";
  const email = newsletterJoinSchema.shape.email.safeParse(rawEmail);
  if (!email.success) return email.error.issues[0]?.message ?? "Invalid email";
  let status: SubscriberStatus | null = null;
  if (rawStatus) {
    status = SUBSCRIBER_STATUSES.find((s) => s.toLowerCase() === rawStatus.toLowerCase()) ?? null;
    if (!status) return `Unknown status "${rawStatus}" (use ${inWords(SUBSCRIBER_STATUSES)})`;
  }
  let audience: Audience[] | null = null;
  if (rawAudience) {
    const parsed = parseAudience(rawAudience);
    if (typeof parsed === "string") return parsed;
    audience = parsed;
  }
  return { name: name.data, email: email.data, status, audience };
}

/**
 * A record and its row number as a spreadsheet shows it (1 = the header): an
 * empty line is a row too, a cell over several lines is one row.
 */
type CsvRecord = { cells: string[]; row: number };

function readRecords(text: string): CsvRecord[] {
  let parsed: { record: string[]; raw: string }[];
  try {
    parsed = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: true,
      // A stray quote inside a cell (`=HYPERLINK("x")`, `Jo "JJ" Doe`) is
      // taken as text, so that row is checked and reported, not the whole file refused.
      relax_quotes: true,
      trim: true,
      raw: true,
      max_record_size: 64 * 1024,
      to: IMPORT_MAX_ROWS + 2,
    }) as unknown as { record: string[]; raw: string }[];
  } catch (error) {
    if (error instanceof CsvError) throw badRequest(`The file is not valid CSV: ${error.message}`);
    throw error;
  }
  let row = 0;
  return parsed.map(({ record, raw }) => {
    // The empty lines skipped before this record are in its raw text.
    row += (/^(?:[ \t]*\r?\n)*/.exec(raw)?.[0].match(/\n/g) ?? []).length + 1;
    return { cells: record, row };
  });
}

/**
 * Imports subscribers from CSV text. Columns by header (any order, any case):
 * `name` and `email` required, `status` and `audience` (separated by `;`)
 * optional. Ghost's member CSV and Substack's subscriber CSV import as they
 * are: the name may be missing (the address's local part stands in), and
 * `subscribed_to_emails=false` (Ghost) or `email_disabled=true` (Substack)
 * means Unsubscribed. A new address is added (Active, News unless the row says
 * otherwise); a known one gets the row's name, and its status and audiences
 * when those cells are filled. An Unsubscribed subscriber stays Unsubscribed:
 * only they can subscribe again. 400 (nothing written) for a file that is not
 * CSV, lacks the columns or has too many rows.
 */
export function importSubscribersCsv(
  actor: SessionUser,
  input: string | Buffer,
  db: Db = getDb(),
  now = new Date(),
): ImportReport {
  assertCan(actor, "manageMail");
  const bytes = typeof input === "string" ? Buffer.byteLength(input) : input.length;
  if (bytes > IMPORT_MAX_BYTES) throw badRequest("The file is larger than 2 MB");
  const text = typeof input === "string" ? input : input.toString("utf8");
  if (text.includes("\uFFFD")) throw badRequest("The file is not UTF-8 text");
  const records = readRecords(text);
  const [first, ...rows] = records;
  if (!first) throw badRequest("The file is empty");
  const header = first.cells;
  if (rows.length > IMPORT_MAX_ROWS) {
    throw badRequest(`The file has more than ${IMPORT_MAX_ROWS.toLocaleString("en")} rows`);
  }
  const columns = header.map((h) => h.toLowerCase().replace(/^\uFEFF/, ""));
  const col = (...names: string[]) => columns.findIndex((c) => names.includes(c));
  const nameAt = col("name");
  const emailAt = col("email", "e-mail", "email address");
  const statusAt = col("status");
  const audienceAt = col("audience", "audiences");
  // Ghost's member export and Substack's subscriber export: e-mail first, the name optional.
  const ghost = col("subscribed_to_emails", "subscribed");
  const substack = col("email_disabled");
  const foreign = emailAt >= 0 && (ghost >= 0 || substack >= 0 || col("active_subscription") >= 0);
  if ((nameAt < 0 && !foreign) || emailAt < 0) {
    throw badRequest(
      "The first row must name the columns: name, email (and optionally status, audience)",
    );
  }

  const report: ImportReport = { added: [], updated: [], rejected: [] };
  const good: GoodRow[] = [];
  const firstRowOf = new Map<string, number>();
  for (const { cells, row } of rows) {
    const cell = (at: number) => (at >= 0 ? unguard(cells[at] ?? "") : "");
    const email = cell(emailAt);
    let status = cell(statusAt);
    if (foreign && !status) {
      const off = (at: number, value: string) => at >= 0 && cell(at).toLowerCase() === value;
      status = off(ghost, "false") || off(substack, "true") ? "Unsubscribed" : "";
    }
    const name = cell(nameAt) || (foreign ? email.split("@")[0] : "");
    const checked = checkRow(name, email, status, cell(audienceAt));
    if (typeof checked === "string") {
      report.rejected.push({ row, email, reason: checked });
      continue;
    }
    const seen = firstRowOf.get(checked.email);
    if (seen) {
      report.rejected.push({ row, email, reason: `Duplicate of row ${seen}` });
      continue;
    }
    firstRowOf.set(checked.email, row);
    good.push({ row, ...checked });
  }

  db.transaction((tx) => {
    const t = tx as unknown as Db;
    const existing = new Map<string, { id: number; status: SubscriberStatus }>();
    for (let i = 0; i < good.length; i += 500) {
      const emails = good.slice(i, i + 500).map((g) => g.email);
      for (const s of t
        .select({ id: subscribers.id, email: subscribers.email, status: subscribers.status })
        .from(subscribers)
        .where(inArray(subscribers.email, emails))
        .all()) {
        existing.set(s.email, { id: s.id, status: s.status });
      }
    }
    const writes = good.map((g): SubscriberWrite => {
      const known = existing.get(g.email);
      if (!known) {
        report.added.push({ row: g.row, email: g.email });
        const audience = g.audience ?? ADMIN_DEFAULT_AUDIENCES;
        return { name: g.name, email: g.email, status: g.status ?? "Active", audience };
      }
      report.updated.push({ row: g.row, email: g.email });
      // Only the reader brings themselves back from Unsubscribed.
      const status = known.status === "Unsubscribed" ? "Unsubscribed" : (g.status ?? known.status);
      return { id: known.id, name: g.name, status, audience: g.audience };
    });
    writeSubscribers(t, writes, now);
  });
  notify(db, {
    kind: "import-finished",
    message: `${actor.name} imported subscribers: ${report.added.length} added, ${report.updated.length} updated, ${report.rejected.length} rejected`,
    link: "/admin/mail/subscribers-list",
  });
  return report;
}
