/**
 * Dates as the site shows them, in the site's time zone (Settings › Site
 * identity): the same text on the server and in the browser. Components get
 * the zone from `useSiteTimeZone()`, server code from `siteTimeZone(db)`.
 */
const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, withTime: boolean): Intl.DateTimeFormat {
  const key = `${timeZone}|${withTime}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat("en-GB", {
      day: "numeric",
      month: "short",
      year: "numeric",
      ...(withTime ? { hour: "2-digit", minute: "2-digit", timeZoneName: "short" } : {}),
      timeZone,
    });
    formats.set(key, f);
  }
  return f;
}

/** "23 Nov 2026, 22:16 CET" (with the time) or "23 Nov 2026". */
export function formatSiteDate(
  date: Date | string | number,
  timeZone: string,
  opts: { time?: boolean } = { time: true },
): string {
  return formatter(timeZone || "UTC", opts.time !== false).format(new Date(date));
}
