/**
 * The one place that creates, updates, trashes and deletes posts (SPEC §4),
 * for the back-office screens and the JSON API alike. Every function takes
 * the acting user and checks their role here (ARCHITECTURE §4):
 *
 * - Subscribers write nothing (403).
 * - Authors and Contributors touch only their own posts. SPEC §6 matches by
 *   author *name*; we match by the author's user id (ARCHITECTURE §4 "own
 *   posts"), because two people can share a name and a rename must not hand
 *   posts to someone else.
 * - A Contributor's Publish becomes `reviewing`, and Contributors never delete.
 *
 * Content HTML is sanitised (allowlist, app/domain/posts/sanitize.server.ts) before it is
 * stored. Tags are referenced by name and must exist: an unknown tag is a 400
 * naming it (tags are created on the Tags screen or `/crud/add/doc`), so a typo
 * never creates a stray tag.
 */
import { randomUUID } from "node:crypto";
import { and, asc, desc, eq, inArray, ne, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import {
  categories,
  counters,
  POST_STATUSES,
  type Post,
  type PostStatus,
  posts,
  postTags,
  type SocialCard,
  tags,
  users,
} from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { badRequest, DomainError, forbidden, notFound, parseInput } from "~/domain/errors.server";
import { ALL_FIELDS_REQUIRED, isBlankText } from "~/domain/posts/fields";
import { sanitizePostHtml } from "~/domain/posts/sanitize.server";
import { nextId } from "~/platform/counters.server";
import { type Db, getDb } from "~/platform/db.server";
import { postPath, slugify } from "~/utils/slug";
import { htmlToText } from "~/utils/text";
import { formatDuration } from "~/utils/time";

export { ALL_FIELDS_REQUIRED };

// ---------------------------------------------------------------------------
// Input

/** A picture reference: a site path (`/uploads/…`, `/demo/…`) or an http(s) URL. */
export const ImageUrlSchema = z
  .string()
  .trim()
  .max(2048, "at most 2048 characters")
  .refine(
    (v) =>
      v === "" ||
      (v.startsWith("/") && !v.startsWith("//") && !/[\\\s]/.test(v)) ||
      /^https?:\/\/[^\s]+$/i.test(v),
    "must be a site path starting with / or an http(s) URL",
  );

/** Social card (SPEC §3, §5, §9): name, description ≤ 200 (newlines ignored), image, blur (default 3). */
export const SocialCardSchema = z.object({
  name: z.string().trim().min(1, "the card needs a name").max(200, "at most 200 characters"),
  description: z
    .string()
    .default("")
    // Newlines are ignored: each line break becomes a space, then the 200 limit applies.
    .transform((v) => v.replace(/\s*[\r\n]+\s*/g, " ").trim())
    .pipe(z.string().max(200, "at most 200 characters")),
  image: ImageUrlSchema.default(""),
  blur: z.preprocess(
    (v) => (v === null || v === undefined || v === "" ? 3 : v),
    z.coerce
      .number({ error: "a whole number from 0 to 50" })
      .int("a whole number from 0 to 50")
      .min(0, "a whole number from 0 to 50")
      .max(50, "a whole number from 0 to 50"),
  ),
});

export const SAVE_ACTIONS = ["draft", "publish", "preview", "trash"] as const;
export type SaveAction = (typeof SAVE_ACTIONS)[number];

/** What the Add/Edit Post form (and `/posts/add`, the crud add and update calls) send. */
export const PostInputSchema = z.object({
  /** Which button: Save Draft, Publish Post, Preview, Move to Trash. */
  action: z.enum(SAVE_ACTIONS, { error: "action must be draft, publish, preview or trash" }),
  title: z.string().max(200, "at most 200 characters").default(""),
  /** The category's name (its slug is accepted too). */
  category: z.string().max(100, "at most 100 characters").default(""),
  summary: z.string().max(2000, "at most 2000 characters").default(""),
  /** Editor HTML; sanitised before it is stored. */
  content: z.string().max(1_000_000, "at most 1,000,000 characters").default(""),
  /** Tag names (slugs accepted); each must exist. */
  tags: z
    .array(z.string().max(100, "at most 100 characters"))
    .max(50, "at most 50 tags")
    .default([]),
  photo: ImageUrlSchema.nullish(),
  socialCard: SocialCardSchema.nullish(),
});
export type PostInput = z.input<typeof PostInputSchema>;

/** A post's spec status (SPEC §7 `/posts/add` sends `status`) → the button that means it. */
export function actionForStatus(status: unknown): SaveAction {
  if (status === "published" || status === "reviewing" || status === "publish") return "publish";
  if (status === "trash") return "trash";
  if (status === undefined || status === null || status === "" || status === "draft")
    return "draft";
  throw badRequest("status must be draft, published, reviewing or trash");
}

// ---------------------------------------------------------------------------
// Output: a post as SPEC §3 shapes it for staff (and the generic data calls)

export type PostDocument = {
  id: number;
  uid: string;
  status: PostStatus;
  title: string;
  slug: string;
  url: string;
  summary: string;
  content: string;
  /** Category name; "" when the category was deleted. */
  category: string;
  tags: string[];
  photo: string | null;
  socialCard: SocialCard | null;
  views: number;
  likes: number;
  shares: number;
  /** "Xm Ys". */
  avgTime: string;
  bounceRate: number;
  /** Epoch milliseconds. */
  timestamp: number;
  createdAt: number;
  updatedAt: number;
  user: { uid: string | null; name: string; photo: string | null };
};

const documentColumns = {
  post: posts,
  categoryName: categories.name,
  authorUid: users.uid,
  authorName: users.name,
  authorPhoto: users.photo,
};

export type PostQuery = {
  where?: SQL;
  limit?: number;
  offset?: number;
  order?: "newest" | "oldest";
};

/** Posts as documents: one query for the posts, one for all their tags. */
export function postDocuments(db: Db, query: PostQuery = {}): PostDocument[] {
  const rows = db
    .select(documentColumns)
    .from(posts)
    .leftJoin(categories, eq(categories.id, posts.categoryId))
    .leftJoin(users, eq(users.id, posts.authorId))
    .where(query.where)
    .orderBy(
      query.order === "oldest" ? asc(posts.timestamp) : desc(posts.timestamp),
      query.order === "oldest" ? asc(posts.id) : desc(posts.id),
    )
    .limit(query.limit ?? -1)
    .offset(query.offset ?? 0)
    .all();
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.post.id);
  const tagRows = db
    .select({ postId: postTags.postId, name: tags.name })
    .from(postTags)
    .innerJoin(tags, eq(tags.id, postTags.tagId))
    .where(inArray(postTags.postId, ids))
    .orderBy(asc(tags.name))
    .all();
  const tagsByPost = new Map<number, string[]>();
  for (const t of tagRows) {
    const list = tagsByPost.get(t.postId) ?? [];
    list.push(t.name);
    tagsByPost.set(t.postId, list);
  }
  return rows.map((r) => ({
    id: r.post.id,
    uid: r.post.uid,
    status: r.post.status,
    title: r.post.title,
    slug: r.post.slug,
    url: r.post.url,
    summary: r.post.summary,
    content: r.post.content,
    category: r.categoryName ?? "",
    tags: tagsByPost.get(r.post.id) ?? [],
    photo: r.post.photo,
    socialCard: r.post.socialCard ?? null,
    views: r.post.views,
    likes: r.post.likes,
    shares: r.post.shares,
    avgTime: formatDuration(r.post.avgTimeSeconds),
    bounceRate: r.post.bounceRate,
    timestamp: r.post.timestamp.getTime(),
    createdAt: r.post.createdAt.getTime(),
    updatedAt: r.post.updatedAt.getTime(),
    user: { uid: r.authorUid, name: r.authorName ?? "Inkwell Staff", photo: r.authorPhoto },
  }));
}

/** Authors and Contributors see only their own posts; this is the condition, or undefined for all. */
export function visiblePostsCondition(actor: SessionUser): SQL | undefined {
  return can(actor.role, "seeAllPosts") ? undefined : eq(posts.authorId, actor.id);
}

/** A post the actor may open in the editor (403 for someone else's, 404 when missing). */
export function getEditablePost(actor: SessionUser, id: number, db: Db = getDb()): PostDocument {
  const row = loadOwned(db, actor, id);
  const [doc] = postDocuments(db, { where: eq(posts.id, row.id) });
  return doc as PostDocument;
}

/** SPEC §9: the admin posts list shows 25 a page. */
export const ADMIN_POSTS_PAGE_SIZE = 25;

/** The posts list's query string (SPEC §2 `/admin/posts?page=&status=`, plus the title search). */
export const AdminPostListSchema = z.object({
  status: z.preprocess(
    (v) => (v === "" || v === "all" || v === null ? undefined : v),
    z
      .enum(POST_STATUSES, { error: "status must be draft, reviewing, published or trash" })
      .optional(),
  ),
  page: z.preprocess(
    (v) => (v === "" || v === null ? undefined : v),
    z.coerce.number().int("page must be a whole number").min(1).max(1_000_000).default(1),
  ),
  search: z.string().trim().max(200, "search: at most 200 characters").default(""),
});

export type AdminPostList = {
  posts: PostDocument[];
  /** Per filter tab; `all` is every status but trash. */
  counts: Record<"all" | PostStatus, number>;
  /** Posts matching the filter and search (for the pagination). */
  total: number;
  page: number;
  pageCount: number;
  status: PostStatus | undefined;
  search: string;
};

/**
 * The back office's posts list: the actor's visible posts (their own for
 * Authors and Contributors), newest first, 25 a page, filtered by status
 * ("All" leaves out the trash, as WordPress does) and by a title search,
 * with the count of every filter tab. Three queries whatever the page size.
 */
export function listPostsForAdmin(
  actor: SessionUser,
  input: unknown = {},
  db: Db = getDb(),
): AdminPostList {
  assertWriter(actor);
  const { status, page, search } = parseInput(AdminPostListSchema, input);
  const visible = visiblePostsCondition(actor);
  const counts: AdminPostList["counts"] = {
    all: 0,
    draft: 0,
    reviewing: 0,
    published: 0,
    trash: 0,
  };
  for (const row of db
    .select({ status: posts.status, n: sql<number>`count(*)` })
    .from(posts)
    .where(visible)
    .groupBy(posts.status)
    .all()) {
    counts[row.status] = row.n;
    if (row.status !== "trash") counts.all += row.n;
  }
  const where = and(
    visible,
    status ? eq(posts.status, status) : ne(posts.status, "trash"),
    search ? sql`instr(lower(${posts.title}), lower(${search})) > 0` : undefined,
  );
  const total = search
    ? (db.select({ n: sql<number>`count(*)` }).from(posts).where(where).get()?.n ?? 0)
    : status
      ? counts[status]
      : counts.all;
  const pageCount = Math.max(1, Math.ceil(total / ADMIN_POSTS_PAGE_SIZE));
  const list = postDocuments(db, {
    where,
    limit: ADMIN_POSTS_PAGE_SIZE,
    offset: (page - 1) * ADMIN_POSTS_PAGE_SIZE,
  });
  return { posts: list, counts, total, page, pageCount, status, search };
}

// ---------------------------------------------------------------------------
// Rules

function assertWriter(actor: SessionUser) {
  if (!can(actor.role, "writePosts")) throw forbidden("Your role cannot write posts");
}

function loadOwned(db: Db, actor: SessionUser, id: number): Post {
  assertWriter(actor);
  if (!Number.isSafeInteger(id) || id < 1) throw notFound("Post not found");
  const row = db.select().from(posts).where(eq(posts.id, id)).get();
  if (!row) throw notFound("Post not found");
  if (!can(actor.role, "seeAllPosts") && row.authorId !== actor.id) {
    throw forbidden("You can only change your own posts");
  }
  return row;
}

/**
 * SPEC §4: Save Draft → draft; Publish → published (reviewing for a
 * Contributor); Move to Trash → trash; Preview → draft on Add Post, and on
 * Edit Post draft for a Contributor, published otherwise.
 */
export function nextStatus(actor: SessionUser, action: SaveAction, isNew: boolean): PostStatus {
  const mayPublish = can(actor.role, "publishPosts");
  switch (action) {
    case "draft":
      return "draft";
    case "publish":
      return mayPublish ? "published" : "reviewing";
    case "preview":
      return isNew || !mayPublish ? "draft" : "published";
    case "trash":
      if (isNew) throw badRequest("A new post cannot be moved to the trash; save it first");
      return "trash";
  }
}

type Resolved = {
  values: {
    title: string;
    slug: string;
    summary: string;
    content: string;
    categoryId: number;
    categorySlug: string;
    photo: string | null;
    socialCard: SocialCard | null;
  };
  tagIds: number[];
};

function resolveInput(db: Db, input: z.output<typeof PostInputSchema>): Resolved {
  const title = input.title.trim();
  const categoryInput = input.category.trim();
  const summary = input.summary.trim();
  const rawContent = input.content.trim();
  if ([title, categoryInput, summary, rawContent].some(isBlankText)) {
    throw badRequest(ALL_FIELDS_REQUIRED);
  }
  const content = sanitizePostHtml(rawContent).trim();
  // Content that was nothing but removed markup (a lone <script>) is blank.
  if (isBlankText(htmlToText(content)) && !/<img\s/i.test(content)) {
    throw badRequest(ALL_FIELDS_REQUIRED);
  }

  const category = db
    .select({ id: categories.id, slug: categories.slug })
    .from(categories)
    .where(
      or(
        sql`lower(${categories.name}) = lower(${categoryInput})`,
        eq(categories.slug, slugify(categoryInput)),
      ),
    )
    .get();
  if (!category) throw badRequest(`Unknown category "${categoryInput}"`);

  const wanted = [...new Set(input.tags.map((t) => t.trim()).filter(Boolean))];
  const tagIds: number[] = [];
  if (wanted.length > 0) {
    const found = db
      .select({ id: tags.id, name: tags.name, slug: tags.slug })
      .from(tags)
      .where(
        or(
          inArray(
            sql`lower(${tags.name})`,
            wanted.map((t) => t.toLowerCase()),
          ),
          inArray(tags.slug, wanted.map(slugify)),
        ),
      )
      .all();
    const unknown = wanted.filter(
      (t) => !found.some((f) => f.name.toLowerCase() === t.toLowerCase() || f.slug === slugify(t)),
    );
    if (unknown.length > 0) {
      throw badRequest(
        `Unknown tag${unknown.length > 1 ? "s" : ""}: ${unknown.map((t) => `"${t}"`).join(", ")}`,
      );
    }
    tagIds.push(...new Set(found.map((f) => f.id)));
  }

  const card = input.socialCard ?? null;
  return {
    values: {
      title,
      slug: slugify(title) || "post",
      summary,
      content,
      categoryId: category.id,
      categorySlug: category.slug,
      photo: input.photo ? input.photo : null,
      socialCard: card
        ? { name: card.name, description: card.description, image: card.image, blur: card.blur }
        : null,
    },
    tagIds,
  };
}

function writeTags(db: Db, postId: number, tagIds: number[]) {
  db.delete(postTags).where(eq(postTags.postId, postId)).run();
  if (tagIds.length > 0) {
    db.insert(postTags)
      .values(tagIds.map((tagId) => ({ postId, tagId })))
      .run();
  }
}

// ---------------------------------------------------------------------------
// Writes

export type SaveResult = {
  post: PostDocument;
  created: boolean;
  /** The message the screens toast (SPEC §8). */
  message: string;
};

/**
 * SPEC §8's toasts: a draft is "Draft saved successfully!"; a publish (a
 * Contributor's lands in review) is "Post saved successfully!" on Add Post
 * and "Post updated successfully!" on Edit, as is Move to Trash.
 */
function successMessage(action: SaveAction, created: boolean, status: PostStatus) {
  if (action !== "trash" && status === "draft") return "Draft saved successfully!";
  return created ? "Post saved successfully!" : "Post updated successfully!";
}

/**
 * Creates a post (no `id`) or updates one (`id`), per SPEC §4. On create the
 * id comes from the posts counter, or is `reservedId` when the caller got one
 * from `/get/nextid` first (SPEC §7 `/posts/add` sends it). Counters start at 0.
 * On update the owner, id, uid and counters never change; the timestamp
 * moves to now when the status changes.
 */
export function savePost(
  actor: SessionUser,
  raw: unknown,
  options: { id?: number; reservedId?: number; now?: Date; db?: Db } = {},
): SaveResult {
  const db = options.db ?? getDb();
  assertWriter(actor);
  const input = parseInput(PostInputSchema, raw);
  const now = options.now ?? new Date();

  if (options.id !== undefined) {
    const existing = loadOwned(db, actor, options.id);
    const status = nextStatus(actor, input.action, false);
    const { values, tagIds } = resolveInput(db, input);
    const { categorySlug, ...columns } = values;
    db.transaction((tx) => {
      tx.update(posts)
        .set({
          ...columns,
          status,
          url: postPath(existing.id, categorySlug, values.slug),
          timestamp: status !== existing.status ? now : existing.timestamp,
          updatedAt: now,
        })
        .where(eq(posts.id, existing.id))
        .run();
      writeTags(tx as unknown as Db, existing.id, tagIds);
    });
    const [post] = postDocuments(db, { where: eq(posts.id, existing.id) });
    return {
      post: post as PostDocument,
      created: false,
      message: successMessage(input.action, false, status),
    };
  }

  const status = nextStatus(actor, input.action, true);
  const { values, tagIds } = resolveInput(db, input);
  const { categorySlug, ...columns } = values;
  const id = db.transaction((tx) => {
    const txDb = tx as unknown as Db;
    let newId: number;
    if (options.reservedId !== undefined) {
      newId = options.reservedId;
      const handedOut =
        txDb
          .select({ next: counters.nextId })
          .from(counters)
          .where(eq(counters.collection, "posts"))
          .get()?.next ?? 1;
      if (!Number.isSafeInteger(newId) || newId < 1 || newId >= handedOut) {
        throw badRequest(`id ${newId} was not handed out by /get/nextid`);
      }
      if (txDb.select({ id: posts.id }).from(posts).where(eq(posts.id, newId)).get()) {
        throw new DomainError(409, `A post with id ${newId} already exists`);
      }
    } else {
      newId = nextId(txDb, "posts");
    }
    txDb
      .insert(posts)
      .values({
        ...columns,
        id: newId,
        uid: randomUUID(),
        status,
        url: postPath(newId, categorySlug, values.slug),
        views: 0,
        likes: 0,
        shares: 0,
        avgTimeSeconds: 0,
        bounceRate: 0,
        timestamp: now,
        authorId: actor.id,
        createdAt: now,
        updatedAt: now,
      })
      .run();
    writeTags(txDb, newId, tagIds);
    return newId;
  });
  const [post] = postDocuments(db, { where: eq(posts.id, id) });
  return {
    post: post as PostDocument,
    created: true,
    message: successMessage(input.action, true, status),
  };
}

/** Move to Trash (SPEC §4; the posts-list action too, fixed to trash the post it is on). */
export function trashPost(actor: SessionUser, id: number, db: Db = getDb()): PostDocument {
  const existing = loadOwned(db, actor, id);
  if (existing.status !== "trash") {
    const now = new Date();
    db.update(posts)
      .set({ status: "trash", timestamp: now, updatedAt: now })
      .where(eq(posts.id, id))
      .run();
  }
  const [post] = postDocuments(db, { where: eq(posts.id, id) });
  return post as PostDocument;
}

/**
 * The posts list's bulk Move to Trash: every selected post must exist and be
 * the actor's to change (else nothing is trashed). Two queries.
 */
export function trashPosts(actor: SessionUser, ids: number[], db: Db = getDb()): number {
  assertWriter(actor);
  const wanted = [...new Set(ids)];
  if (wanted.length === 0) throw badRequest("Select at least one post");
  if (wanted.length > 100) throw badRequest("At most 100 posts at a time");
  if (wanted.some((id) => !Number.isSafeInteger(id) || id < 1)) throw notFound("Post not found");
  const rows = db
    .select({ id: posts.id, authorId: posts.authorId })
    .from(posts)
    .where(inArray(posts.id, wanted))
    .all();
  if (rows.length !== wanted.length) throw notFound("Post not found");
  if (!can(actor.role, "seeAllPosts") && rows.some((r) => r.authorId !== actor.id)) {
    throw forbidden("You can only change your own posts");
  }
  const now = new Date();
  db.update(posts)
    .set({ status: "trash", timestamp: now, updatedAt: now })
    .where(and(inArray(posts.id, wanted), ne(posts.status, "trash")))
    .run();
  return wanted.length;
}

/** Delete Post: removes it for good. Contributors never; Authors only their own. */
export function deletePost(actor: SessionUser, id: number, db: Db = getDb()): { id: number } {
  assertWriter(actor);
  if (!can(actor.role, "deletePosts")) throw forbidden("Contributors cannot delete posts");
  const existing = loadOwned(db, actor, id);
  db.delete(posts).where(eq(posts.id, existing.id)).run();
  return { id: existing.id };
}
