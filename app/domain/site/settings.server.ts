import { and, eq } from "drizzle-orm";
import { z } from "zod";
import { categories, type Role, type Settings, settings } from "#db/schema";
import { can } from "~/domain/access/capabilities";
import { recordAudit } from "~/domain/audit/audit.server";
import {
  BACKUP_KEEP_MAX,
  BACKUP_KEEP_MIN,
  BACKUP_SCHEDULES,
  type BackupSchedule,
} from "~/domain/backups/vocabulary";
import { badRequest, forbidden } from "~/domain/errors.server";
import {
  assertCurrentVersion,
  readVersion,
  versionConflict,
} from "~/domain/workflow/versions.server";
import { type Db, getDb, preparedOnce } from "~/platform/db.server";
import { writeMark } from "~/platform/write-mark.server";

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

// ---- Settings writes (docs/behaviour.md §site Settings) ----

const flag = (name: string) =>
  z.preprocess(
    (value) => {
      if (typeof value === "boolean") return value;
      if (value === "on" || value === "true" || value === "1" || value === 1) return true;
      if (value === "off" || value === "false" || value === "0" || value === 0 || value === "")
        return false;
      return value;
    },
    z.boolean({ error: `${name} must be true or false` }),
  );

const siteUrl = (label: string) =>
  z.preprocess(
    (value) => (value === "" ? null : value),
    z
      .string({ error: `${label} must be a URL` })
      .trim()
      .max(2048, `${label} URL is too long`)
      .regex(
        /^(\/(?![/\\])|https?:\/\/)/i,
        `${label} must be a path on this site or an http(s) address`,
      )
      .nullable(),
  );

/** The CDN address: an `https://` origin (no path), or empty for none. */
const cdnOrigin = z.preprocess(
  (value) => (typeof value === "string" ? value.trim().replace(/\/+$/, "") : value),
  z
    .string({ error: "CDN address must be text" })
    .max(200, "CDN address is too long")
    .refine(
      (value) =>
        value === "" ||
        (URL.canParse(value) &&
          new URL(value).protocol === "https:" &&
          new URL(value).origin === value),
      "CDN address must be an https:// origin such as https://cdn.example.com",
    ),
);

const contactEmail = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim().toLowerCase() : value),
    z
      .string({ error: `${label} must be text` })
      .max(254, `${label} is too long`)
      .refine(
        (v) => v === "" || z.email().safeParse(v).success,
        `${label} must be an email address`,
      ),
  );

const profileUrl = (label: string) =>
  z.preprocess(
    (value) => (typeof value === "string" ? value.trim() : value),
    z
      .string({ error: `${label} must be text` })
      .max(500, `${label} is too long`)
      .refine(
        (v) => v === "" || (URL.canParse(v) && /^https?:$/.test(new URL(v).protocol)),
        `${label} must be an http(s) address`,
      ),
  );

/**
 * The answers of isTimeZone: building an Intl.DateTimeFormat to ask costs
 * up to a millisecond, and every page asks about the site's zone. The zones
 * this server knows do not change while it runs; the map is bounded.
 */
const knownZones = new Map<string, boolean>();
const KNOWN_ZONES_MAX = 1000;

/** An IANA time zone name this server knows ("Europe/Berlin", "UTC"). */
export function isTimeZone(name: string): boolean {
  const known = knownZones.get(name);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat("en", { timeZone: name });
    valid = true;
  } catch {
    valid = false;
  }
  if (knownZones.size >= KNOWN_ZONES_MAX) knownZones.clear();
  knownZones.set(name, valid);
  return valid;
}

/** The social profiles, in the order the header shows them. */
export const SOCIAL_FIELDS = [
  ["socialX", "X"],
  ["socialFacebook", "Facebook"],
  ["socialInstagram", "Instagram"],
  ["socialLinkedin", "LinkedIn"],
  ["socialYoutube", "YouTube"],
  ["socialMastodon", "Mastodon"],
] as const;
type SocialField = (typeof SOCIAL_FIELDS)[number][0];

const IDENTITY_TEXT = [
  "contactEditorial",
  "contactBusiness",
  "contactMedia",
  "postalAddress",
  "copyrightHolder",
  "timeZone",
  ...SOCIAL_FIELDS.map(([f]) => f),
] as const;

const homeCategory = z.preprocess(
  (v) => (v === "" || v === undefined ? null : v),
  z.coerce
    .number({ error: "Home section category must be a category" })
    .int()
    .positive()
    .nullable(),
);
const homeCount = z.coerce
  .number({ error: "Posts per home section must be a number" })
  .int("Posts per home section must be a whole number")
  .min(1, "A home section shows at least 1 post")
  .max(24, "A home section shows 24 posts at most");
const HOME_FIELDS = [
  "homeFreshCategoryId",
  "homeSponsoredCategoryId",
  "homeNewslettersCategoryId",
  "homeCryptoCategoryId",
  "homeFreshCount",
  "homeSponsoredCount",
  "homeNewslettersCount",
  "homeCryptoCount",
] as const;

/** The toggles of the Settings screen, in the order it shows them. */
export const SETTINGS_FLAGS = [
  "enableCommentModeration",
  "enableSpamFilters",
  "autoApproveComments",
  "enableAdminAlerts",
  "enableUserNotifications",
  "enableEmailAlerts",
  "enableLazyLoading",
  "useCdn",
  "enableRateLimiting",
  "enableCsrfProtection",
  "enableCaptcha",
  "enable2FA",
  "confirmSubscribers",
  "sendWelcomeEmail",
] as const;
export type SettingsFlag = (typeof SETTINGS_FLAGS)[number];

/**
 * Every field of the settings record (docs/behaviour.md §data). All optional: a field left
 * out keeps its stored value (the form sends every field; checkboxes are
 * turned into explicit booleans by `settingsFromForm`).
 */
export const SettingsSchema = z
  .object({
    siteName: z
      .string({ error: "Site name must be text" })
      .trim()
      .min(1, "Site name is required")
      .max(100, "Site name is too long (100 characters at most)"),
    siteDescription: z.string().trim().max(300, "Site description is too long (300 at most)"),
    logo: siteUrl("Logo"),
    favicon: siteUrl("Favicon"),
    metaTags: z.string().trim().max(1000, "Meta tags are too long (1000 characters at most)"),
    defaultCategory: z.preprocess(
      (v) => (typeof v === "string" && v.trim() === "" ? "Freshly Pressed" : v),
      z.string().trim().max(100, "Default category is too long"),
    ),
    maxImageSize: z.coerce
      .number({ error: "Max image size must be a number" })
      .int("Max image size must be a whole number of MB")
      .min(1, "Max image size must be at least 1 MB")
      .max(1024, "Max image size must be 1024 MB at most"),
    welcomeSubject: z
      .string({ error: "Welcome e-mail subject must be text" })
      .trim()
      .min(1, "Welcome e-mail subject is required")
      .max(200, "Welcome e-mail subject is too long (200 characters at most)"),
    welcomeContent: z
      .string({ error: "Welcome e-mail content must be text" })
      .trim()
      .min(1, "Welcome e-mail content is required")
      .max(5000, "Welcome e-mail content is too long (5000 characters at most)"),
    cdnUrl: cdnOrigin,
    contactEditorial: contactEmail("Editorial contact address"),
    contactBusiness: contactEmail("Business contact address"),
    contactMedia: contactEmail("Media contact address"),
    postalAddress: z
      .string({ error: "Postal address must be text" })
      .trim()
      .max(300, "Postal address is too long (300 characters at most)"),
    copyrightHolder: z
      .string({ error: "Copyright holder must be text" })
      .trim()
      .max(100, "Copyright holder is too long (100 characters at most)"),
    timeZone: z
      .string({ error: "Time zone must be text" })
      .trim()
      .refine(isTimeZone, "Time zone must be an IANA name such as Europe/London or UTC"),
    ...Object.fromEntries(
      HOME_FIELDS.map((f) => [f, f.endsWith("CategoryId") ? homeCategory : homeCount]),
    ),
    ...Object.fromEntries(SOCIAL_FIELDS.map(([f, label]) => [f, profileUrl(`${label} profile`)])),
    commentDisallowedWords: z
      .string({ error: "Disallowed words must be text" })
      .max(10_000, "Disallowed words are too long (10,000 characters at most)"),
    commentsCloseAfterDays: z.coerce
      .number({ error: "Close comments after must be a number of days" })
      .int("Close comments after must be a whole number of days")
      .min(0, "Close comments after cannot be negative")
      .max(36_500, "Close comments after is too many days"),
    // Settings → Backups (app/domain/backups/schedule.server.ts); the generic data calls echo them back.
    backupSchedule: z.enum(BACKUP_SCHEDULES, { error: "Choose off, daily or hourly" }),
    backupKeep: z.coerce
      .number({ error: `Keep: a number from ${BACKUP_KEEP_MIN} to ${BACKUP_KEEP_MAX}` })
      .int(`Keep: a number from ${BACKUP_KEEP_MIN} to ${BACKUP_KEEP_MAX}`)
      .min(BACKUP_KEEP_MIN, `Keep: a number from ${BACKUP_KEEP_MIN} to ${BACKUP_KEEP_MAX}`)
      .max(BACKUP_KEEP_MAX, `Keep: a number from ${BACKUP_KEEP_MIN} to ${BACKUP_KEEP_MAX}`),
    ...Object.fromEntries(SETTINGS_FLAGS.map((f) => [f, flag(f)])),
  })
  .partial()
  .strict() as z.ZodType<Partial<SettingsInput>>;

export type SettingsInput = {
  siteName: string;
  siteDescription: string;
  logo: string | null;
  favicon: string | null;
  metaTags: string;
  defaultCategory: string;
  maxImageSize: number;
  welcomeSubject: string;
  welcomeContent: string;
  cdnUrl: string;
  contactEditorial: string;
  contactBusiness: string;
  contactMedia: string;
  postalAddress: string;
  copyrightHolder: string;
  timeZone: string;
  commentDisallowedWords: string;
  commentsCloseAfterDays: number;
  backupSchedule: BackupSchedule;
  backupKeep: number;
} & Record<SettingsFlag, boolean> &
  Record<SocialField, string> &
  Record<
    | "homeFreshCategoryId"
    | "homeSponsoredCategoryId"
    | "homeNewslettersCategoryId"
    | "homeCryptoCategoryId",
    number | null
  > &
  Record<
    "homeFreshCount" | "homeSponsoredCount" | "homeNewslettersCount" | "homeCryptoCount",
    number
  >;

/** A posted Settings form → input for `updateSettings`: an absent checkbox is `false`. */
export function settingsFromForm(fields: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of [
    "siteName",
    "siteDescription",
    "metaTags",
    "defaultCategory",
    "maxImageSize",
    "welcomeSubject",
    "welcomeContent",
    "cdnUrl",
    ...IDENTITY_TEXT,
    ...HOME_FIELDS,
    "commentDisallowedWords",
    "commentsCloseAfterDays",
  ] as const) {
    if (key in fields) input[key] = fields[key];
  }
  for (const key of SETTINGS_FLAGS) input[key] = fields[key] === "on" || fields[key] === "true";
  return input;
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
