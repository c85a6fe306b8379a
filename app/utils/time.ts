/**
 * Relative time in the documented wording (docs/behaviour.md §reading): seconds, minutes, hours,
 * days (under 7), weeks (under 4), months (under 12), years.
 */
export function relativeTime(
  date: Date | string | number,
  now: Date | number = Date.now(),
): string {
  const then = new Date(date).getTime();
  const nowMs = typeof now === "number" ? now : now.getTime();
  const seconds = Math.max(0, Math.floor((nowMs - then) / 1000));
  const plural = (n: number, unit: string) => `${n} ${unit}${n === 1 ? "" : "s"} ago`;
  if (seconds < 60) return plural(seconds, "second");
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return plural(minutes, "minute");
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return plural(hours, "hour");
  const days = Math.floor(hours / 24);
  if (days < 7) return plural(days, "day");
  const weeks = Math.floor(days / 7);
  if (weeks < 4) return plural(weeks, "week");
  const months = Math.floor(days / 30);
  if (months < 12) return plural(Math.max(1, months), "month");
  // 360–364 days are 12 months by the month count but not yet a year by the
  // year count: call them "1 year ago" rather than "0 years ago".
  return plural(Math.max(1, Math.floor(days / 365)), "year");
}

/** Seconds → "Xm Ys" (docs/behaviour.md §data avgTime). */
export function formatDuration(totalSeconds: number): string {
  const s = Math.max(0, Math.round(totalSeconds));
  return `${Math.floor(s / 60)}m ${s % 60}s`;
}

/** "Xm Ys" (or a plain number of seconds) → seconds; undefined when unreadable. */
export function parseDuration(value: string | number): number | undefined {
  if (typeof value === "number") return Number.isFinite(value) && value >= 0 ? value : undefined;
  const m = value.trim().match(/^(?:(\d+)\s*m)?\s*(?:(\d+(?:\.\d+)?)\s*s)?$/i);
  if (m && (m[1] || m[2])) return Number(m[1] ?? 0) * 60 + Number(m[2] ?? 0);
  const n = Number(value);
  return value.trim() !== "" && Number.isFinite(n) && n >= 0 ? n : undefined;
}
