import { useEffect, useRef } from "react";
import { Link } from "react-router";

/**
 * The question before Save Draft takes a published post off the site. Its
 * buttons belong to the post form (`form=`), so "Save as draft" sends the
 * fields again with `confirmUnpublish=yes`; it works without JavaScript.
 */
export function UnpublishConfirm({
  formId,
  busy,
  cancelHref,
  onCancel,
}: {
  formId: string;
  busy: boolean;
  cancelHref: string;
  onCancel?: () => void;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Shown in answer to the click: the question takes focus so it is read out.
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className="admin-panel confirm-panel" aria-labelledby="unpublish-heading">
      <h2 id="unpublish-heading" ref={heading} tabIndex={-1}>
        Take this post off the site?
      </h2>
      <p>
        This takes the post off the site: it becomes a draft and readers following its link get
        "Page not found" until it is published again.
      </p>
      <input type="hidden" name="confirmUnpublish" value="yes" form={formId} />
      <div className="form-actions">
        <button
          type="submit"
          name="intent"
          value="draft"
          form={formId}
          className="button button-danger"
          disabled={busy}
        >
          Save as draft (unpublish)
        </button>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            Keep it published
          </button>
        ) : (
          <Link to={cancelHref} className="button button-secondary">
            Keep it published
          </Link>
        )}
      </div>
    </section>
  );
}
