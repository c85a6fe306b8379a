import { data } from "react-router";
import { ListingPage } from "~/components/listing-page";
import { getContributorBySlug } from "~/domain/bylines/contributor-pages.server";
import { countPublishedPosts, listPublishedPosts } from "~/domain/posts/reading.server";
import { getDb } from "~/platform/db.server";
import { parseListLimit } from "~/utils/paging";
import { rootSeo, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/author";

/**
 * `/author/:slug`, a staff account's or a guest contributor's (docs/behaviour.md §bylines):
 * photo, name, bio (and a guest's web address), then the published posts they are in the byline
 * of, 10 at a time (Load more).
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const author = getContributorBySlug(db, params.slug.toLowerCase());
  if (!author) throw data(null, { status: 404 });
  const limit = parseListLimit(new URL(request.url).searchParams.get("limit"));
  return {
    author: {
      name: author.name,
      slug: author.slug,
      photo: author.photo,
      bio: author.bio,
      website: author.website,
    },
    limit,
    total: countPublishedPosts(db, { contributor: author.ref }),
    posts: listPublishedPosts(db, { contributor: author.ref, limit }),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(rootSeo(matches), {
    title: loaderData?.author.name ?? "Page Not Found",
    description: loaderData?.author.bio || undefined,
    path: `/author/${loaderData?.author.slug ?? ""}`,
    image: loaderData?.author.photo,
    imageAlt: loaderData?.author.photo ? loaderData.author.name : undefined,
    type: "website",
    noindex: !loaderData,
    feed: loaderData
      ? { base: `/author/${loaderData.author.slug}`, title: loaderData.author.name }
      : undefined,
  });

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, ...rest } = loaderData;
  return (
    <ListingPage
      heading={author.name}
      description={author.bio}
      photo={author.photo}
      website={author.website}
      {...rest}
    />
  );
}
