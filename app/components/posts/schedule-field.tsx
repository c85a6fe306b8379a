import { formatScheduleTime, instantToLocalInput } from "~/domain/workflow/schedule-time";

/**
 * The Publish panel's Schedule (docs/behaviour.md §workflow): a plain
 * `datetime-local` field in the site's time zone and a Schedule button, so it
 * works without JavaScript. A scheduled post shows its time; Save Draft
 * unschedules it.
 */
export function ScheduleField({
  status,
  publishAt,
  typed,
  timeZone,
  busy,
}: {
  status: string;
  publishAt: number | null;
  /** What a refused submission sent back. */
  typed: string | undefined;
  timeZone: string;
  busy: boolean;
}) {
  const value = typed ?? (publishAt ? instantToLocalInput(publishAt, timeZone) : "");
  return (
    <fieldset className="schedule-field">
      <legend>Schedule</legend>
      {status === "scheduled" && publishAt ? (
        <p data-testid="scheduled-for">
          Goes live at <strong>{formatScheduleTime(publishAt, timeZone)}</strong>. Save Draft
          unschedules it.
        </p>
      ) : null}
      <label htmlFor="post-publish-at">Publish at ({timeZone})</label>
      <input
        id="post-publish-at"
        type="datetime-local"
        name="publishAt"
        step={1}
        defaultValue={value}
      />
      <button
        type="submit"
        name="intent"
        value="schedule"
        className="button button-secondary"
        disabled={busy}
      >
        {status === "scheduled" ? "Reschedule" : "Schedule"}
      </button>
    </fieldset>
  );
}
