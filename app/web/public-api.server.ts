/**
 * The public JSON calls of docs/api.md, as answers: the reader-facing domain
 * (`~/domain/posts/reading.server`, `~/domain/taxonomy/taxonomy.server`, `~/domain/site/settings.server`) shaped into the
 * documented field names. Nothing here decides what is public; it only reads
 * through the functions the pages use.
 */

import { z } from "zod";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { ANONYMOUS, readableContent, type Viewer } from "~/domain/access/reading.server";
import { type ApiAuthor, apiAuthors } from "~/domain/bylines/people.server";
import { authorNames } from "~/domain/bylines/sentence";
import { renderContent } from "~/domain/content/pipeline.server";
import { notFound, parseInput } from "~/domain/errors.server";
import { listLeadingConversations } from "~/domain/posts/home-page.server";
import { homeSectionChoices } from "~/domain/posts/home-sections.server";
import { postIdField } from "~/domain/posts/ids";
import {
  countPublishedPosts as countPublished,
  getPublishedPost,
  getReadAlso,
  listPublishedPosts,
  type PostListItem,
} from "~/domain/posts/reading.server";
import type { PostVisibility } from "~/domain/posts/visibility";
import { getSettings, getSiteInfo } from "~/domain/site/settings.server";
import { getCategoryByKey, getTagByName } from "~/domain/taxonomy/keys.server";
import { getUserProfile, type PublicProfile } from "~/domain/users/users.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { apiKey as keyForm } from "~/utils/slug";
import { formatDuration } from "~/utils/time";

/** docs/behaviour.md §data post list item, plus the id a client needs for like/share/detail. */
export type ApiPostItem = {
  id: number;
  url: string;
  title: string;
  photo: string | null;
  /** Epoch milliseconds. */
  timestamp: number;
  /** The category's name ("" when the post has none). */
  category: string;
  summary: string;
  user: { name: string; photo: string | null };
  /** The first Author's name (docs/api.md). */
  author: string;
  /** Every contributor in byline order, with their absolute author page (or null). */
  authors: ApiAuthor[];
};

export function toApiPostItem(p: PostListItem): ApiPostItem {
  return {
    id: p.id,
    url: p.url,
    title: p.title,
    photo: p.photo,
    timestamp: p.timestamp.getTime(),
    category: p.category?.name ?? "",
    summary: p.summary,
    user: { name: p.user.name, photo: p.user.photo },
    author: authorNames(p.byline)[0] ?? p.user.name,
    authors: apiAuthors(readEnv().publicUrl, p.byline),
  };
}

// ---------------------------------------------------------------------------
// Paging (query string)

export const DEFAULT_PAGE = 10;
export const MAX_PAGE = 50;

const pageSchema = z.object({
  limit: z.coerce
    .number({ error: "limit must be a number" })
    .int("limit must be a whole number")
    .min(1, "limit must be at least 1")
    .max(MAX_PAGE, `limit must be at most ${MAX_PAGE}`)
    .default(DEFAULT_PAGE),
  offset: z.coerce
    .number({ error: "offset must be a number" })
    .int("offset must be a whole number")
    .min(0, "offset must be 0 or more")
    .max(1_000_000, "offset is too large")
    .default(0),
});

/** `?limit=` (1–50, default 10) and `?offset=` (default 0). */
export function readPaging(request: Request): { limit: number; offset: number } {
  const q = new URL(request.url).searchParams;
  return parseInput(pageSchema, {
    limit: q.get("limit") ?? undefined,
    offset: q.get("offset") ?? undefined,
  });
}

// ---------------------------------------------------------------------------
// The five home lists

/** The home sections by their docs/api.md path, `/get/{list}`. */
export const HOME_LISTS = {
  "leading-conversations": null,
  "freshly-pressed": "freshlyPressed",
  sponsored: "sponsored",
  newsletters: "newsletters",
  "crypto-updates": "crypto",
} as const;
export type HomeList = keyof typeof HOME_LISTS;

export function isHomeList(value: string): value is HomeList {
  return Object.hasOwn(HOME_LISTS, value);
}

export function homeList(db: Db, list: HomeList, limit: number): ApiPostItem[] {
  // The category chosen in Settings › Home Page for that section.
  const section = HOME_LISTS[list];
  const category = section === null ? null : homeSectionChoices(db)[section].category;
  const items =
    section === null
      ? listLeadingConversations(db, limit)
      : category
        ? listPublishedPosts(db, { categoryId: category.id, limit })
        : [];
  return items.map(toApiPostItem);
}

// ---------------------------------------------------------------------------
// By category key, by tag

/** The API key form (docs/api.md): lowercase, spaces and hyphens to underscores. */
const keySchema = z
  .string()
  .max(200, "is too long")
  .transform((v) => keyForm(decodeURIComponentSafe(v)))
  .refine((v) => v !== "", "is not a valid key");

function decodeURIComponentSafe(v: string) {
  try {
    return decodeURIComponent(v);
  } catch {
    return v;
  }
}

export function postsByCategoryKey(
  db: Db,
  key: unknown,
  page: { limit: number; offset: number },
): { items: ApiPostItem[]; total: number } {
  const k = parseInput(z.object({ categoryKey: keySchema }), { categoryKey: key }).categoryKey;
  const category = getCategoryByKey(db, k);
  if (!category) throw notFound(`No category with the key "${k}"`);
  const items = listPublishedPosts(db, { categoryId: category.id, ...page });
  return {
    items: items.map(toApiPostItem),
    total: countPublished(db, { categoryId: category.id }),
  };
}

export function postsByTag(
  db: Db,
  tag: unknown,
  page: { limit: number; offset: number },
): { items: ApiPostItem[]; total: number } {
  const k = parseInput(z.object({ tag: keySchema }), { tag }).tag;
  const row = getTagByName(db, k);
  if (!row) throw notFound(`No tag "${k}"`);
  const items = listPublishedPosts(db, { tagId: row.id, ...page });
  return { items: items.map(toApiPostItem), total: countPublished(db, { tagId: row.id }) };
}

// ---------------------------------------------------------------------------
// Post detail

/** docs/behaviour.md §data post (full) as readers get it, with readAlso. */
export type ApiPostDetail = ApiPostItem & {
  uid: string;
  status: "published";
  /** Who may read the body: "public" or "members" (docs/members.md). */
  visibility: PostVisibility;
  /** False when `content` is only the teaser of a members-only post (the caller is not a member). */
  complete: boolean;
  content: string;
  tags: string[];
  socialCard: { name: string; description: string; image: string; blur: number } | null;
  views: number;
  likes: number;
  shares: number;
  /** "Xm Ys". */
  avgTime: string;
  bounceRate: number;
  readAlso: { url: string; title: string } | null;
};

const idSchema = postIdField("id must be a post number");

/**
 * `GET /get/post/{id}/{category_key}/{url}`: the published post with this id.
 * The id decides; the category key and url segments are the documented pattern
 * and are not checked against the post (a renamed post stays reachable).
 */
export function publishedPostDetail(
  db: Db,
  id: unknown,
  viewer: Viewer = ANONYMOUS,
): ApiPostDetail {
  const postId = parseInput(z.object({ id: idSchema }), { id }).id;
  const post = getPublishedPost(db, postId);
  if (!post) throw notFound("Post not found");
  const readable = readableContent(viewer, post);
  return {
    ...toApiPostItem(post),
    uid: post.uid,
    status: "published",
    visibility: post.visibility,
    complete: readable.complete,
    content: renderContent(readable.html, { target: "api", db, publicUrl: readEnv().publicUrl }),
    tags: post.tags.map((t) => t.name),
    socialCard: post.socialCard,
    views: post.views,
    likes: post.likes,
    shares: post.shares,
    avgTime: formatDuration(post.avgTimeSeconds),
    bounceRate: post.bounceRate,
    readAlso: getReadAlso(db, post),
  };
}

// ---------------------------------------------------------------------------
// Settings and users

/**
 * What `GET /get/setting-data` shows anyone: the site's identity, SEO and the
 * reader-facing toggles. The notification and security settings stay private.
 */
export function publicSettings(db: Db) {
  const s = getSettings(db);
  return {
    uid: s.uid,
    // `lazyLoading` repeats enableLazyLoading below.
    ...(({ lazyLoading: _lazy, ...site }) => site)(getSiteInfo(db)),
    defaultCategory: s.defaultCategory,
    maxImageSize: s.maxImageSize,
    enableLazyLoading: s.enableLazyLoading,
    useCdn: s.useCdn,
    enableCommentModeration: s.enableCommentModeration,
    enableSpamFilters: s.enableSpamFilters,
    autoApproveComments: s.autoApproveComments,
  };
}

export const userDataSchema = z.object({
  uid: z
    .string({ error: "uid is required" })
    .trim()
    .min(1, "uid is required")
    .max(100, "uid is too long"),
});

/**
 * `POST /user/data {uid}`: the user's profile through
 * `getUserProfile` (never the hash; the apiKey only to that same user). The
 * email, last-change time and version go only to that user and to Administrators: a
 * staff member's address is not published to anonymous callers.
 */
export function userData(input: unknown, caller: SessionUser | null): Partial<PublicProfile> {
  const { uid } = parseInput(userDataSchema, input);
  const profile: Partial<PublicProfile> = getUserProfile(uid, caller);
  const self = caller?.uid === profile.uid;
  if (!self && !can(caller?.role, "manageSite")) {
    delete profile.email;
    delete profile.timestamp;
    // The record's version is for sending back an edit (docs/api.md): only who may edit it.
    delete profile.version;
  }
  if (!self) delete profile.apiKey;
  // Whether an account is deactivated is staff business.
  if (!can(caller?.role, "manageSite")) delete profile.active;
  return profile;
}
