/**
 * The time zone Schedule times are typed and shown in. UTC until Settings
 * carries a site time zone; then this reads it, and nothing else changes
 * (the conversion itself is ./schedule-time.ts).
 */
import { DEFAULT_SCHEDULE_TIME_ZONE } from "~/domain/workflow/schedule-time";

export function siteTimeZone(): string {
  return DEFAULT_SCHEDULE_TIME_ZONE;
}
