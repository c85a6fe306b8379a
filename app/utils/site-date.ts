/**
 * Dates as the site shows them, in the site's time zone (Settings › Site
 * identity): the same text on the server and in the browser. Components get
 * the zone from `useSiteTimeZone()`, server code from `siteTimeZone(db)`.
 */
/** The product's one date style: English, day before month ("23 Nov 2026, 22:16 CET"). */
export const SITE_DATE_LOCALE = "en-GB";

/** What a date shows besides day and month. */
export type DateParts = { time?: boolean; year?: boolean; seconds?: boolean };

const formats = new Map<string, Intl.DateTimeFormat>();

function formatter(timeZone: string, parts: Required<DateParts>): Intl.DateTimeFormat {
  const key = `${timeZone}|${parts.time}|${parts.year}|${parts.seconds}`;
  let f = formats.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat(SITE_DATE_LOCALE, {
      day: "numeric",
      month: "short",
      ...(parts.year ? { year: "numeric" } : {}),
      ...(parts.time
        ? {
            hour: "2-digit",
            minute: "2-digit",
            ...(parts.seconds ? { second: "2-digit" } : {}),
            timeZoneName: "short",
          }
        : {}),
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

/**
 * "23 Nov 2026, 22:16 CET" (with the time, the default), "23 Nov 2026" (`time: false`), "23 Nov"
 * (`year: false` too), "23 Nov 2026, 22:16:05 CET" (`seconds: true`). Every date the product
 * shows goes through here.
 */
export function formatSiteDate(
  date: Date | string | number,
  timeZone: string,
  opts: DateParts = {},
): string {
  const instant = new Date(date);
  const zone = timeZone || "UTC";
  const parts = {
    time: opts.time !== false,
    year: opts.year !== false,
    seconds: opts.seconds === true,
  };
  const key = `${instant.getTime()}|${zone}|${parts.time}|${parts.year}|${parts.seconds}`;
  let text = texts.get(key);
  if (text === undefined) {
    text = formatter(zone, parts).format(instant);
    if (texts.size >= MAX_TEXTS) texts.clear();
    texts.set(key, text);
  }
  return text;
}
