import { data } from "react-router";
import { ListingPage } from "~/components/listing-page";
import { countPublishedPosts, listPublishedPosts } from "~/domain/posts/reading.server";
import { getAuthorBySlug } from "~/domain/users/authors.server";
import { getDb } from "~/platform/db.server";
import { parseListLimit } from "~/utils/paging";
import { rootSeo, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/author";

/** `/author/:slug`: photo, name, bio and the author's published posts, 10 at a time (Load more). */
export function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const author = getAuthorBySlug(db, params.slug.toLowerCase());
  if (!author) throw data(null, { status: 404 });
  const limit = parseListLimit(new URL(request.url).searchParams.get("limit"));
  return {
    author: { name: author.name, slug: author.slug, photo: author.photo, bio: author.bio },
    limit,
    total: countPublishedPosts(db, { authorId: author.id }),
    posts: listPublishedPosts(db, { authorId: author.id, limit }),
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
      ? { path: `/author/${loaderData.author.slug}/rss.xml`, title: loaderData.author.name }
      : undefined,
  });

export default function AuthorPage({ loaderData }: Route.ComponentProps) {
  const { author, ...rest } = loaderData;
  return (
    <ListingPage heading={author.name} description={author.bio} photo={author.photo} {...rest} />
  );
}
