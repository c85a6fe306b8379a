import { ConfirmDelete } from "~/components/admin/confirm-delete";

export type DeleteTarget = { id: number; title: string };

/**
 * "Delete «title» permanently?": the posts list's and Edit Post's confirm step
 * (a panel on `/admin/posts?confirm=ID` without JavaScript, a dialog with it).
 * Delete posts to the posts list's action, which deletes and redirects to `returnTo`.
 */
export function DeletePostConfirm({
  target,
  cancelHref,
  returnTo = "/admin/posts",
  onClose,
}: {
  target: DeleteTarget;
  cancelHref: string;
  returnTo?: string;
  onClose?: () => void;
}) {
  return (
    <ConfirmDelete
      id={`delete-post-${target.id}`}
      title={`Delete «${target.title}» permanently?`}
      action="/admin/posts"
      cancelTo={cancelHref}
      fields={{ intent: "delete", id: target.id, returnTo }}
      onClose={onClose}
    >
      This cannot be undone.
    </ConfirmDelete>
  );
}
