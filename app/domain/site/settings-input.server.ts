/**
 * What the Settings form and the generic settings calls may send
 * (docs/behaviour.md §site Settings): every field's rule, the toggles, and
 * the reading of a posted form. settings.server.ts saves what passes.
 */
import { z } from "zod";
import { BackupScheduleSchema } from "~/domain/backups/schedule-input.server";
import { parseProviderList } from "~/domain/embeds/providers";
import { HANDLE_PATTERN } from "~/domain/federation/vocabulary";
import { DELETED_MEMBER_COMMENTS, MEMBERS_SIGNUP } from "~/domain/members/vocabulary";

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
export const HOME_FIELDS = [
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
  "embedsLoadWithoutAsking",
  // Webmention (docs/federation.md "Webmention").
  "sendWebmentions",
  // Fediverse (docs/federation.md "Following and blocking").
  "fediverseApproveFollows",
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
    embedProviders: z
      .string({ error: "Embed providers must be text" })
      .max(5000, "Embed providers are too long (5000 characters at most)")
      .superRefine((text, check) => {
        const first = parseProviderList(text).errors[0];
        if (first) check.addIssue({ code: "custom", message: `Embed providers: ${first}` });
      }),
    // Fediverse: the site actor's handle, the rule siteHandle() makes from a site name.
    fediverseHandle: z.preprocess(
      (v) => (typeof v === "string" ? v.trim().toLowerCase().replace(/^@/, "") : v),
      z
        .string({ error: "Fediverse handle must be text" })
        .refine(
          (v) => v === "" || HANDLE_PATTERN.test(v),
          "Fediverse handle: up to 30 of a–z, 0–9 and _ (empty: made from the site name)",
        ),
    ),
    // Settings → Backups: the backups area's own rules; the generic data calls echo them back.
    ...BackupScheduleSchema.shape,
    ...Object.fromEntries(SETTINGS_FLAGS.map((f) => [f, flag(f)])),
    // Members (docs/members.md "Settings").
    membersEnabled: flag("Reader accounts"),
    membersSignup: z.enum(MEMBERS_SIGNUP, {
      error: "Who may sign up must be anyone, subscribers or nobody",
    }),
    memberCommentsNeedApproval: flag("Members' comments need approval"),
    deletedMemberComments: z.enum(DELETED_MEMBER_COMMENTS, {
      error: "Deleted members' comments must be keep or remove",
    }),
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
  embedProviders: string;
  fediverseHandle: string;
  membersEnabled: boolean;
  membersSignup: (typeof MEMBERS_SIGNUP)[number];
  memberCommentsNeedApproval: boolean;
  deletedMemberComments: (typeof DELETED_MEMBER_COMMENTS)[number];
} & z.output<typeof BackupScheduleSchema> &
  Record<SettingsFlag, boolean> &
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
    "embedProviders",
    "fediverseHandle",
  ] as const) {
    if (key in fields) input[key] = fields[key];
  }
  for (const key of SETTINGS_FLAGS) input[key] = fields[key] === "on" || fields[key] === "true";
  // Members (docs/members.md "Settings").
  for (const key of ["membersEnabled", "memberCommentsNeedApproval"] as const) {
    input[key] = fields[key] === "on" || fields[key] === "true";
  }
  for (const key of ["membersSignup", "deletedMemberComments"] as const) {
    if (key in fields) input[key] = fields[key];
  }
  return input;
}
