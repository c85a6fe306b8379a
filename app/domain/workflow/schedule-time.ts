/**
 * The one place a Schedule time is converted between the form's
 * `datetime-local` value (wall-clock time in the site's time zone) and an
 * instant (epoch ms). Browser-safe. The site's zone is UTC until Settings
 * has a time zone; callers pass `siteTimeZone` so only that changes then.
 */

/** The site's time zone for scheduling (UTC until Settings carries one). */
export const DEFAULT_SCHEDULE_TIME_ZONE = "UTC";

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2}))?$/;

/** The zone's offset from UTC (ms) at an instant. */
function zoneOffset(instant: number, timeZone: string): number {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(new Date(instant));
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value ?? 0);
  const asUtc = Date.UTC(
    get("year"),
    get("month") - 1,
    get("day"),
    get("hour"),
    get("minute"),
    get("second"),
  );
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/**
 * A `datetime-local` value (`2026-11-24T09:30`) in `timeZone` → epoch ms,
 * or undefined when it is not such a value.
 */
export function localInputToInstant(
  value: string,
  timeZone: string = DEFAULT_SCHEDULE_TIME_ZONE,
): number | undefined {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1).map((v) => Number(v ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59) {
    return undefined;
  }
  // The wall time minus the zone's offset, settled twice around offset changes.
  let instant = wall - zoneOffset(wall, timeZone);
  instant = wall - zoneOffset(instant, timeZone);
  return instant;
}

/** Epoch ms → the `datetime-local` value (minutes) in `timeZone`. */
export function instantToLocalInput(
  instant: number,
  timeZone: string = DEFAULT_SCHEDULE_TIME_ZONE,
): string {
  return new Date(instant + zoneOffset(instant, timeZone)).toISOString().slice(0, 16);
}

/** Epoch ms → "2026-11-24 09:30 UTC" for lists and the Publish panel. */
export function formatScheduleTime(
  instant: number,
  timeZone: string = DEFAULT_SCHEDULE_TIME_ZONE,
): string {
  return `${instantToLocalInput(instant, timeZone).replace("T", " ")} ${timeZone}`;
}
