import { useEffect, useRef } from "react";
import { Form, Link } from "react-router";

export type DeleteTarget = { id: number; title: string };

/**
 * "Delete «title» permanently?" with Delete and Cancel: the posts list's
 * confirm step. Without JavaScript it is a panel on `/admin/posts?confirm=ID`
 * (Cancel is a link back); with it, the same form in a modal dialog. Delete
 * posts to the posts list's action, which deletes and reloads the list.
 */
export function DeletePostConfirm({
  target,
  cancelHref,
  returnTo = "/admin/posts",
  onClose,
}: {
  target: DeleteTarget;
  /** Where Cancel goes without JavaScript. */
  cancelHref: string;
  /** Where the list action redirects after deleting. */
  returnTo?: string;
  /** With JavaScript: the dialog closes on Cancel, Escape and once Delete is sent. */
  onClose?: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (onClose && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [onClose]);

  const body = (
    <>
      <h2 id={`delete-post-${target.id}`}>Delete «{target.title}» permanently?</h2>
      <p>This cannot be undone.</p>
      <Form method="post" action="/admin/posts" className="form-actions" onSubmit={onClose}>
        <input type="hidden" name="id" value={target.id} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" name="intent" value="delete" className="button button-danger">
          Delete
        </button>
        {onClose ? (
          <button type="button" className="button button-secondary" onClick={onClose}>
            Cancel
          </button>
        ) : (
          <Link to={cancelHref} className="button button-secondary">
            Cancel
          </Link>
        )}
      </Form>
    </>
  );

  if (onClose) {
    return (
      <dialog
        ref={dialog}
        className="admin-dialog"
        aria-labelledby={`delete-post-${target.id}`}
        onClose={onClose}
      >
        {body}
      </dialog>
    );
  }
  return (
    <section
      className="admin-panel confirm-panel"
      role="alertdialog"
      aria-labelledby={`delete-post-${target.id}`}
    >
      {body}
    </section>
  );
}
