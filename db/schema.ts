/**
 * The whole data model of docs/behaviour.md §data in one file. Times are stored as epoch
 * milliseconds (Drizzle's `timestamp_ms` mode gives Date objects in code).
 *
 * Ids: posts, categories, tags and subscribers carry the documented numeric `id`,
 * handed out by the per-collection `counters` table (docs/api.md `POST /get/nextid`);
 * every record also has a `uid` (random UUID) used by the generic CRUD calls.
 */
import { sql } from "drizzle-orm";
import {
  type AnySQLiteColumn,
  check,
  index,
  integer,
  primaryKey,
  real,
  sqliteTable,
  text,
  uniqueIndex,
} from "drizzle-orm/sqlite-core";
import { BACKUP_SCHEDULES } from "~/domain/backups/vocabulary";
import { CONTRIBUTOR_ROLES } from "~/domain/bylines/vocabulary";
import { COMMENT_STATUSES } from "~/domain/comments/vocabulary";
import { IMPORT_FORMATS, IMPORT_STATES, type ImportReport } from "~/domain/importing/vocabulary";
import {
  DELIVERY_STATUSES,
  NEWSLETTER_AUDIENCES,
  NEWSLETTER_STATUSES,
} from "~/domain/newsletters/vocabulary";
import { PAGE_NAVS, PAGE_STATUSES } from "~/domain/pages/vocabulary";
import { AUDIENCES, SUBSCRIBER_STATUSES } from "~/domain/subscribers/vocabulary";

export const ROLES = ["Administrator", "Editor", "Author", "Contributor", "Subscriber"] as const;
export type Role = (typeof ROLES)[number];

// The posts vocabulary lives with the posts, browser-safe; a relative path, as
// drizzle-kit loads this file without the app's import aliases.
import { POST_STATUSES, type PostStatus } from "../app/domain/posts/statuses";
import { REVISION_KINDS } from "../app/domain/workflow/vocabulary";

export {
  DELIVERY_STATUSES,
  NEWSLETTER_AUDIENCES,
  NEWSLETTER_STATUSES,
  type NewsletterAudience,
} from "~/domain/newsletters/vocabulary";
// The subscribers' and newsletters' words live with their areas, where the
// browser can read them too; re-exported here for the model's readers.
export {
  AUDIENCES,
  type Audience,
  SUBSCRIBER_STATUSES,
  type SubscriberStatus,
} from "~/domain/subscribers/vocabulary";
export { POST_STATUSES, type PostStatus };

/** The collections that have a numeric id from `counters` (docs/api.md nextid). */
export const COUNTED_COLLECTIONS = ["posts", "categories", "tags", "subscribers"] as const;
export type CountedCollection = (typeof COUNTED_COLLECTIONS)[number];

export type SocialCard = { name: string; description: string; image: string; blur: number };

const createdAt = () =>
  integer("created_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const counters = sqliteTable("counters", {
  collection: text("collection", { enum: COUNTED_COLLECTIONS }).primaryKey(),
  /** The id the next record of this collection gets. */
  nextId: integer("next_id").notNull().default(1),
});

export const users = sqliteTable(
  "users",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uid: text("uid").notNull(),
    name: text("name").notNull(),
    /** Stored lowercased and trimmed; unique. */
    email: text("email").notNull(),
    role: text("role", { enum: ROLES }).notNull().default("Subscriber"),
    /** scrypt$N$r$p$salt$hash, never returned by any endpoint. */
    passwordHash: text("password_hash").notNull(),
    /** The API key, encrypted (app/domain/accounts/secrets.server.ts). */
    apiKey: text("api_key").notNull(),
    /** HMAC of the API key, what a call's `key` is looked up by; null until sealed. */
    apiKeyHash: text("api_key_hash"),
    photo: text("photo"),
    /** Set while the account is deactivated: it cannot sign in (docs/behaviour.md §users). */
    deactivatedAt: integer("deactivated_at", { mode: "timestamp_ms" }),
    /** The TOTP secret, encrypted (app/domain/accounts/secrets.server.ts); never returned. */
    totpSecret: text("totp_secret"),
    /** When two-factor sign-in was turned on; null while it is off. */
    totpEnabledAt: integer("totp_enabled_at", { mode: "timestamp_ms" }),
    /** The author page's address `/author/{slug}`: from the name, unique (docs/behaviour.md §users). */
    slug: text("slug"),
    /** A few lines shown on the author page. */
    bio: text("bio").notNull().default(""),
    createdAt: createdAt(),
    /** Last change to the profile. */
    timestamp: integer("timestamp", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** Every write adds one; a save that read an older version is refused (docs/behaviour.md §workflow). */
    version: integer("version").notNull().default(1),
    /** The last write through the back office or the API: when, and who (their name). */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    updatedBy: text("updated_by"),
  },
  (t) => [
    uniqueIndex("users_uid_idx").on(t.uid),
    uniqueIndex("users_email_idx").on(t.email),
    uniqueIndex("users_api_key_idx").on(t.apiKey),
    uniqueIndex("users_api_key_hash_idx").on(t.apiKeyHash),
    uniqueIndex("users_slug_idx").on(t.slug),
    index("users_role_created_idx").on(t.role, t.createdAt),
    index("users_name_idx").on(t.name),
  ],
);

export const categories = sqliteTable(
  "categories",
  {
    id: integer("id").primaryKey(),
    uid: text("uid").notNull(),
    name: text("name").notNull(),
    /** URL form: lowercase, spaces to hyphens (docs/behaviour.md §taxonomy): `freshly-pressed`. */
    slug: text("slug").notNull(),
    /** API key form: lowercase, spaces and hyphens to underscores (docs/api.md): `freshly_pressed`. */
    key: text("key").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
    /** Every write adds one; a save that read an older version is refused (docs/behaviour.md §workflow). */
    version: integer("version").notNull().default(1),
    /** The last write through the back office or the API: when, and who (their name). */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    updatedBy: text("updated_by"),
  },
  (t) => [
    uniqueIndex("categories_uid_idx").on(t.uid),
    uniqueIndex("categories_slug_idx").on(t.slug),
    uniqueIndex("categories_key_idx").on(t.key),
    uniqueIndex("categories_name_idx").on(t.name),
  ],
);

export const tags = sqliteTable(
  "tags",
  {
    id: integer("id").primaryKey(),
    uid: text("uid").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    /** The documented `tag` field: the API key form (`interest_rates`) used by `/get/posts/by-tag/{tag}`. */
    tag: text("tag").notNull(),
    description: text("description").notNull().default(""),
    createdAt: createdAt(),
    /** Every write adds one; a save that read an older version is refused (docs/behaviour.md §workflow). */
    version: integer("version").notNull().default(1),
    /** The last write through the back office or the API: when, and who (their name). */
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    updatedBy: text("updated_by"),
  },
  (t) => [
    uniqueIndex("tags_uid_idx").on(t.uid),
    uniqueIndex("tags_slug_idx").on(t.slug),
    uniqueIndex("tags_tag_idx").on(t.tag),
    uniqueIndex("tags_name_idx").on(t.name),
  ],
);

export const posts = sqliteTable(
  "posts",
  {
    id: integer("id").primaryKey(),
    uid: text("uid").notNull(),
    status: text("status", { enum: POST_STATUSES }).notNull().default("draft"),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    /** Canonical path `/{id}/{category-slug}/{slug}` (docs/behaviour.md §posts). */
    url: text("url").notNull(),
    summary: text("summary").notNull().default(""),
    /** Sanitized HTML. */
    content: text("content").notNull().default(""),
    categoryId: integer("category_id").references(() => categories.id, { onDelete: "set null" }),
    photo: text("photo"),
    socialCard: text("social_card", { mode: "json" }).$type<SocialCard | null>(),
    views: integer("views").notNull().default(0),
    likes: integer("likes").notNull().default(0),
    shares: integer("shares").notNull().default(0),
    /** Average time on page in seconds; the API shows it as "Xm Ys". */
    avgTimeSeconds: integer("avg_time_seconds").notNull().default(0),
    /** 0–100. */
    bounceRate: real("bounce_rate").notNull().default(0),
    /** Publication (or last status change) time; lists sort on it, newest first. */
    timestamp: integer("timestamp", { mode: "timestamp_ms" }).notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    /** The author's name, kept when their account is deleted (shown instead of them). */
    keptAuthorName: text("kept_author_name"),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** When a `scheduled` post goes live (docs/behaviour.md §workflow); NULL otherwise. */
    publishAt: integer("publish_at", { mode: "timestamp_ms" }),
    /** Every write adds one; a save that read an older version is refused. */
    version: integer("version").notNull().default(1),
    /** Readers may not comment on this post (docs/behaviour.md §comments). */
    commentsClosed: integer("comments_closed", { mode: "boolean" }).notNull().default(false),
    /** Who may read the body: "public" or "members" (docs/members.md "Members-only posts"). */
    visibility: text("visibility", { enum: ["public", "members"] })
      .notNull()
      .default("public"),
  },
  (t) => [
    uniqueIndex("posts_uid_idx").on(t.uid),
    index("posts_status_publish_at_idx").on(t.status, t.publishAt),
    index("posts_category_status_time_idx").on(t.categoryId, t.status, t.timestamp),
    index("posts_status_time_idx").on(t.status, t.timestamp),
    // The admin list's "All" tab (every status but trash), newest first, on the index alone:
    // the id in the index gives the list's (timestamp, id) order without a sort.
    index("posts_time_id_status_idx").on(t.timestamp, t.id, t.status),
    // A post's status without reading its row (a tag's published posts are counted on it).
    index("posts_id_status_idx").on(t.id, t.status),
    index("posts_author_time_idx").on(t.authorId, t.timestamp),
    // An author's published posts newest first; their newest post's time in one seek (sitemap).
    index("posts_author_status_time_idx").on(t.authorId, t.status, t.timestamp),
    index("posts_title_idx").on(t.title),
    check("posts_bounce_rate_range", sql`${t.bounceRate} >= 0 and ${t.bounceRate} <= 100`),
  ],
);

/**
 * A guest contributor: a byline without an account (a freelancer, a wire photographer). They
 * cannot sign in; Editors and Administrators manage them (docs/behaviour.md §bylines).
 */
export const guestContributors = sqliteTable(
  "guest_contributors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    /** `/author/{slug}`: one namespace with users' slugs (a slug is never both). */
    slug: text("slug").notNull(),
    bio: text("bio").notNull().default(""),
    photo: text("photo"),
    /** Their own web address, or "". */
    url: text("url").notNull().default(""),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    updatedBy: text("updated_by"),
    version: integer("version").notNull().default(1),
  },
  (t) => [
    uniqueIndex("guest_contributors_slug_idx").on(t.slug),
    index("guest_contributors_name_idx").on(t.name),
  ],
);

/**
 * A post's byline, in order: each line a staff user or a guest, with a role. When the user or
 * guest is deleted the line keeps `keptName` and shows it, linked to nothing.
 */
export const postContributors = sqliteTable(
  "post_contributors",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    /** 0 first. */
    position: integer("position").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    guestId: integer("guest_id").references(() => guestContributors.id, { onDelete: "set null" }),
    role: text("role", { enum: CONTRIBUTOR_ROLES }).notNull().default("Author"),
    /** The name shown once the user or guest is gone; null while they exist. */
    keptName: text("kept_name"),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.position] }),
    index("post_contributors_user_idx").on(t.userId, t.postId),
    index("post_contributors_guest_idx").on(t.guestId, t.postId),
  ],
);

/**
 * Editorial notes on a draft's passages (docs/behaviour.md §editorial-notes): staff only, never
 * shown to readers. A thread is its first note (`threadId` null) and the replies pointing at it;
 * the passage carries `data-note="{thread id}"` in the stored content, so it moves with the text.
 */
export const editorialNotes = sqliteTable(
  "editorial_notes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    threadId: integer("thread_id"),
    /** The passage's text when the thread was opened (shown beside the note). */
    quote: text("quote").notNull().default(""),
    body: text("body").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    authorName: text("author_name").notNull(),
    createdAt: createdAt(),
    /** On a thread's first note: when it was resolved, and by whom. */
    resolvedAt: integer("resolved_at", { mode: "timestamp_ms" }),
    resolvedBy: text("resolved_by"),
  },
  (t) => [
    index("editorial_notes_post_idx").on(t.postId, t.threadId, t.resolvedAt),
    index("editorial_notes_thread_idx").on(t.threadId, t.id),
  ],
);

/**
 * What an oEmbed provider said about a link (docs/behaviour.md §embeds), fetched once when the
 * link is saved and on demand; the thumbnail is a copy in the media library.
 */
export const embeds = sqliteTable(
  "embeds",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    url: text("url").notNull(),
    /** The provider's host shown to readers ("youtube.com"). */
    provider: text("provider").notNull(),
    type: text("type").notNull().default("rich"),
    title: text("title").notNull().default(""),
    authorName: text("author_name").notNull().default(""),
    authorUrl: text("author_url").notNull().default(""),
    /** A site path in the media library, or null. */
    thumbnail: text("thumbnail"),
    /** The provider's HTML, cleaned; added to the page only when the reader asks. */
    html: text("html").notNull().default(""),
    width: integer("width"),
    height: integer("height"),
    fetchedAt: integer("fetched_at", { mode: "timestamp_ms" }),
    /** Why the last fetch failed; null when it worked. */
    error: text("error"),
  },
  (t) => [uniqueIndex("embeds_url_idx").on(t.url)],
);

export const postTags = sqliteTable(
  "post_tags",
  {
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => tags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.tagId] }),
    index("post_tags_tag_idx").on(t.tagId, t.postId),
  ],
);

export const media = sqliteTable(
  "media",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uid: text("uid").notNull(),
    /** Public URL, `/uploads/<collection>/<stored name>`. */
    url: text("url").notNull(),
    /** The name the file was uploaded with. */
    name: text("name").notNull(),
    /** Path relative to `DATA_DIR/uploads`. */
    path: text("path").notNull(),
    mimeType: text("mime_type").notNull(),
    size: integer("size").notNull(),
    width: integer("width"),
    height: integer("height"),
    /**
     * The WebP/AVIF renditions made (app/platform/renditions.server.ts); null
     * until the background worker has looked at the file.
     */
    renditions: text("renditions", { mode: "json" }).$type<{ widths: number[]; avif: boolean }>(),
    collection: text("collection").notNull(),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    date: integer("date", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [
    uniqueIndex("media_uid_idx").on(t.uid),
    uniqueIndex("media_path_idx").on(t.path),
    index("media_url_idx").on(t.url),
    index("media_date_idx").on(t.date),
    index("media_collection_date_idx").on(t.collection, t.date),
  ],
);

export const subscribers = sqliteTable(
  "subscribers",
  {
    id: integer("id").primaryKey(),
    uid: text("uid").notNull(),
    name: text("name").notNull(),
    /** Stored lowercased and trimmed; unique. */
    email: text("email").notNull(),
    status: text("status", { enum: SUBSCRIBER_STATUSES }).notNull().default("Active"),
    /** When they subscribed. */
    timestamp: integer("timestamp", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** When they first signed in as a member (docs/members.md); null: a subscriber only. */
    memberSince: integer("member_since"),
    lastSignInAt: integer("last_sign_in_at"),
  },
  (t) => [
    uniqueIndex("subscribers_uid_idx").on(t.uid),
    index("subscribers_member_idx").on(t.memberSince),
    uniqueIndex("subscribers_email_idx").on(t.email),
    index("subscribers_time_idx").on(t.timestamp),
    index("subscribers_status_idx").on(t.status, t.id),
    index("subscribers_name_idx").on(t.name),
  ],
);

/** A subscriber's audiences (docs/behaviour.md §data: array of News, Music, Promotions), one row each. */
export const subscriberAudiences = sqliteTable(
  "subscriber_audiences",
  {
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    audience: text("audience", { enum: AUDIENCES }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.subscriberId, t.audience] }),
    index("subscriber_audiences_audience_idx").on(t.audience, t.subscriberId),
  ],
);

export const newsletters = sqliteTable(
  "newsletters",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uid: text("uid").notNull(),
    subject: text("subject").notNull(),
    audience: text("audience", { enum: NEWSLETTER_AUDIENCES }).notNull(),
    /** Sanitized HTML. */
    content: text("content").notNull().default(""),
    photo: text("photo"),
    attachment: text("attachment"),
    attachmentName: text("attachment_name"),
    status: text("status", { enum: NEWSLETTER_STATUSES }).notNull().default("draft"),
    recipientCount: integer("recipient_count").notNull().default(0),
    deliveredCount: integer("delivered_count").notNull().default(0),
    failedCount: integer("failed_count").notNull().default(0),
    skippedCount: integer("skipped_count").notNull().default(0),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    queuedAt: integer("queued_at", { mode: "timestamp_ms" }),
    sentAt: integer("sent_at", { mode: "timestamp_ms" }),
    /** Send later: a `scheduled` newsletter is queued at this time (docs/behaviour.md §newsletters). */
    sendAt: integer("send_at", { mode: "timestamp_ms" }),
    /** Who scheduled it: the send is queued (and audited) as them. */
    scheduledBy: integer("scheduled_by").references(() => users.id, { onDelete: "set null" }),
  },
  (t) => [
    uniqueIndex("newsletters_uid_idx").on(t.uid),
    index("newsletters_status_idx").on(t.status),
    index("newsletters_created_idx").on(t.createdAt),
    index("newsletters_status_send_at_idx").on(t.status, t.sendAt),
  ],
);

/**
 * One row per (newsletter, recipient), written when a send is queued. The
 * sender marks each row sent or failed, so a restart resumes with the rows
 * still pending and nobody gets a message twice.
 */
export const newsletterDeliveries = sqliteTable(
  "newsletter_deliveries",
  {
    newsletterId: integer("newsletter_id")
      .notNull()
      .references(() => newsletters.id, { onDelete: "cascade" }),
    subscriberId: integer("subscriber_id").notNull(),
    /** Snapshot of the address at queue time. */
    email: text("email").notNull(),
    name: text("name").notNull().default(""),
    status: text("status", { enum: DELIVERY_STATUSES }).notNull().default("pending"),
    error: text("error"),
    attempts: integer("attempts").notNull().default(0),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" }),
    /** A temporary refusal (4xx) is tried again no sooner than this (null: now). */
    nextAttemptAt: integer("next_attempt_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    primaryKey({ columns: [t.newsletterId, t.subscriberId] }),
    index("newsletter_deliveries_status_idx").on(t.newsletterId, t.status),
  ],
);

/** The one settings record (docs/behaviour.md §data). `id` is always 1. */
export const settings = sqliteTable(
  "settings",
  {
    id: integer("id").primaryKey(),
    uid: text("uid").notNull(),
    siteName: text("site_name").notNull().default("Inkwell"),
    /** Used as the default meta description and social description. */
    siteDescription: text("site_description").notNull().default(""),
    logo: text("logo"),
    favicon: text("favicon"),
    /** Comma-separated keywords for the keywords meta tag. */
    metaTags: text("meta_tags").notNull().default(""),
    enableCommentModeration: integer("enable_comment_moderation", { mode: "boolean" })
      .notNull()
      .default(true),
    enableSpamFilters: integer("enable_spam_filters", { mode: "boolean" }).notNull().default(true),
    autoApproveComments: integer("auto_approve_comments", { mode: "boolean" })
      .notNull()
      .default(false),
    enableAdminAlerts: integer("enable_admin_alerts", { mode: "boolean" }).notNull().default(true),
    enableUserNotifications: integer("enable_user_notifications", { mode: "boolean" })
      .notNull()
      .default(true),
    enableEmailAlerts: integer("enable_email_alerts", { mode: "boolean" }).notNull().default(false),
    defaultCategory: text("default_category").notNull().default("Freshly Pressed"),
    /** Megabytes. */
    maxImageSize: integer("max_image_size").notNull().default(5),
    enableLazyLoading: integer("enable_lazy_loading", { mode: "boolean" }).notNull().default(true),
    useCdn: integer("use_cdn", { mode: "boolean" }).notNull().default(false),
    enableRateLimiting: integer("enable_rate_limiting", { mode: "boolean" })
      .notNull()
      .default(true),
    enableCsrfProtection: integer("enable_csrf_protection", { mode: "boolean" })
      .notNull()
      .default(true),
    enableCaptcha: integer("enable_captcha", { mode: "boolean" }).notNull().default(false),
    enable2FA: integer("enable_2fa", { mode: "boolean" }).notNull().default(false),
    /** Automatic backups (app/domain/backups): off, daily or hourly, keeping the last `backupKeep`. */
    backupSchedule: text("backup_schedule", { enum: BACKUP_SCHEDULES }).notNull().default("off"),
    backupKeep: integer("backup_keep").notNull().default(7),
    /** One word or phrase a line: a comment containing one goes to Spam (docs/behaviour.md §comments). */
    commentDisallowedWords: text("comment_disallowed_words").notNull().default(""),
    /** Comments close this many days after publication; 0 = never. */
    commentsCloseAfterDays: integer("comments_close_after_days").notNull().default(0),
    /** Double opt-in: a signup is Pending until the mailed link is used. */
    confirmSubscribers: integer("confirm_subscribers", { mode: "boolean" })
      .notNull()
      .default(false),
    sendWelcomeEmail: integer("send_welcome_email", { mode: "boolean" }).notNull().default(false),
    welcomeSubject: text("welcome_subject").notNull().default("Welcome to our newsletter"),
    welcomeContent: text("welcome_content")
      .notNull()
      .default("Thank you for confirming your subscription. Look out for our next newsletter."),
    /** The `https://` origin assets and uploads are referenced from when `useCdn` is on. */
    cdnUrl: text("cdn_url").notNull().default(""),
    // Site identity: empty ones are not shown.
    contactEditorial: text("contact_editorial").notNull().default(""),
    contactBusiness: text("contact_business").notNull().default(""),
    contactMedia: text("contact_media").notNull().default(""),
    postalAddress: text("postal_address").notNull().default(""),
    socialX: text("social_x").notNull().default(""),
    socialFacebook: text("social_facebook").notNull().default(""),
    socialInstagram: text("social_instagram").notNull().default(""),
    socialLinkedin: text("social_linkedin").notNull().default(""),
    socialYoutube: text("social_youtube").notNull().default(""),
    socialMastodon: text("social_mastodon").notNull().default(""),
    /** "" means the site name. */
    copyrightHolder: text("copyright_holder").notNull().default(""),
    /** IANA name; dates on pages, in the back office and in e-mails use it. */
    timeZone: text("time_zone").notNull().default("UTC"),
    // Home page sections (docs/decisions/084-home-sections-in-settings.md): the category
    // behind each (null: the seeded one, by slug) and how many posts it shows.
    homeFreshCategoryId: integer("home_fresh_category_id"),
    homeSponsoredCategoryId: integer("home_sponsored_category_id"),
    homeNewslettersCategoryId: integer("home_newsletters_category_id"),
    homeCryptoCategoryId: integer("home_crypto_category_id"),
    homeFreshCount: integer("home_fresh_count").notNull().default(6),
    homeSponsoredCount: integer("home_sponsored_count").notNull().default(8),
    homeNewslettersCount: integer("home_newsletters_count").notNull().default(3),
    homeCryptoCount: integer("home_crypto_count").notNull().default(8),
    /** Embeds (docs/behaviour.md §embeds): extra oEmbed providers, one a line ("host endpoint"). */
    embedProviders: text("embed_providers").notNull().default(""),
    /** Load embedded content without the reader's click. */
    embedsLoadWithoutAsking: integer("embeds_load_without_asking", { mode: "boolean" })
      .notNull()
      .default(false),
    /** The site's fediverse handle (`@{handle}@{host}`); "" means one made from the site name. */
    fediverseHandle: text("fediverse_handle").notNull().default(""),
    /** Follows wait for staff approval instead of being accepted at once. */
    fediverseApproveFollows: integer("fediverse_approve_follows", { mode: "boolean" })
      .notNull()
      .default(false),
    /** Send Webmentions to the pages a post links to when it goes live or changes. */
    sendWebmentions: integer("send_webmentions", { mode: "boolean" }).notNull().default(true),
    /** Readers may sign in (docs/members.md); off hides Sign in and the members-only option. */
    membersEnabled: integer("members_enabled", { mode: "boolean" }).notNull().default(true),
    /** Who may become a member by signing in: anyone, existing subscribers only, or nobody. */
    membersSignup: text("members_signup", { enum: ["anyone", "subscribers", "nobody"] })
      .notNull()
      .default("anyone"),
    memberCommentsNeedApproval: integer("member_comments_need_approval", { mode: "boolean" })
      .notNull()
      .default(false),
    /** A deleted member's comments: kept as "Deleted reader", or removed. */
    deletedMemberComments: text("deleted_member_comments", { enum: ["keep", "remove"] })
      .notNull()
      .default("keep"),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    /** Every save adds one; a save that read an older version is refused (docs/behaviour.md §workflow). */
    version: integer("version").notNull().default(1),
    /** Who saved last (their name). */
    updatedBy: text("updated_by"),
  },
  (t) => [check("settings_single_row", sql`${t.id} = 1`)],
);

/**
 * What changed since the reader page cache last looked (docs/decisions/050-page-cache.md).
 * Rows are written only by SQLite triggers: `post_id` NULL (and no scope) means
 * "anything a public page shows may have changed", a post id "only its counters".
 */
/**
 * How many posts have each status (the admin posts list's tab counts), kept by
 * triggers on posts (db/migrations/0024_posts_list_counts.sql).
 */
export const postStatusCounts = sqliteTable("post_status_counts", {
  status: text("status").primaryKey(),
  n: integer("n").notNull().default(0),
});

export const pageCacheChanges = sqliteTable("page_cache_changes", {
  seq: integer("seq").primaryKey({ autoIncrement: true }),
  postId: integer("post_id"),
  /**
   * Narrower purges (docs/decisions/134-page-cache-scopes.md): "comments" with a
   * post id (that post's page and the listings), "page" with a slug (that page
   * and the sitemaps), "counters" with a post id (its likes or shares: the counts
   * are filled into its kept pages, docs/decisions/250-counts-in-kept-pages.md).
   */
  scope: text("scope"),
  slug: text("slug"),
});

/** Background jobs run in the one process holding the lease (docs/operations.md "More than one core"). */
export const jobLeases = sqliteTable("job_leases", {
  name: text("name").primaryKey(),
  holder: text("holder").notNull(),
  acquiredAt: integer("acquired_at").notNull(),
  expiresAt: integer("expires_at").notNull(),
});

/** Purges owed to the shared caches in front, one row per batch and cache (CACHE_PURGE_URLS). */
export const cachePurges = sqliteTable(
  "cache_purges",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    target: text("target").notNull(),
    /** Surrogate keys, space-separated. */
    keys: text("keys").notNull(),
    createdAt: integer("created_at").notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: integer("next_attempt_at").notNull(),
    sentAt: integer("sent_at"),
    failedAt: integer("failed_at"),
    lastError: text("last_error"),
  },
  (t) => [
    index("cache_purges_pending")
      .on(t.nextAttemptAt)
      .where(sql`${t.sentAt} IS NULL AND ${t.failedAt} IS NULL`),
  ],
);

/** How far the purger has read `page_cache_changes` (one row, id 1). */
export const cachePurgeCursor = sqliteTable("cache_purge_cursor", {
  id: integer("id").primaryKey(),
  lastSeq: integer("last_seq").notNull(),
});

/**
 * Signed-in devices (docs/behaviour.md §access). The cookie holds a random
 * token; only its SHA-256 is stored. `stage` is "full", or "totp" while the
 * second sign-in step is pending, or "enrol" while 2FA must be set up first.
 */
export const sessions = sqliteTable(
  "sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    stage: text("stage", { enum: ["full", "totp", "enrol"] })
      .notNull()
      .default("full"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    userAgent: text("user_agent").notNull().default(""),
    address: text("address").notNull().default(""),
  },
  (t) => [
    uniqueIndex("sessions_token_idx").on(t.tokenHash),
    index("sessions_user_idx").on(t.userId),
  ],
);

/** One-time 2FA recovery codes, stored hashed; `usedAt` once spent. */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    codeHash: text("code_hash").notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [index("recovery_codes_user_idx").on(t.userId)],
);

/** Single-use set-password links (reset: 1 hour, invitation: 7 days); only the hash is kept. */
export const passwordTokens = sqliteTable(
  "password_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    purpose: text("purpose", { enum: ["reset", "invite"] }).notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
    usedAt: integer("used_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    uniqueIndex("password_tokens_hash_idx").on(t.tokenHash),
    index("password_tokens_user_idx").on(t.userId),
  ],
);

/** Failure counters of the rate limits, per key, in a fixed window (epoch ms). */
export const rateLimits = sqliteTable("rate_limits", {
  key: text("key").primaryKey(),
  failures: integer("failures").notNull(),
  resetAt: integer("reset_at").notNull(),
});

/** Who did what, when, from where (docs/behaviour.md §audit). Written only by `recordAudit`. */
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    actorId: integer("actor_id"),
    actorName: text("actor_name").notNull().default(""),
    action: text("action").notNull(),
    targetType: text("target_type").notNull().default(""),
    targetId: text("target_id").notNull().default(""),
    summary: text("summary").notNull().default(""),
    address: text("address").notNull().default(""),
  },
  (t) => [
    index("audit_log_action_idx").on(t.action, t.id),
    index("audit_log_actor_idx").on(t.actorId, t.id),
  ],
);

/** CAPTCHA challenges already answered (each is accepted once, until it expires). */
export const captchaUsed = sqliteTable(
  "captcha_used",
  {
    id: text("id").primaryKey(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("captcha_used_expires_idx").on(t.expiresAt)],
);

/** A mailed subscription confirmation link, stored as the hash of its token. */
export const subscriberConfirmations = sqliteTable(
  "subscriber_confirmations",
  {
    tokenHash: text("token_hash").primaryKey(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** JSON array of the audiences asked for. */
    audience: text("audience").notNull(),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    expiresAt: integer("expires_at", { mode: "timestamp_ms" }).notNull(),
  },
  (t) => [index("subscriber_confirmations_subscriber_idx").on(t.subscriberId, t.createdAt)],
);

/**
 * Notices for Administrators (Settings › Enable Admin Alerts / Email Alerts):
 * `listed` shows it on the dashboard; `mail_state` is none, sent (alone),
 * held (for the next digest) or digest (sent in one).
 */
export const notifications = sqliteTable(
  "notifications",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    message: text("message").notNull(),
    /** The back-office screen it concerns (a path). */
    link: text("link").notNull(),
    listed: integer("listed", { mode: "boolean" }).notNull().default(false),
    mailState: text("mail_state", { enum: ["none", "sent", "held", "digest"] })
      .notNull()
      .default("none"),
    createdAt: integer("created_at", { mode: "timestamp_ms" }).notNull(),
    readAt: integer("read_at", { mode: "timestamp_ms" }),
  },
  (t) => [
    index("notifications_listed_idx").on(t.listed, t.readAt, t.id),
    index("notifications_mail_idx").on(t.mailState, t.createdAt),
  ],
);

/** A post's history (docs/behaviour.md §workflow): explicit saves, status changes, restores, autosaves. */
export const postRevisions = sqliteTable(
  "post_revisions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: REVISION_KINDS }).notNull().default("save"),
    reason: text("reason").notNull(),
    /** The note of a Send back, shown to the author. */
    note: text("note"),
    version: integer("version").notNull(),
    status: text("status", { enum: POST_STATUSES }).notNull(),
    title: text("title").notNull(),
    summary: text("summary").notNull(),
    content: text("content").notNull(),
    /** The category's name when the revision was made. */
    category: text("category").notNull(),
    tags: text("tags", { mode: "json" }).notNull().$type<string[]>(),
    photo: text("photo"),
    socialCard: text("social_card", { mode: "json" }).$type<SocialCard | null>(),
    publishAt: integer("publish_at", { mode: "timestamp_ms" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    userName: text("user_name").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("post_revisions_post_idx").on(t.postId, t.id),
    index("post_revisions_autosave_idx").on(t.postId, t.kind, t.userId),
  ],
);

/** Imports running in the background (app/domain/importing/jobs.server.ts). */
export const importJobs = sqliteTable(
  "import_jobs",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uid: text("uid").notNull(),
    format: text("format", { enum: IMPORT_FORMATS }).notNull(),
    state: text("state", { enum: IMPORT_STATES }).notNull().default("queued"),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    mediaPath: text("media_path"),
    done: integer("done").notNull().default(0),
    total: integer("total").notNull().default(0),
    report: text("report", { mode: "json" }).$type<ImportReport>(),
    error: text("error"),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
    finishedAt: integer("finished_at", { mode: "timestamp_ms" }),
  },
  (t) => [uniqueIndex("import_jobs_uid_idx").on(t.uid), index("import_jobs_state_idx").on(t.state)],
);

/** The source GUID of every imported record, so importing the same file again creates nothing twice. */
export const importRecords = sqliteTable(
  "import_records",
  {
    source: text("source").notNull(),
    kind: text("kind").notNull(),
    sourceId: text("source_id").notNull(),
    localId: integer("local_id").notNull(),
    jobId: integer("job_id"),
  },
  (t) => [primaryKey({ columns: [t.source, t.kind, t.sourceId] })],
);

/** Old addresses (imported WordPress permalinks) answered 301 when no route matches. */
export const redirects = sqliteTable("redirects", {
  fromPath: text("from_path").primaryKey(),
  postId: integer("post_id").references(() => posts.id, { onDelete: "cascade" }),
  toPath: text("to_path"),
  createdAt: createdAt(),
});

/** Post views per UTC day (`YYYY-MM-DD`), for Dashboard › Statistics; written with the post counts. */
export const dailyViews = sqliteTable("daily_views", {
  day: text("day").primaryKey(),
  views: integer("views").notNull().default(0),
});
/** Reader comments on posts (docs/behaviour.md §comments): one level of replies. */
export const comments = sqliteTable(
  "comments",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uid: text("uid").notNull(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    parentId: integer("parent_id").references((): AnySQLiteColumn => comments.id, {
      onDelete: "cascade",
    }),
    name: text("name").notNull(),
    /** Never shown on a public page or in a public API answer. */
    email: text("email").notNull(),
    /** The commenter's web address (imported comments; empty for comments written here). */
    authorUrl: text("author_url").notNull().default(""),
    /** Plain text as written; rendered escaped. */
    body: text("body").notNull(),
    status: text("status", { enum: COMMENT_STATUSES }).notNull().default("pending"),
    /** SHA-256 of the address with the session secret, for flood control only. */
    ipHash: text("ip_hash").notNull().default(""),
    /** Which spam rule caught it, for moderators. */
    spamReason: text("spam_reason"),
    /** The staff member who wrote it (a reply from the back office). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    /** When the post's author was told of it; set once (docs/decisions/132-comment-author-notice.md). */
    authorNotifiedAt: integer("author_notified_at", { mode: "timestamp_ms" }),
    /** Where it came from: "site" (written here), "fediverse" (a reply Note) or "webmention". */
    source: text("source", { enum: ["site", "fediverse", "webmention"] })
      .notNull()
      .default("site"),
    /** The reply Note's id or the Webmention's source URL; unique when set. */
    remoteId: text("remote_id"),
    /** The original on the other site (a Note's `url`), shown as "link to the original". */
    remoteUrl: text("remote_url"),
    /** `@user@server` for a fediverse reply. */
    handle: text("handle"),
    avatarUrl: text("avatar_url"),
    /** Sanitised HTML of content that arrived as HTML (docs/federation.md); `body` keeps its text. */
    bodyHtml: text("body_html"),
    /** The member who wrote it while signed in (docs/members.md). */
    memberId: integer("member_id").references((): AnySQLiteColumn => subscribers.id, {
      onDelete: "set null",
    }),
    /** When its member last edited it (allowed for 10 minutes after writing). */
    editedAt: integer("edited_at"),
  },
  (t) => [
    uniqueIndex("comments_uid_idx").on(t.uid),
    index("comments_post_status_idx").on(t.postId, t.status, t.id),
    index("comments_status_idx").on(t.status, t.id),
    index("comments_email_status_idx").on(t.email, t.status),
    index("comments_ip_time_idx").on(t.ipHash, t.createdAt),
    index("comments_member_idx").on(t.memberId, t.id),
    uniqueIndex("comments_remote_idx").on(t.remoteId).where(sql`${t.remoteId} IS NOT NULL`),
    check("comments_status_valid", sql`${t.status} in ('pending', 'approved', 'spam', 'trash')`),
  ],
);

/** Static pages served at `/{slug}` (docs/behaviour.md §pages). */
export const pages = sqliteTable(
  "pages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uid: text("uid").notNull(),
    status: text("status", { enum: PAGE_STATUSES }).notNull().default("draft"),
    title: text("title").notNull(),
    slug: text("slug").notNull(),
    /** The meta description. */
    summary: text("summary").notNull().default(""),
    /** Sanitized HTML, like a post's. */
    content: text("content").notNull().default(""),
    /** Linked in the site header, the footer, or neither. */
    nav: text("nav", { enum: PAGE_NAVS }).notNull().default("none"),
    navOrder: integer("nav_order").notNull().default(0),
    authorId: integer("author_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: integer("updated_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (t) => [
    uniqueIndex("pages_uid_idx").on(t.uid),
    uniqueIndex("pages_slug_idx").on(t.slug),
    check("pages_status_valid", sql`${t.status} in ('draft', 'published', 'trash')`),
    check("pages_nav_valid", sql`${t.nav} in ('none', 'header', 'footer')`),
  ],
);

/**
 * What happened on the site (docs/integrations.md "Events"), written only by triggers
 * (db/migrations/0032_open_web.sql). Topics: post.published, post.updated, post.unpublished,
 * post.deleted (`data` keeps uid, title and url), subscriber.added, subscriber.unsubscribed,
 * comment.added, newsletter.sent.
 */
export const siteEvents = sqliteTable("site_events", {
  id: integer("id").primaryKey({ autoIncrement: true }),
  topic: text("topic").notNull(),
  subjectId: integer("subject_id").notNull(),
  data: text("data", { mode: "json" }).$type<Record<string, unknown> | null>(),
  at: integer("at").notNull(),
});

/** How far each consumer of `site_events` has read. */
export const siteEventCursors = sqliteTable("site_event_cursors", {
  consumer: text("consumer").primaryKey(),
  lastId: integer("last_id").notNull(),
});

export const OUTBOUND_STATUSES = ["pending", "sending", "done", "dead", "cancelled"] as const;

/** Outgoing HTTP owed to other servers (docs/integrations.md "Deliveries"). */
export const deliveries = sqliteTable(
  "deliveries",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind").notNull(),
    /** Unique: queueing the same delivery twice is one row. */
    key: text("key").notNull(),
    /** The row it belongs to (a webhook, a WebSub subscription, a local actor), by kind. */
    ownerId: integer("owner_id"),
    target: text("target").notNull(),
    payload: text("payload").notNull(),
    meta: text("meta", { mode: "json" }).$type<Record<string, unknown>>().notNull().default({}),
    status: text("status", { enum: OUTBOUND_STATUSES }).notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    nextAt: integer("next_at").notNull(),
    giveUpAt: integer("give_up_at").notNull(),
    leaseUntil: integer("lease_until"),
    /** Which process took the row (`{pid}-{start}`): one found gone gives its rows back at once. */
    leasedBy: text("leased_by"),
    doneAt: integer("done_at"),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
  },
  (t) => [
    uniqueIndex("deliveries_key_idx").on(t.key),
    index("deliveries_due_idx").on(t.nextAt).where(sql`${t.status} IN ('pending', 'sending')`),
    index("deliveries_owner_idx").on(t.kind, t.ownerId, t.id),
    index("deliveries_target_idx").on(t.kind, t.target, t.status),
    check(
      "deliveries_status_valid",
      sql`${t.status} in ('pending', 'sending', 'done', 'dead', 'cancelled')`,
    ),
  ],
);

/** Every attempt of a delivery (the webhook log, the followers' servers). */
export const deliveryAttempts = sqliteTable(
  "delivery_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => deliveries.id, { onDelete: "cascade" }),
    at: integer("at").notNull(),
    /** The HTTP status, or null when no answer came. */
    status: integer("status"),
    durationMs: integer("duration_ms").notNull(),
    error: text("error"),
    /** The start of the answer's body. */
    excerpt: text("excerpt"),
  },
  (t) => [index("delivery_attempts_delivery_idx").on(t.deliveryId, t.id)],
);

/** ActivityPub actors of this site (docs/federation.md): kind site (ref 0), user or guest. */
export const apActors = sqliteTable(
  "ap_actors",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["site", "user", "guest"] }).notNull(),
    refId: integer("ref_id").notNull(),
    publicKey: text("public_key").notNull(),
    privateKey: text("private_key").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [uniqueIndex("ap_actors_ref_idx").on(t.kind, t.refId)],
);

/** Remote actors seen (followers, repliers, signers), cached with their keys and inboxes. */
export const apRemoteActors = sqliteTable(
  "ap_remote_actors",
  {
    uri: text("uri").primaryKey(),
    keyId: text("key_id").notNull(),
    publicKey: text("public_key").notNull(),
    inbox: text("inbox").notNull(),
    sharedInbox: text("shared_inbox"),
    /** `@user@server`. */
    handle: text("handle").notNull(),
    name: text("name").notNull(),
    icon: text("icon"),
    url: text("url"),
    fetchedAt: integer("fetched_at").notNull(),
  },
  (t) => [index("ap_remote_actors_key_idx").on(t.keyId)],
);

export const apFollowers = sqliteTable(
  "ap_followers",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    actorId: integer("actor_id")
      .notNull()
      .references(() => apActors.id, { onDelete: "cascade" }),
    remoteUri: text("remote_uri").notNull(),
    handle: text("handle").notNull(),
    /** The follower's host name. */
    server: text("server").notNull(),
    inbox: text("inbox").notNull(),
    sharedInbox: text("shared_inbox"),
    /** The Follow activity's id (an Accept names it). */
    followId: text("follow_id").notNull(),
    status: text("status", { enum: ["accepted", "pending"] })
      .notNull()
      .default("accepted"),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("ap_followers_actor_remote_idx").on(t.actorId, t.remoteUri),
    index("ap_followers_actor_status_idx").on(t.actorId, t.status, t.createdAt),
    // A fan-out pages an actor's accepted followers by id (rowid ends every index): no sort.
    index("ap_followers_fanout_idx").on(t.actorId, t.status),
    index("ap_followers_server_idx").on(t.server),
  ],
);

/** Blocked servers ("domain": a host name) and accounts ("actor": an actor URI). */
export const apBlocks = sqliteTable(
  "ap_blocks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    kind: text("kind", { enum: ["domain", "actor"] }).notNull(),
    value: text("value").notNull(),
    createdAt: integer("created_at").notNull(),
    createdBy: text("created_by"),
  },
  (t) => [uniqueIndex("ap_blocks_value_idx").on(t.kind, t.value)],
);

/** A post as federated; `deletedAt` once its Delete went out (a Tombstone is served then). */
export const apPosts = sqliteTable("ap_posts", {
  postId: integer("post_id").primaryKey(),
  objectId: text("object_id").notNull(),
  url: text("url").notNull(),
  /** The local actor ids (ap_actors.id) that delivered it, JSON. */
  actorIds: text("actor_ids", { mode: "json" }).$type<number[]>().notNull().default([]),
  publishedAt: integer("published_at").notNull(),
  updatedAt: integer("updated_at").notNull(),
  deletedAt: integer("deleted_at"),
});

/** Likes and boosts of a post from the fediverse; `Undo` removes the row. */
export const apReactions = sqliteTable(
  "ap_reactions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["like", "announce"] }).notNull(),
    actorUri: text("actor_uri").notNull(),
    activityId: text("activity_id").notNull(),
    createdAt: integer("created_at").notNull(),
  },
  (t) => [
    uniqueIndex("ap_reactions_unique_idx").on(t.postId, t.kind, t.actorUri),
    index("ap_reactions_activity_idx").on(t.activityId),
  ],
);

/** Webmentions received (docs/federation.md "Webmention"), verified before moderation. */
export const webmentions = sqliteTable(
  "webmentions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    source: text("source").notNull(),
    target: text("target").notNull(),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    commentId: integer("comment_id").references(() => comments.id, { onDelete: "set null" }),
    /** What the source's h-entry does with the post: likes it, reposts it, replies, or mentions it. */
    kind: text("kind", { enum: ["mention", "reply", "like", "repost"] })
      .notNull()
      .default("mention"),
    status: text("status", { enum: ["pending", "verified", "rejected"] })
      .notNull()
      .default("pending"),
    receivedAt: integer("received_at").notNull(),
    verifiedAt: integer("verified_at"),
  },
  (t) => [
    uniqueIndex("webmentions_pair_idx").on(t.source, t.target),
    index("webmentions_post_idx").on(t.postId, t.status),
  ],
);

/** WebSub subscriptions (docs/integrations.md "WebSub"). */
export const websubSubscriptions = sqliteTable(
  "websub_subscriptions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    topic: text("topic").notNull(),
    callback: text("callback").notNull(),
    secret: text("secret"),
    leaseSeconds: integer("lease_seconds").notNull(),
    status: text("status", { enum: ["pending", "active"] })
      .notNull()
      .default("pending"),
    createdAt: integer("created_at").notNull(),
    verifiedAt: integer("verified_at"),
    expiresAt: integer("expires_at"),
  },
  (t) => [
    uniqueIndex("websub_subscriptions_pair_idx").on(t.topic, t.callback),
    index("websub_subscriptions_topic_idx").on(t.topic, t.status, t.expiresAt),
  ],
);

/** Webhooks (docs/integrations.md "Webhooks"): `events` space-separated. */
export const webhooks = sqliteTable(
  "webhooks",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uid: text("uid").notNull(),
    name: text("name").notNull().default(""),
    targetUrl: text("target_url").notNull(),
    events: text("events").notNull(),
    secret: text("secret").notNull().default(""),
    enabled: integer("enabled", { mode: "boolean" }).notNull().default(true),
    disabledReason: text("disabled_reason"),
    /** Set at the first failed delivery, cleared by a success. */
    failingSince: integer("failing_since"),
    createdAt: integer("created_at").notNull(),
    createdBy: text("created_by"),
  },
  (t) => [uniqueIndex("webhooks_uid_idx").on(t.uid)],
);

/** Read-only Content API tokens (docs/integrations.md): only the token's SHA-256 is kept. */
export const contentApiTokens = sqliteTable(
  "content_api_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    uid: text("uid").notNull(),
    name: text("name").notNull(),
    tokenHash: text("token_hash").notNull(),
    /** Origins allowed by CORS, space-separated. */
    origins: text("origins").notNull().default(""),
    createdAt: integer("created_at").notNull(),
    createdBy: text("created_by"),
    lastUsedAt: integer("last_used_at"),
    revokedAt: integer("revoked_at"),
  },
  (t) => [
    uniqueIndex("content_api_tokens_uid_idx").on(t.uid),
    uniqueIndex("content_api_tokens_hash_idx").on(t.tokenHash),
  ],
);

/** Members' signed-in devices (docs/members.md); only the token's SHA-256 is kept. */
export const memberSessions = sqliteTable(
  "member_sessions",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    tokenHash: text("token_hash").notNull(),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    createdAt: integer("created_at").notNull(),
    lastSeenAt: integer("last_seen_at").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    address: text("address").notNull().default(""),
  },
  (t) => [
    uniqueIndex("member_sessions_token_idx").on(t.tokenHash),
    index("member_sessions_subscriber_idx").on(t.subscriberId),
  ],
);

/** Single-use links (and codes) mailed to members: sign in, a new address, deletion. */
export const memberTokens = sqliteTable(
  "member_tokens",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    purpose: text("purpose", { enum: ["sign-in", "email-change", "delete"] }).notNull(),
    email: text("email").notNull(),
    subscriberId: integer("subscriber_id").references(() => subscribers.id, {
      onDelete: "cascade",
    }),
    newEmail: text("new_email"),
    tokenHash: text("token_hash").notNull(),
    codeHash: text("code_hash"),
    attempts: integer("attempts").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [
    uniqueIndex("member_tokens_hash_idx").on(t.tokenHash),
    index("member_tokens_email_idx").on(t.email, t.purpose, t.createdAt),
  ],
);

export const memberSignIns = sqliteTable(
  "member_sign_ins",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    at: integer("at").notNull(),
    method: text("method").notNull(),
    userAgent: text("user_agent").notNull().default(""),
    address: text("address").notNull().default(""),
  },
  (t) => [index("member_sign_ins_subscriber_idx").on(t.subscriberId, t.at)],
);

/** Likes a member made while signed in. */
export const memberLikes = sqliteTable(
  "member_likes",
  {
    subscriberId: integer("subscriber_id")
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    postId: integer("post_id")
      .notNull()
      .references(() => posts.id, { onDelete: "cascade" }),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.subscriberId, t.postId] })],
);

export type User = typeof users.$inferSelect;
export type PostRevision = typeof postRevisions.$inferSelect;
export type Page = typeof pages.$inferSelect;
export type Comment = typeof comments.$inferSelect;
export type Post = typeof posts.$inferSelect;
export type Category = typeof categories.$inferSelect;
export type Tag = typeof tags.$inferSelect;
export type Subscriber = typeof subscribers.$inferSelect;
export type Settings = typeof settings.$inferSelect;
export type Media = typeof media.$inferSelect;
export type Newsletter = typeof newsletters.$inferSelect;
