/**
 * Author pages for every contributor (docs/behaviour.md §bylines; decision 150 for staff): a
 * staff account or a guest contributor answers `/author/{slug}` (one namespace), and lists the
 * published posts whose byline holds them, in any role.
 */
import { eq, sql } from "drizzle-orm";
import { guestContributors } from "#db/schema";
import type { ContributorRef } from "~/domain/posts/reading.server";
import { getAuthorBySlug } from "~/domain/users/authors.server";
import type { Db } from "~/platform/db.server";

export type ContributorPage = {
  kind: "user" | "guest";
  /** Whose posts the page and its feed list. */
  ref: ContributorRef;
  name: string;
  slug: string;
  photo: string | null;
  bio: string;
  /** A guest's own web address ("" for staff and guests without one). */
  website: string;
};

/** The contributor whose page is `/author/{slug}`: a staff account first, else a guest; or undefined. */
export function getContributorBySlug(db: Db, slug: string): ContributorPage | undefined {
  const author = getAuthorBySlug(db, slug);
  if (author) {
    const { id, ...rest } = author;
    return { kind: "user", ref: { userId: id }, ...rest, website: "" };
  }
  const guest = db
    .select({
      id: guestContributors.id,
      name: guestContributors.name,
      slug: guestContributors.slug,
      photo: guestContributors.photo,
      bio: guestContributors.bio,
      website: guestContributors.url,
    })
    .from(guestContributors)
    .where(eq(guestContributors.slug, slug))
    .get();
  if (!guest) return undefined;
  const { id, website, ...rest } = guest;
  // Only a web address is shown as a link (never another scheme).
  const safe = /^https?:\/\//i.test(website) ? website : "";
  return { kind: "guest", ref: { guestId: id }, ...rest, website: safe };
}

/**
 * The guests the sitemap lists: those in the byline of a published post, with that newest
 * post's time. Per guest, one range of post_contributors' guest index.
 */
export function listPublishedGuests(db: Db): { slug: string; lastmod: Date }[] {
  // Qualified by hand: drizzle writes bare column names inside a sql`` select field.
  const lastmod = sql<number | null>`(select max("posts"."timestamp") from "posts"
    where "posts"."status" = 'published' and "posts"."id" in
      (select "post_id" from "post_contributors" where "guest_id" = "guest_contributors"."id"))`;
  return db
    .select({ slug: guestContributors.slug, lastmod })
    .from(guestContributors)
    .orderBy(guestContributors.slug)
    .all()
    .flatMap((r) =>
      r.lastmod !== null ? [{ slug: r.slug, lastmod: new Date(Number(r.lastmod)) }] : [],
    );
}
