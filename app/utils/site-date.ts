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

// The same few hundred dates (the posts a page lists) are shown again on every
// render, and formatting one costs more than looking it up: the texts are kept,
// a bounded number, forgotten all at once when full.
const texts = new Map<string, string>();
const MAX_TEXTS = 5_000;

/** "23 Nov 2026, 22:16 CET" (with the time) or "23 Nov 2026". */
export function formatSiteDate(
  date: Date | string | number,
  timeZone: string,
  opts: { time?: boolean } = { time: true },
): string {
  const instant = new Date(date);
  const zone = timeZone || "UTC";
  const withTime = opts.time !== false;
  const key = `${instant.getTime()}|${zone}|${withTime}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = formatter(zone, withTime).format(instant);
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(key, text);
  }
  return text;
}
