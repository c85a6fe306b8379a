/**
 * A byline as others read it (docs/behaviour.md §bylines): schema.org `Person`s for the post's
 * structured data, and the `authors` of the JSON API, each with an absolute author-page address.
 */
import type { BylineEntry } from "~/domain/bylines/read.server";
import type { BylineName } from "~/domain/bylines/sentence";
import type { ContributorRole } from "~/domain/bylines/vocabulary";
import { absoluteUrl } from "~/utils/seo";

export type PersonLd = { "@type": "Person"; name: string; url?: string; sameAs?: string };

/** The absolute `/author/{slug}` address, or null for a contributor without a page. */
export function authorPageUrl(publicUrl: string, slug: string | null): string | null {
  return slug ? absoluteUrl(publicUrl, `/author/${slug}`) : null;
}

function person(publicUrl: string, e: BylineEntry): PersonLd {
  const url = authorPageUrl(publicUrl, e.slug);
  return {
    "@type": "Person",
    name: e.name,
    ...(url ? { url } : {}),
    // A guest's own site says who they are beyond this one.
    ...(e.kind === "guest" && /^https?:\/\//i.test(e.website) ? { sameAs: e.website } : {}),
  };
}

/**
 * The structured data's `author` (every Author, in order) and `contributor` (every other role);
 * a byline without an Author names `fallback`, the post's author.
 */
export function bylinePeople(
  publicUrl: string,
  entries: readonly BylineEntry[],
  fallback: PersonLd,
): { author: PersonLd[]; contributor: PersonLd[] | undefined } {
  const named = entries.filter((e) => e.name.trim() !== "");
  const authors = named.filter((e) => e.role === "Author").map((e) => person(publicUrl, e));
  const others = named.filter((e) => e.role !== "Author").map((e) => person(publicUrl, e));
  return {
    author: authors.length > 0 ? authors : [fallback],
    contributor: others.length > 0 ? others : undefined,
  };
}

/** The JSON API's `authors` (docs/api.md): every contributor in byline order. */
export type ApiAuthor = {
  name: string;
  slug: string | null;
  role: ContributorRole;
  url: string | null;
};

export function apiAuthors(publicUrl: string, byline: readonly BylineName[]): ApiAuthor[] {
  return byline.map((e) => ({
    name: e.name,
    slug: e.slug,
    role: e.role,
    url: authorPageUrl(publicUrl, e.slug),
  }));
}
