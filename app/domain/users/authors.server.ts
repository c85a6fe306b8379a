/**
 * Author pages (docs/behaviour.md §reading, Author pages): every user has a
 * slug made from their name, unique (a second "Jane Doe" is `jane-doe-2`), and
 * `/author/{slug}` lists their published posts. Accounts written without a
 * slug (older rows, other insert paths) get one the first time one is needed.
 */
import { and, eq, isNull, ne, sql } from "drizzle-orm";
import { guestContributors, posts, users } from "#db/schema";
import type { Db, DbOrTx } from "~/platform/db.server";
import { slugify } from "~/utils/slug";

export const MAX_BIO_LENGTH = 1000;

/**
 * The slug `name` gives in the one `/author/{slug}` namespace: unique among users' and guest
 * contributors' slugs (docs/decisions/150-author-pages.md), the record being renamed
 * (`except`) left out. Users and guests both take their slug from here.
 */
export function uniqueAuthorSlug(
  db: DbOrTx,
  name: string,
  except?: { userId?: number; guestId?: number },
): string {
  const base = slugify(name).replace(/-+/g, "-").replace(/^-|-$/g, "").slice(0, 80) || "author";
  for (let n = 1; ; n++) {
    const candidate = n === 1 ? base : `${base}-${n}`;
    const user = db
      .select({ id: users.id })
      .from(users)
      .where(
        except?.userId === undefined
          ? eq(users.slug, candidate)
          : and(eq(users.slug, candidate), ne(users.id, except.userId)),
      )
      .get();
    const guest = user
      ? undefined
      : db
          .select({ id: guestContributors.id })
          .from(guestContributors)
          .where(
            except?.guestId === undefined
              ? eq(guestContributors.slug, candidate)
              : and(
                  eq(guestContributors.slug, candidate),
                  ne(guestContributors.id, except.guestId),
                ),
          )
          .get();
    if (!user && !guest) return candidate;
  }
}

/** The slug `name` gives a user (`exceptId` being renamed), unique among users and guests. */
export function uniqueUserSlug(db: DbOrTx, name: string, exceptId?: number): string {
  return uniqueAuthorSlug(db, name, exceptId === undefined ? undefined : { userId: exceptId });
}

/** Gives user `id` the slug of `name` (kept when it already is that one). */
export function assignUserSlug(db: Db, id: number, name: string): string {
  const slug = uniqueUserSlug(db, name, id);
  db.update(users).set({ slug }).where(eq(users.id, id)).run();
  return slug;
}

/** Gives every user without a slug one (oldest first, so the first "Jane Doe" keeps `jane-doe`). */
export function ensureUserSlugs(db: Db): void {
  const missing = db
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(isNull(users.slug))
    .orderBy(users.id)
    .all();
  if (missing.length === 0) return;
  db.$client.transaction(() => {
    for (const u of missing) assignUserSlug(db, u.id, u.name);
  })();
}

export type Author = { id: number; name: string; slug: string; photo: string | null; bio: string };

/**
 * The author whose page is `/author/{slug}`, or undefined: any staff account
 * (an Author, Editor or Administrator), and a Subscriber account only once it
 * has a published post (a reader's account is not a public page).
 */
export function getAuthorBySlug(db: Db, slug: string): Author | undefined {
  ensureUserSlugs(db);
  const row = db
    .select({
      id: users.id,
      name: users.name,
      slug: users.slug,
      photo: users.photo,
      bio: users.bio,
      role: users.role,
    })
    .from(users)
    .where(eq(users.slug, slug))
    .get();
  if (!row?.slug) return undefined;
  if (row.role === "Subscriber" && !hasPublishedPost(db, row.id)) return undefined;
  return { id: row.id, name: row.name, slug: row.slug, photo: row.photo, bio: row.bio };
}

function hasPublishedPost(db: Db, authorId: number): boolean {
  return Boolean(
    db
      .select({ id: posts.id })
      .from(posts)
      .where(and(eq(posts.authorId, authorId), eq(posts.status, "published")))
      .limit(1)
      .get(),
  );
}

/**
 * The query behind listPublishedAuthors. Per user, one seek to the end of
 * their (author_id, 'published') run of posts_author_status_time_idx: the
 * cost follows the users, not the posts (a join grouped by user read every
 * published post).
 */
export function publishedAuthorsQuery(db: Db) {
  // Qualified by hand: drizzle writes bare column names inside a sql`` select field.
  const lastmod = sql<
    number | null
  >`(select max("posts"."timestamp") from "posts" where "posts"."author_id" = "users"."id" and "posts"."status" = 'published')`;
  return db.select({ slug: users.slug, lastmod }).from(users).orderBy(users.slug);
}

/** The authors listed in the sitemap: those with a published post, with their newest post's time. */
export function listPublishedAuthors(db: Db): { slug: string; lastmod: Date }[] {
  return publishedAuthorsQuery(db)
    .all()
    .flatMap((r) =>
      r.slug && r.lastmod !== null ? [{ slug: r.slug, lastmod: new Date(Number(r.lastmod)) }] : [],
    );
}

/** A user's author-page address and bio (My Profile shows them; the JSON profile keeps its documented fields). */
export function getAuthorFields(db: Db, uid: string): { slug: string | null; bio: string } {
  ensureUserSlugs(db);
  const row = db
    .select({ slug: users.slug, bio: users.bio })
    .from(users)
    .where(eq(users.uid, uid))
    .get();
  return { slug: row?.slug ?? null, bio: row?.bio ?? "" };
}
