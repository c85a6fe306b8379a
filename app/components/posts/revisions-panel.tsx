import { Form, Link } from "react-router";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { formatSiteDate } from "~/utils/site-date";

export type RevisionItem = {
  id: number;
  kind: "save" | "autosave";
  reason: string;
  note: string | null;
  userName: string;
  createdAt: number;
};

export type RevisionDiffView = {
  revision: RevisionItem;
  fields: {
    field: string;
    changed: boolean;
    parts: { value: string; added: boolean; removed: boolean }[];
  }[];
};

/**
 * Edit Post's Revisions (N) (docs/behaviour.md §workflow): who, when and why;
 * each opens a word-level diff against the current version (a link, so it
 * works without JavaScript) with a Restore button (a plain form).
 */
export function RevisionsPanel({
  postId,
  revisions,
  diff,
}: {
  postId: number;
  revisions: RevisionItem[];
  diff: RevisionDiffView | null;
}) {
  const base = `/admin/posts/edit/${postId}`;
  const timeZone = useSiteTimeZone();
  const when = (ms: number) => formatSiteDate(ms, timeZone);
  return (
    <section className="admin-panel revisions-panel" aria-labelledby="revisions-heading">
      <h2 id="revisions-heading">Revisions ({revisions.length})</h2>
      {diff ? (
        <div className="revision-diff" data-testid="revision-diff">
          <h3>
            Revision of {when(diff.revision.createdAt)} by {diff.revision.userName}:{" "}
            {diff.revision.reason}
          </h3>
          {diff.revision.note ? <p className="revision-note">Note: {diff.revision.note}</p> : null}
          <p className="diff-legend">
            <del>Struck through</del>: only in this revision. <ins>Underlined</ins>: only in the
            current version.
          </p>
          {diff.fields.filter((f) => f.changed).length === 0 ? (
            <p>Same as the current version.</p>
          ) : null}
          <dl>
            {diff.fields
              .filter((f) => f.changed)
              .map((f) => (
                <div key={f.field}>
                  <dt>{f.field}</dt>
                  <dd className="diff-text">
                    {f.parts.map((p, i) =>
                      p.removed ? (
                        <del key={i}>{p.value}</del>
                      ) : p.added ? (
                        <ins key={i}>{p.value}</ins>
                      ) : (
                        <span key={i}>{p.value}</span>
                      ),
                    )}
                  </dd>
                </div>
              ))}
          </dl>
          <div className="publish-row">
            <Form method="post" action={`${base}?restore=${diff.revision.id}`}>
              <button type="submit" className="button button-primary">
                Restore this revision
              </button>
            </Form>
            <Link to={base} className="button button-secondary">
              Close
            </Link>
          </div>
        </div>
      ) : null}
      {revisions.length === 0 ? (
        <p>No revisions yet.</p>
      ) : (
        <ol className="revisions-list">
          {revisions.map((r) => (
            <li key={r.id}>
              <Link to={`${base}?revision=${r.id}#revisions-heading`}>{when(r.createdAt)}</Link>{" "}
              {r.userName}: {r.kind === "autosave" ? "Autosave" : r.reason}
              {r.note ? <span className="revision-note"> (note: {r.note})</span> : null}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
