import { Form } from "react-router";
import { ScheduleButton, ScheduleTimeField } from "~/components/schedule-time";
import { formatScheduleTime } from "~/domain/workflow/schedule-time";

/**
 * Send later on a newsletter's page (docs/behaviour.md §newsletters): a plain
 * `datetime-local` field in the site's time zone and Schedule (Reschedule), and
 * for a scheduled newsletter its time and Cancel schedule; works without JavaScript.
 */
export function SendLater({
  sendAt,
  typed,
  timeZone,
  busy,
}: {
  sendAt: number | null;
  /** What a refused submission sent back. */
  typed: string | undefined;
  timeZone: string;
  busy: boolean;
}) {
  return (
    <section className="admin-panel newsletter-send-later" aria-labelledby="send-later-title">
      <h2 id="send-later-title">Send later</h2>
      {sendAt ? (
        <p data-testid="newsletter-scheduled-for">
          Goes out at <strong>{formatScheduleTime(sendAt, timeZone)}</strong>. Until then you can
          change the time or cancel.
        </p>
      ) : null}
      <Form method="post" className="admin-form">
        <ScheduleTimeField
          name="sendAt"
          label="Send at"
          at={typed ?? sendAt}
          timeZone={timeZone}
          required
        />
        <div className="form-actions">
          <ScheduleButton scheduled={Boolean(sendAt)} busy={busy} />
          {sendAt ? (
            <button
              type="submit"
              name="intent"
              value="cancel-schedule"
              className="button"
              formNoValidate
              disabled={busy}
            >
              Cancel schedule
            </button>
          ) : null}
        </div>
      </Form>
    </section>
  );
}
