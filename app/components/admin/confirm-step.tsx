import { type ReactNode, useEffect, useRef } from "react";
import { Link } from "react-router";

/** Where a confirm step sits: the form its buttons belong to, and how "cancel" goes back. */
export type ConfirmPlacement = {
  formId: string;
  busy: boolean;
  cancelHref: string;
  onCancel?: () => void;
};

/**
 * A question the post form asks before it does what was pressed (take a post off the site,
 * publish with warnings). Its buttons belong to the form (`form=`), so confirming sends the
 * fields again with `confirm` set; without JavaScript "cancel" is a link, with it a button.
 * The heading takes focus when shown, so the question is read out.
 */
export function ConfirmStep({
  id,
  title,
  children,
  confirm,
  cancelLabel,
  formId,
  busy,
  cancelHref,
  onCancel,
  className = "",
}: ConfirmPlacement & {
  id: string;
  title: string;
  children: ReactNode;
  /** The hidden field that says "confirmed", and the button that sends the form again. */
  confirm: { field: string; intent: string; label: string; look: "primary" | "danger" };
  cancelLabel: string;
  className?: string;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <section className={`admin-panel confirm-panel ${className}`.trim()} aria-labelledby={id}>
      <h2 id={id} ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {children}
      <input type="hidden" name={confirm.field} value="yes" form={formId} />
      <div className="form-actions">
        <button
          type="submit"
          name="intent"
          value={confirm.intent}
          form={formId}
          className={`button button-${confirm.look}`}
          disabled={busy}
        >
          {confirm.label}
        </button>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
            {cancelLabel}
          </button>
        ) : (
          <Link to={cancelHref} className="button button-secondary">
            {cancelLabel}
          </Link>
        )}
      </div>
    </section>
  );
}
