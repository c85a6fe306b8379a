/**
 * A suppression list (addresses a previous mail provider found bouncing or
 * complaining), imported as CSV: every subscriber among them who is Active
 * or Inactive becomes Bounced, so no send reaches them until staff make them
 * Active again. An Unsubscribed reader stays so. Nothing else is changed.
 */
import { parse } from "csv-parse/sync";
import { inArray, sql } from "drizzle-orm";
import { subscribers } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { badRequest } from "~/domain/errors.server";
import { IMPORT_MAX_ROWS } from "~/domain/subscribers/csv.server";
import type { Db } from "~/platform/db.server";
import { emailField } from "~/utils/validation";

export type SuppressionReport = {
  /** Subscribers now Bounced. */
  suppressed: number;
  /** Already Bounced or Unsubscribed: unchanged. */
  unchanged: number;
  /** Addresses that are not subscribers. */
  unknown: number;
  /** Lines whose first cell (or `email` column) is not an address. */
  invalid: { row: number; value: string }[];
};

/**
 * Reads the CSV (an `email` column when a header names one, else the first
 * column; a header line without an address is skipped) and suppresses the
 * subscribers it lists. 400 for a file that is not CSV or has too many rows.
 */
export function importSuppressionCsv(
  db: Db,
  actor: SessionUser,
  content: Buffer | string,
): SuppressionReport {
  assertCan(actor, "manageMail");
  let rows: string[][];
  try {
    rows = parse(content, {
      bom: true,
      relax_column_count: true,
      skip_empty_lines: true,
      trim: true,
    }) as string[][];
  } catch (error) {
    throw badRequest(`The file is not valid CSV: ${(error as Error).message.slice(0, 200)}`);
  }
  if (rows.length > IMPORT_MAX_ROWS + 1) {
    throw badRequest(`A suppression list has at most ${IMPORT_MAX_ROWS} lines`);
  }
  const header = (rows[0] ?? []).map((c) => c.toLowerCase());
  const column = Math.max(0, header.indexOf("email"));
  const schema = emailField("Email is required");
  const emails = new Set<string>();
  const invalid: SuppressionReport["invalid"] = [];
  rows.forEach((cells, i) => {
    const value = cells[column] ?? "";
    const parsed = schema.safeParse(value);
    if (parsed.success) emails.add(parsed.data);
    else if (!(i === 0 && !value.includes("@"))) {
      invalid.push({ row: i + 1, value: value.slice(0, 100) });
    }
  });
  const list = [...emails];
  return db.transaction((tx) => {
    let suppressed = 0;
    let found = 0;
    for (let i = 0; i < list.length; i += 500) {
      const chunk = list.slice(i, i + 500);
      found +=
        tx
          .select({ n: sql<number>`count(*)` })
          .from(subscribers)
          .where(inArray(subscribers.email, chunk))
          .get()?.n ?? 0;
      suppressed += tx
        .update(subscribers)
        .set({ status: "Bounced", updatedAt: new Date() })
        .where(
          sql`${inArray(subscribers.email, chunk)} and ${subscribers.status} in ('Active', 'Inactive')`,
        )
        .run().changes;
    }
    return { suppressed, unchanged: found - suppressed, unknown: list.length - found, invalid };
  });
}
