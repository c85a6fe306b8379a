import { type ReactNode, useEffect, useRef } from "react";
import { Form, Link } from "react-router";

/**
 * The confirm step of every Delete in the back office (posts, categories,
 * tags, media, subscribers).
 *
 * Without JavaScript the row's Delete is a link (`?confirm=…` or `?delete=…`)
 * to the same screen, which shows this as a panel: its button posts the
 * delete, Cancel links back. With JavaScript the screen passes `onClose` and
 * the same question opens in a modal dialog, with the focus on Cancel (the
 * safe choice); Escape, Cancel and sending the delete close it.
 */
export function ConfirmDelete({
  title,
  children,
  action,
  cancelTo,
  fields,
  buttonLabel = "Delete",
  onClose,
  id = "confirm-delete-heading",
}: {
  /** The question, as the heading. */
  title: string;
  children: ReactNode;
  action: string;
  /** Where Cancel goes without JavaScript. */
  cancelTo: string;
  /** Hidden fields posted with the delete. */
  fields: Record<string, string | number>;
  buttonLabel?: string;
  /** With JavaScript: show a modal dialog, and call this when it closes. */
  onClose?: () => void;
  id?: string;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const cancel = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!onClose || !dialog.current || dialog.current.open) return;
    dialog.current.showModal();
    cancel.current?.focus();
  }, [onClose]);

  const body = (
    <>
      <h2 id={id}>{title}</h2>
      <p>{children}</p>
      <Form
        method="post"
        action={action}
        className="form-actions"
        onSubmit={onClose ? () => dialog.current?.close() : undefined}
      >
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button button-danger">
          {buttonLabel}
        </button>
        {onClose ? (
          <button
            type="button"
            className="button button-secondary"
            ref={cancel}
            onClick={() => dialog.current?.close()}
          >
            Cancel
          </button>
        ) : (
          <Link to={cancelTo} className="button button-secondary">
            Cancel
          </Link>
        )}
      </Form>
    </>
  );

  if (onClose) {
    return (
      <dialog ref={dialog} className="admin-dialog" aria-labelledby={id} onClose={onClose}>
        {body}
      </dialog>
    );
  }
  return (
    <section className="admin-panel confirm-panel" role="alertdialog" aria-labelledby={id}>
      {body}
    </section>
  );
}
