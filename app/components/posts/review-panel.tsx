import { Form } from "react-router";

/**
 * On a post in review, for Editors and Administrators (docs/behaviour.md
 * §workflow): Approve and publish, or Send back with a note for the author.
 * Schedule is in the Publish panel. Plain forms, so they work without JavaScript.
 */
export function ReviewPanel({ postId }: { postId: number }) {
  const base = `/admin/posts/edit/${postId}`;
  return (
    <section className="admin-panel review-panel" aria-labelledby="review-heading">
      <h2 id="review-heading">Review</h2>
      <p>
        This post waits for review. Approve it as it stands, schedule it in the Publish panel, or
        send it back with a note.
      </p>
      <Form method="post" action={`${base}?review=approve`}>
        <button type="submit" className="button button-primary">
          Approve and publish
        </button>
      </Form>
      <Form method="post" action={`${base}?review=send-back`} className="send-back-form">
        <label htmlFor="send-back-note">Note for the author</label>
        <textarea id="send-back-note" name="note" rows={3} maxLength={2000} required />
        <button type="submit" className="button button-secondary">
          Send back
        </button>
      </Form>
    </section>
  );
}

/** The author's view of a Send back note. */
export function SentBackNote({ note, by }: { note: string; by: string }) {
  return (
    <div className="admin-panel sent-back-note" role="note" aria-label="Sent back">
      <strong>Sent back by {by}:</strong> {note}
    </div>
  );
}
