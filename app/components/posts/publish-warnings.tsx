import { useEffect, useRef } from "react";
import { Link } from "react-router";

/**
 * What Publish found worth a second look (docs/behaviour.md §workflow): the list of warnings and
 * "Publish anyway". Its buttons belong to the post form (`form=`), so "Publish anyway" sends the
 * fields again with `confirmWarnings=yes`; it works without JavaScript.
 */
export function PublishWarnings({
  warnings,
  formId,
  busy,
  cancelHref,
  onCancel,
}: {
  warnings: string[];
  formId: string;
  busy: boolean;
  cancelHref: string;
  onCancel?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown in answer to the click: the question takes focus so it is read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section
      className="admin-panel confirm-panel publish-warnings"
      aria-labelledby="publish-warnings-heading"
    >
      <h2 id="publish-warnings-heading" ref={heading} tabIndex={-1}>
        Publish with {warnings.length === 1 ? "this warning" : "these warnings"}?
      </h2>
      <ul className="publish-warnings-list">
        {warnings.map((warning) => (
          <li key={warning}>{warning}</li>
        ))}
      </ul>
      <input type="hidden" name="confirmWarnings" value="yes" form={formId} />
      <div className="form-actions">
        <button
          type="submit"
          name="intent"
          value="publish"
          form={formId}
          className="button button-primary"
          disabled={busy}
        >
          Publish anyway
        </button>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Keep editing
          </button>
        ) : (
          <Link to={cancelHref} className="button button-secondary">
            Keep editing
          </Link>
        )}
      </div>
    </section>
  );
}
