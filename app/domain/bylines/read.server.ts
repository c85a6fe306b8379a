/**
 * Reading bylines (docs/behaviour.md §bylines): a post's contributors in order, staff and guests
 * alike, for any number of posts in one query.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { guestContributors, postContributors, users } from "#db/schema";
import type { ContributorRole } from "~/domain/bylines/vocabulary";
import type { DbOrTx } from "~/platform/db.server";

export type BylineEntry = {
  /** "user" a staff account, "guest" a guest contributor, "gone" a deleted one (name kept). */
  kind: "user" | "guest" | "gone";
  userId: number | null;
  guestId: number | null;
  name: string;
  role: ContributorRole;
  /** `/author/{slug}`'s slug; null for a deleted contributor or a user without one. */
  slug: string | null;
  photo: string | null;
  bio: string;
  /** A guest's own web address, or "". */
  website: string;
};

/** Each post's byline, in order; a post without one maps to []. */
export function bylinesFor(db: DbOrTx, postIds: readonly number[]): Map<number, BylineEntry[]> {
  const out = new Map<number, BylineEntry[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return out;
  const rows = db
    .select({
      postId: postContributors.postId,
      role: postContributors.role,
      keptName: postContributors.keptName,
      userId: users.id,
      userName: users.name,
      userSlug: users.slug,
      userPhoto: users.photo,
      userBio: users.bio,
      guestId: guestContributors.id,
      guestName: guestContributors.name,
      guestSlug: guestContributors.slug,
      guestPhoto: guestContributors.photo,
      guestBio: guestContributors.bio,
      guestUrl: guestContributors.url,
    })
    .from(postContributors)
    .leftJoin(users, eq(users.id, postContributors.userId))
    .leftJoin(guestContributors, eq(guestContributors.id, postContributors.guestId))
    .where(inArray(postContributors.postId, [...new Set(postIds)]))
    .orderBy(asc(postContributors.postId), asc(postContributors.position))
    .all();
  for (const r of rows) {
    const entry: BylineEntry =
      r.userId !== null
        ? {
            kind: "user",
            userId: r.userId,
            guestId: null,
            name: r.userName ?? "",
            role: r.role,
            slug: r.userSlug,
            photo: r.userPhoto,
            bio: r.userBio ?? "",
            website: "",
          }
        : r.guestId !== null
          ? {
              kind: "guest",
              userId: null,
              guestId: r.guestId,
              name: r.guestName ?? "",
              role: r.role,
              slug: r.guestSlug,
              photo: r.guestPhoto,
              bio: r.guestBio ?? "",
              website: r.guestUrl ?? "",
            }
          : {
              kind: "gone",
              userId: null,
              guestId: null,
              name: r.keptName ?? "",
              role: r.role,
              slug: null,
              photo: null,
              bio: "",
              website: "",
            };
    out.get(r.postId)?.push(entry);
  }
  return out;
}

/** One post's byline, in order. */
export function bylineOf(db: DbOrTx, postId: number): BylineEntry[] {
  return bylinesFor(db, [postId]).get(postId) ?? [];
}

/** The byline's authors (role Author), in order: who "By …" names and `author` fields list. */
export function authorsOf(byline: readonly BylineEntry[]): BylineEntry[] {
  return byline.filter((e) => e.role === "Author");
}
