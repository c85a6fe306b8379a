import { eq } from "drizzle-orm";
import { z } from "zod";
import { type Role, type Settings, settings } from "#db/schema";
import { can } from "~/domain/access/capabilities";
import { badRequest, forbidden } from "~/domain/errors.server";
import { type Db, getDb } from "~/platform/db.server";

export const SETTINGS_ID = 1;

/** Creates the one settings row with its defaults when it is missing (idempotent). */
export function ensureSettings(db: Db, values: Partial<typeof settings.$inferInsert> = {}) {
  db.insert(settings)
    .values({ id: SETTINGS_ID, uid: crypto.randomUUID(), ...values })
    .onConflictDoNothing()
    .run();
}

/**
 * Every page reads the settings, so the read is compiled once per connection.
 * It is not cached across requests: a write from any code path or process is
 * seen by the next read.
 */
const settingsReads = new WeakMap<Db, { get: () => Settings | undefined }>();

function readSettingsRow(db: Db): Settings | undefined {
  let read = settingsReads.get(db);
  if (!read) {
    read = db.select().from(settings).where(eq(settings.id, SETTINGS_ID)).prepare();
    settingsReads.set(db, read);
  }
  return read.get();
}

export function getSettings(db: Db): Settings {
  const row = readSettingsRow(db);
  if (row) return row;
  ensureSettings(db);
  return readSettingsRow(db) as Settings;
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
    commentDisallowedWords: z
      .string({ error: "Disallowed words must be text" })
      .max(10_000, "Disallowed words are too long (10,000 characters at most)"),
    commentsCloseAfterDays: z.coerce
      .number({ error: "Close comments after must be a number of days" })
      .int("Close comments after must be a whole number of days")
      .min(0, "Close comments after cannot be negative")
      .max(36_500, "Close comments after is too many days"),
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
  commentDisallowedWords: string;
  commentsCloseAfterDays: number;
} & Record<SettingsFlag, boolean>;

/** A posted Settings form → input for `updateSettings`: an absent checkbox is `false`. */
export function settingsFromForm(fields: Record<string, string>): Record<string, unknown> {
  const input: Record<string, unknown> = {};
  for (const key of [
    "siteName",
    "siteDescription",
    "metaTags",
    "defaultCategory",
    "maxImageSize",
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
export function updateSettings(actor: { role: Role }, input: unknown, db: Db = getDb()): Settings {
  if (!can(actor.role, "manageSite")) throw forbidden("Only an Administrator can change settings");
  if (input === null || typeof input !== "object" || Array.isArray(input)) {
    throw badRequest("Settings must be an object");
  }
  // Fields the generic collection API may echo back; they are not settable.
  const { uid: _uid, id: _id, updatedAt: _updatedAt, ...rest } = input as Record<string, unknown>;
  const parsed = SettingsSchema.safeParse(rest);
  // Each message names its field, so it is shown as it is.
  if (!parsed.success) throw badRequest(parsed.error.issues[0]?.message ?? "Invalid settings");
  const values = parsed.data;
  getSettings(db);
  return db
    .update(settings)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(settings.id, SETTINGS_ID))
    .returning()
    .get() as Settings;
}
