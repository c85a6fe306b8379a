import { and, eq } from "drizzle-orm";
import { categories, type Role, type Settings, settings } from "#db/schema";
import { can } from "~/domain/access/capabilities";
import { recordAudit } from "~/domain/audit/audit.server";
import { badRequest, forbidden } from "~/domain/errors.server";
import {
  assertCurrentVersion,
  readVersion,
  versionConflict,
} from "~/domain/workflow/versions.server";
import { type Db, getDb, preparedOnce } from "~/platform/db.server";
import { writeMark } from "~/platform/write-mark.server";
import { HOME_FIELDS, isTimeZone, SettingsSchema, SOCIAL_FIELDS } from "./settings-input.server";

// The Settings screen reads the form through here (settings-input.server.ts holds the rules).
export { type SettingsFlag, settingsFromForm } from "./settings-input.server";

export const SETTINGS_ID = 1;

/** Creates the one settings row with its defaults when it is missing (idempotent). */
export function ensureSettings(db: Db, values: Partial<typeof settings.$inferInsert> = {}) {
  db.insert(settings)
    .values({ id: SETTINGS_ID, uid: crypto.randomUUID(), ...values })
    .onConflictDoNothing()
    .run();
}

/**
 * Every request reads the settings several times (the CSP's CDN origin, the
 * root loader's site info, the page's own loader), so the row is kept with
 * the connection's write mark (app/platform/write-mark.server.ts) and read
 * again only when the mark moves: a write from any code path or process is
 * seen by the next read. Inside a transaction the row is always read afresh.
 * The kept row is frozen: callers copy, never change it.
 */
type KeptSettings = { mark: string; row: Settings; site?: SiteInfo };
const keptByDb = new WeakMap<Db, KeptSettings | undefined>();
const settingsQuery = preparedOnce((db) =>
  db.select().from(settings).where(eq(settings.id, SETTINGS_ID)).prepare(),
);

/** The settings row and the site info made from it, kept while no write happened. */
function keptSettings(db: Db): { row: Settings; site?: SiteInfo } | undefined {
  const mark = writeMark(db);
  if (mark === undefined) {
    const row = db.select().from(settings).where(eq(settings.id, SETTINGS_ID)).get();
    return row ? { row } : undefined;
  }
  const kept = keptByDb.get(db);
  if (kept?.mark === mark) return kept;
  const row = settingsQuery(db).get();
  const fresh = row ? { mark, row: Object.freeze(row) } : undefined;
  keptByDb.set(db, fresh);
  return fresh;
}

export function getSettings(db: Db): Settings {
  const kept = keptSettings(db);
  if (kept) return kept.row;
  ensureSettings(db);
  return keptSettings(db)?.row as Settings;
}

/** What every page needs for its document head and header (no secrets). */
export type SiteInfo = {
  siteName: string;
  siteDescription: string;
  metaTags: string;
  logo: string;
  favicon: string;
  /** Settings › Enable CAPTCHA: the public forms show the challenge. */
  captcha: boolean;
  /** Settings › Enable Lazy Loading: images below the first screen get `loading="lazy"`. */
  lazyLoading: boolean;
  /** The CDN origin uploads and assets are referenced from; "" for this site. */
  cdnUrl: string;
  /** Site identity (Settings): empty contacts and profiles are not shown. */
  contacts: { editorial: string; business: string; media: string };
  postalAddress: string;
  /** The copyright holder, or the site name. */
  copyrightHolder: string;
  social: { network: string; url: string }[];
  timeZone: string;
};

export function getSiteInfo(db: Db): SiteInfo {
  const kept = keptSettings(db);
  if (kept?.site) return kept.site;
  const site = siteInfoOf(getSettings(db));
  if (kept && (db as Partial<Db>).$client?.inTransaction === false) {
    Object.freeze(site.contacts);
    for (const profile of site.social) Object.freeze(profile);
    Object.freeze(site.social);
    kept.site = Object.freeze(site);
  }
  return site;
}

function siteInfoOf(s: Settings): SiteInfo {
  return {
    siteName: s.siteName,
    siteDescription: s.siteDescription,
    metaTags: s.metaTags,
    logo: s.logo || "/logo.svg",
    favicon: s.favicon || "/favicon.svg",
    captcha: s.enableCaptcha,
    lazyLoading: s.enableLazyLoading,
    cdnUrl: activeCdn(s),
    contacts: { editorial: s.contactEditorial, business: s.contactBusiness, media: s.contactMedia },
    postalAddress: s.postalAddress,
    copyrightHolder: s.copyrightHolder || s.siteName,
    social: SOCIAL_FIELDS.filter(([f]) => s[f]).map(([f, network]) => ({ network, url: s[f] })),
    timeZone: zoneOrUtc(s.timeZone),
  };
}

/** The site's time zone (Settings › Site identity), for every date the site shows or mails. */
export function siteTimeZone(db: Db): string {
  return zoneOrUtc(getSettings(db).timeZone);
}

const zoneOrUtc = (zone: string) => (isTimeZone(zone) ? zone : "UTC");

/** The CDN origin in use: Use CDN ticked and an address given; else "". */
export function activeCdn(s: Pick<Settings, "useCdn" | "cdnUrl">): string {
  return s.useCdn && s.cdnUrl ? s.cdnUrl : "";
}

/**
 * Saves settings (Administrator only, docs/behaviour.md §access, §site). Bad input
 * is a 400 naming the field, and nothing is written. Returns the stored row.
 */
export function updateSettings(
  actor: { role: Role; id?: number; name?: string; address?: string },
  input: unknown,
  db: Db = getDb(),
): Settings {
  if (!can(actor.role, "manageSite")) throw forbidden("Only an Administrator can change settings");
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw badRequest("Settings must be an object");
  }
  // Fields the generic collection API may echo back; they are not settable. `version` is the one
  // the writer read: a newer stored one refuses the save (docs/behaviour.md §workflow).
  const {
    uid: _uid,
    id: _id,
    updatedAt: _updatedAt,
    updatedBy: _updatedBy,
    version: _version,
    ...rest
  } = input as Record<string, unknown>;
  const read = readVersion(input);
  const parsed = SettingsSchema.safeParse(rest);
  // Each message names its field, so it is shown as it is.
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid settings");
  // CSRF protection cannot be turned off (the form shows it as always on).
  const values = { ...parsed.data, enableCsrfProtection: true };
  for (const field of HOME_FIELDS.filter((f) => f.endsWith("CategoryId"))) {
    const id = values[field];
    if (
      typeof id === "number" &&
      !db.select({ id: categories.id }).from(categories).where(eq(categories.id, id)).get()
    ) {
      throw badRequest("Home section category must be an existing category");
    }
  }
  const current = getSettings(db);
  const timeZone = siteTimeZone(db);
  assertCurrentVersion(read, current, timeZone);
  const saved = db
    .update(settings)
    .set({
      ...values,
      updatedAt: new Date(),
      updatedBy: actor.name ?? null,
      version: current.version + 1,
    })
    .where(and(eq(settings.id, SETTINGS_ID), eq(settings.version, current.version)))
    .returning()
    .get() as Settings | undefined;
  // Another save got in between the read and this write.
  if (!saved) throw versionConflict(getSettings(db), timeZone);
  recordAudit(db, {
    action: "settings-saved",
    actor: actor.id === undefined ? null : { id: actor.id, name: actor.name ?? "" },
    targetType: "settings",
    summary: Object.keys(values).join(", ").slice(0, 300),
    address: actor.address,
  });
  return saved;
}
