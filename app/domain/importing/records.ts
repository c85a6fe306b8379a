/**
 * What every import format is read into before it is written: the writer
 * (./writer.server.ts) knows only these shapes, so WordPress, Ghost and
 * Inkwell's own archive share one way of creating records. `sourceId` is the
 * source's own id (its GUID); with the file's `source` it is what makes a
 * second import of the same file create nothing.
 */
import type { SocialCard } from "#db/schema";
import type { ContributorRole } from "~/domain/bylines/vocabulary";
import type { CommentStatus } from "~/domain/comments/vocabulary";
import type { PageNav, PageStatus } from "~/domain/pages/vocabulary";
import type { PostStatus } from "~/domain/posts/statuses";
import type { Audience, SubscriberStatus } from "~/domain/subscribers/vocabulary";
import type { StatusMapping } from "./statuses";

export type SourceAuthor = {
  sourceId: string;
  /** Login or slug: posts refer to their author by it. */
  login: string;
  email: string | null;
  name: string;
  /** Inkwell's own archive: the profile photo. */
  photo?: string | null;
};

export type SourceTerm = {
  kind: "category" | "tag";
  sourceId: string;
  slug: string;
  name: string;
  description: string;
  /** Old archive addresses (`/category/parent/child`) answering 301 to the new one. */
  oldPaths?: string[];
};

export type TermRef = { slug: string; name: string };

/** A guest contributor of the source (WordPress Co-Authors Plus's guest authors). */
export type SourceGuest = {
  sourceId: string;
  /** What bylines name them by (CAP's `cap-user_login`). */
  login: string;
  name: string;
  bio: string;
  website: string;
  photo?: string | null;
};

/** One name of a post's byline: a staff author's login (or e-mail) or a guest's login. */
export type SourceContributor = { ref: string; name: string; role?: ContributorRole };

export type SourcePost = {
  sourceId: string;
  title: string;
  slug: string;
  status: PostStatus;
  /** Why the status differs from the source's (private → draft…), for the report. */
  statusNote?: string;
  /** A `scheduled` post: when the scheduler publishes it (always in the future). */
  publishAt?: Date;
  /** HTML before the sanitiser (the writer sanitises it). */
  html: string;
  /** Plain text or HTML; empty: the first 200 characters of the text. */
  excerpt: string;
  date: Date;
  /** The author's login (SourceAuthor.login) or e-mail. */
  author: string | null;
  /** Co-authors in order (docs/behaviour.md §bylines); absent: the author alone. */
  byline?: SourceContributor[];
  category: TermRef | null;
  /** Further categories a post had (Inkwell keeps one), named in the report. */
  extraCategories: TermRef[];
  tags: TermRef[];
  featureImage: string | null;
  /** Old addresses answering 301 to the new post: `/2010/10/06/slug`, `/?p=12`. */
  oldPaths: string[];
  /** Readers may not comment (WordPress's `comment_status` closed, the archive's switch). */
  commentsClosed?: boolean;
  /** What reading the content changed (a shortcode dropped…), for the post's report line. */
  remarks?: string[];
  /** Inkwell's own archive: the id to keep (so `/{id}/…` addresses stay), when it is free. */
  keepId?: number;
  /** Inkwell's own archive: the post's social card. */
  socialCard?: SocialCard | null;
  /** Inkwell's own archive: the counters readers see. */
  counts?: {
    views: number;
    likes: number;
    shares: number;
    avgTimeSeconds: number;
    bounceRate: number;
  };
};

export type SourceMedia = {
  sourceId: string;
  url: string;
  title: string;
  date: Date;
  /** Inkwell's own archive: the library record as it was. */
  row?: {
    name: string;
    mimeType: string;
    size: number;
    width: number | null;
    height: number | null;
    collection: string;
  };
};

export type SourceSubscriber = {
  email: string;
  name: string;
  status: SubscriberStatus;
  audiences: Audience[];
  date: Date;
};

/**
 * A reader's comment on a post. Threads are one level deep here: a reply to a
 * reply joins its thread's first comment (as the comment form does).
 */
export type SourceComment = {
  sourceId: string;
  /** The source id of the post it answers (SourcePost.sourceId). */
  postSourceId: string;
  /** The source id of the comment it replies to, if any. */
  parentSourceId: string | null;
  name: string;
  email: string;
  url: string;
  /** Plain text (the comments area renders it escaped). */
  body: string;
  status: CommentStatus;
  date: Date;
};

/** A static page (docs/behaviour.md §pages). */
export type SourcePage = {
  sourceId: string;
  title: string;
  slug: string;
  status: PageStatus;
  statusNote?: string;
  /** HTML before the sanitiser. */
  html: string;
  /** What reading the content changed, for the page's report line. */
  remarks?: string[];
  summary: string;
  date: Date;
  author: string | null;
  nav?: PageNav;
  navOrder?: number;
  /** Old addresses answering 301 to the page (`/parent/child`). */
  oldPaths: string[];
  /**
   * This site's own page (Reach Out, a policy) from an Inkwell archive: it replaces the text of
   * the page at that address instead of becoming a second page beside it.
   */
  sitePage?: boolean;
};

/**
 * A post as every reader builds it: the source's status read as Inkwell's
 * (`mapped`), and its categories in the source's order (the first is kept,
 * the others are named in the report).
 */
export function postRecord(
  fields: Omit<
    SourcePost,
    "status" | "statusNote" | "publishAt" | "category" | "extraCategories"
  > & {
    mapped: StatusMapping;
    categories: TermRef[];
  },
): SourceRecord {
  const { mapped, categories, ...post } = fields;
  return {
    type: "post",
    value: {
      ...post,
      status: mapped.status,
      statusNote: mapped.note,
      publishAt: mapped.publishAt,
      category: categories[0] ?? null,
      extraCategories: categories.slice(1),
    },
  };
}

export type SourceSkip = { kind: string; sourceId: string; title: string; reason: string };

export type SourceRecord =
  | { type: "author"; value: SourceAuthor }
  | { type: "guest"; value: SourceGuest }
  | { type: "term"; value: SourceTerm }
  | { type: "post"; value: SourcePost }
  | { type: "page"; value: SourcePage }
  | { type: "comment"; value: SourceComment }
  | { type: "media"; value: SourceMedia }
  | { type: "subscriber"; value: SourceSubscriber }
  | { type: "settings"; value: Record<string, unknown> }
  | { type: "skip"; value: SourceSkip };

/** What a format reader found in a first, read-only pass: nothing is written before it succeeds. */
export type Inspection = {
  /** Items the progress bar counts. */
  total: number;
  /** Identifies the site the file comes from (its base URL, or its title). */
  source: string;
  notes: string[];
};
