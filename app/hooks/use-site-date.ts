import { isFirstHydration } from "~/hooks/use-hydrated";
import { useSiteTimeZone } from "~/hooks/use-site-options";
import { type DateParts, formatSiteDate } from "~/utils/site-date";

/**
 * A date as the site shows it (`formatSiteDate` in the site's time zone), or
 * undefined during the browser's first hydration: the server's HTML already
 * holds the text, and the browser's first `Intl.DateTimeFormat` costs about
 * 40 ms (160 ms on a mid-range phone) before the page answers. The element
 * showing it must carry `suppressHydrationWarning`, so React keeps the
 * server's text (docs/decisions/281-dates-not-formatted-while-hydrating.md).
 */
export function useSiteDate(date: Date | string | number, parts?: DateParts): string | undefined {
  const timeZone = useSiteTimeZone();
  return isFirstHydration() ? undefined : formatSiteDate(date, timeZone, parts);
}
