import { eq } from "drizzle-orm";
import { type Settings, settings } from "#db/schema";
import type { Db } from "~/db.server";

export const SETTINGS_ID = 1;

/** Creates the one settings row with its defaults when it is missing (idempotent). */
export function ensureSettings(db: Db, values: Partial<typeof settings.$inferInsert> = {}) {
  db.insert(settings)
    .values({ id: SETTINGS_ID, uid: crypto.randomUUID(), ...values })
    .onConflictDoNothing()
    .run();
}

export function getSettings(db: Db): Settings {
  const row = db.select().from(settings).where(eq(settings.id, SETTINGS_ID)).get();
  if (row) return row;
  ensureSettings(db);
  return db.select().from(settings).where(eq(settings.id, SETTINGS_ID)).get() as Settings;
}

/** What every page needs for its document head and header (no secrets). */
export type SiteInfo = {
  siteName: string;
  siteDescription: string;
  metaTags: string;
  logo: string;
  favicon: string;
};

export function getSiteInfo(db: Db): SiteInfo {
  const s = getSettings(db);
  return {
    siteName: s.siteName,
    siteDescription: s.siteDescription,
    metaTags: s.metaTags,
    logo: s.logo || "/logo.svg",
    favicon: s.favicon || "/favicon.svg",
  };
}
