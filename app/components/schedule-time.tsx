import { instantToLocalInput } from "~/domain/workflow/schedule-time";

/**
 * A publish or send time (docs/behaviour.md §workflow): a plain `datetime-local` field in the
 * site's time zone, holding what a refused submission sent back, else the stored instant.
 */
export function ScheduleTimeField({
  id,
  name,
  label,
  at,
  typed,
  timeZone,
  required,
}: {
  id: string;
  name: string;
  label: string;
  at: number | null;
  typed: string | undefined;
  timeZone: string;
  required?: boolean;
}) {
  const value = typed ?? (at ? instantToLocalInput(at, timeZone) : "");
  return (
    <>
      <label htmlFor={id}>{`${label} (${timeZone})`}</label>
      <input
        id={id}
        type="datetime-local"
        name={name}
        step={1}
        required={required}
        defaultValue={value}
      />
    </>
  );
}

/** The Schedule button (Reschedule once a time is set). */
export function ScheduleButton({ scheduled, busy }: { scheduled: boolean; busy: boolean }) {
  return (
    <button
      type="submit"
      name="intent"
      value="schedule"
      className="button button-secondary"
      disabled={busy}
    >
      {scheduled ? "Reschedule" : "Schedule"}
    </button>
  );
}
