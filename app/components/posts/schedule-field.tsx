import { ScheduleButton, ScheduleTimeField } from "~/components/schedule-time";
import { formatScheduleTime } from "~/domain/workflow/schedule-time";

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
  return (
    <fieldset className="schedule-field">
      <legend>Schedule</legend>
      {status === "scheduled" && publishAt ? (
        <p data-testid="scheduled-for">
          Goes live at <strong>{formatScheduleTime(publishAt, timeZone)}</strong>. Save Draft
          unschedules it.
        </p>
      ) : null}
      <ScheduleTimeField
        name="publishAt"
        label="Publish at"
        at={typed ?? publishAt}
        timeZone={timeZone}
      />
      <ScheduleButton scheduled={status === "scheduled"} busy={busy} />
    </fieldset>
  );
}
