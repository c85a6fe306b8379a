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
  onCancel,
}: {
  target: DeleteTarget;
  /** Where Cancel goes without JavaScript. */
  cancelHref: string;
  /** Where the list action redirects after deleting. */
  returnTo?: string;
  /** With JavaScript: Cancel closes the dialog. */
  onCancel?: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  useEffect(() => {
    if (onCancel && dialog.current && !dialog.current.open) dialog.current.showModal();
  }, [onCancel]);

  const body = (
    <>
      <h2 id={`delete-post-${target.id}`}>Delete «{target.title}» permanently?</h2>
      <p>This cannot be undone.</p>
      <Form method="post" action="/admin/posts" className="form-actions">
        <input type="hidden" name="id" value={target.id} />
        <input type="hidden" name="returnTo" value={returnTo} />
        <button type="submit" name="intent" value="delete" className="button button-danger">
          Delete
        </button>
        {onCancel ? (
          <button type="button" className="button button-secondary" onClick={onCancel}>
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

  if (onCancel) {
    return (
      <dialog
        ref={dialog}
        className="admin-dialog"
        aria-labelledby={`delete-post-${target.id}`}
        onClose={onCancel}
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
