/**
 * The one place a Schedule time is converted between wall-clock time in the
 * site's time zone (Settings › Site identity; the form's `datetime-local`
 * value, or an ISO time without an offset from the JSON calls) and an instant
 * (epoch ms). Browser-safe: callers pass the zone (`siteTimeZone(db)`).
 *
 * Around a daylight-saving change (docs/behaviour.md §workflow): a wall time
 * that happens twice (clocks go back) is the earlier of the two; a wall time
 * that never happens (clocks go forward) moves forward by the gap, so
 * 02:30 on a spring-forward night in New York is 03:30 daylight time.
 */

/** The zone used when none is given (and the site's until Settings names one). */
export const DEFAULT_SCHEDULE_TIME_ZONE = "UTC";

const LOCAL_INPUT = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:\.\d{1,3})?)?$/;
const DAY_MS = 86_400_000;

/** True for a wall-clock time without an offset (`2026-11-24T09:30`, seconds optional). */
export function isLocalInput(value: string): boolean {
  return LOCAL_INPUT.test(value.trim());
}

const formats = new Map<string, Intl.DateTimeFormat>();

/** The zone's offset from UTC (ms) at an instant. */
function zoneOffset(instant: number, timeZone: string): number {
  let format = formats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formats.set(timeZone, format);
  }
  const parts = format.formatToParts(new Date(instant));
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
 * A wall-clock time (`2026-11-24T09:30`) in `timeZone` → epoch ms, or
 * undefined when it is not such a value or not a real date.
 */
export function localInputToInstant(
  value: string,
  timeZone: string = DEFAULT_SCHEDULE_TIME_ZONE,
): number | undefined {
  const m = LOCAL_INPUT.exec(value.trim());
  if (!m) return undefined;
  const [y, mo, d, h, mi, s] = m.slice(1, 7).map((v) => Number(v ?? 0));
  const wall = Date.UTC(y, mo - 1, d, h, mi, s);
  const check = new Date(wall);
  if (check.getUTCMonth() !== mo - 1 || check.getUTCDate() !== d || h > 23 || mi > 59 || s > 59) {
    return undefined;
  }
  // The offsets a day either side bracket any change of offset at this wall time.
  const before = zoneOffset(wall - DAY_MS, timeZone);
  const after = zoneOffset(wall + DAY_MS, timeZone);
  const candidates = [wall - before, wall - after].filter(
    (instant) => instant + zoneOffset(instant, timeZone) === wall,
  );
  // Twice (clocks went back): the earlier. Once: that one. Never (clocks went
  // forward): read with the offset in force before the change, i.e. later by the gap.
  return candidates.length > 0 ? Math.min(...candidates) : wall - before;
}

/** Epoch ms → the `datetime-local` value (minutes) in `timeZone`. */
export function instantToLocalInput(
  instant: number,
  timeZone: string = DEFAULT_SCHEDULE_TIME_ZONE,
): string {
  return new Date(instant + zoneOffset(instant, timeZone)).toISOString().slice(0, 16);
}

/**
 * A schedule time as the forms and JSON calls send it → epoch ms: epoch ms
 * (number or digits) as they are; a wall time without an offset in
 * `timeZone`; an ISO time with an offset or `Z` as it says. Undefined for
 * anything else.
 */
export function scheduleInstant(
  value: number | string,
  timeZone: string = DEFAULT_SCHEDULE_TIME_ZONE,
): number | undefined {
  if (typeof value === "number") return Number.isSafeInteger(value) ? value : undefined;
  const text = value.trim();
  if (/^\d+$/.test(text)) return scheduleInstant(Number(text), timeZone);
  if (isLocalInput(text)) return localInputToInstant(text, timeZone);
  const ms = new Date(text).getTime();
  return Number.isSafeInteger(ms) ? ms : undefined;
}

/** Epoch ms → "2026-11-24 09:30 Europe/Paris": the wall time with the zone named. */
export function formatScheduleTime(
  instant: number,
  timeZone: string = DEFAULT_SCHEDULE_TIME_ZONE,
): string {
  return `${instantToLocalInput(instant, timeZone).replace("T", " ")} ${timeZone}`;
}
