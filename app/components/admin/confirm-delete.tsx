import type { ReactNode } from "react";
import { Form, Link } from "react-router";

/**
 * The confirm step of a Delete that works without JavaScript: the row's
 * Delete is a link (`?delete=…`) to the same screen, which shows this panel;
 * its button posts the delete, Cancel links back.
 */
export function ConfirmDelete({
  title,
  children,
  action,
  cancelTo,
  fields,
  buttonLabel,
}: {
  title: string;
  children: ReactNode;
  action: string;
  cancelTo: string;
  /** Hidden fields posted with the delete. */
  fields: Record<string, string>;
  buttonLabel: string;
}) {
  return (
    <section className="admin-panel confirm-panel" aria-labelledby="confirm-delete-heading">
      <h2 id="confirm-delete-heading">{title}</h2>
      <p>{children}</p>
      <Form method="post" action={action} className="form-actions">
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <button type="submit" className="button button-danger">
          {buttonLabel}
        </button>
        <Link to={cancelTo}>Cancel</Link>
      </Form>
    </section>
  );
}
