import { HeadRow, TableWrap } from "~/components/admin/table-wrap";
import {
  type ImportOutcome,
  type ImportReport,
  REPORT_MAX_ENTRIES,
  totalOf,
} from "~/domain/importing/vocabulary";

const OUTCOMES: readonly ImportOutcome[] = ["created", "updated", "skipped"];
const LABELS: Record<ImportOutcome, string> = {
  created: "Created",
  updated: "Updated",
  skipped: "Skipped",
};
/** Rows shown per outcome; the stored report keeps more. */
const SHOWN = 500;

/** An import's report: counts by kind, then every entry with its reason and source id. */
export function ImportReportView({ report }: { report: ImportReport }) {
  return (
    <section className="admin-panel import-report" aria-labelledby="report-title">
      <h2 id="report-title">Import report</h2>
      <p>{OUTCOMES.map((o) => `${totalOf(report, o)} ${o}`).join(", ")}.</p>
      <ul>
        {OUTCOMES.flatMap((o) =>
          Object.entries(report.counts[o]).map(([kind, n]) => (
            <li key={`${o}-${kind}`}>
              {LABELS[o]}: {n} {kind}
            </li>
          )),
        )}
      </ul>
      {report.notes.length > 0 ? (
        <>
          <h3>Notes</h3>
          <ul>
            {report.notes.map((note) => (
              <li key={note}>{note}</li>
            ))}
          </ul>
        </>
      ) : null}
      {OUTCOMES.map((o) => {
        const rows = report.entries.filter((e) => e.outcome === o);
        if (rows.length === 0) return null;
        return (
          <details key={o} open={o === "skipped"}>
            <summary>
              {LABELS[o]} ({totalOf(report, o)})
            </summary>
            <TableWrap label={`${LABELS[o]} items`}>
              <table className="admin-table">
                <caption>{LABELS[o]} items</caption>
                <HeadRow columns={["Kind", "Source id", "Title", "Reason"]} />
                <tbody>
                  {rows.slice(0, SHOWN).map((e) => (
                    <tr key={`${e.kind}:${e.sourceId}:${e.reason ?? ""}`}>
                      <td>{e.kind}</td>
                      <td>{e.sourceId}</td>
                      <td>{e.title}</td>
                      <td>{e.reason ?? ""}</td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </TableWrap>
            {rows.length > SHOWN || report.entries.length >= REPORT_MAX_ENTRIES ? (
              <p className="hint">The first {SHOWN} are listed.</p>
            ) : null}
          </details>
        );
      })}
    </section>
  );
}
