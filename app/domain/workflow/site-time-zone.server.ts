/**
 * The time zone Schedule times are typed and shown in: the site's
 * (Settings › Site identity, UTC when unset). The conversion itself is
 * ./schedule-time.ts.
 */
import { siteTimeZone as settingsTimeZone } from "~/domain/site/settings.server";
import { type Db, getDb } from "~/platform/db.server";

export function siteTimeZone(db: Db = getDb()): string {
  return settingsTimeZone(db);
}
