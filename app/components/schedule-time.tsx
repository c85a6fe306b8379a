import { useId } from "react";
import { IntentButton } from "~/components/admin/intent-button";
import { instantToLocalInput } from "~/domain/workflow/schedule-time";

/**
 * A publish or send time (docs/behaviour.md §workflow): a plain `datetime-local` field in the
 * site's time zone. `at` is what a refused submission sent back (text), else the stored instant.
 */
export function ScheduleTimeField({
  name,
  label,
  at,
  timeZone,
  required,
}: {
  name: string;
  label: string;
  at: string | number | null;
  timeZone: string;
  required?: boolean;
}) {
  const id = useId();
  const value = typeof at === "string" ? at : at ? instantToLocalInput(at, timeZone) : "";
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
    <IntentButton intent="schedule" busy={busy}>
      {scheduled ? "Reschedule" : "Schedule"}
    </IntentButton>
  );
}
