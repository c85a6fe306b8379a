import { data } from "react-router";
import { ListingPage } from "~/components/listing-page";
import { countPublishedPosts, listPublishedPosts } from "~/domain/posts/reading.server";
import { getTagBySlug } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { parseListLimit } from "~/utils/paging";
import { rootSeo, seoMeta } from "~/utils/seo";
import { titleCase } from "~/utils/slug";
import type { Route } from "./+types/tag";

export function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const tag = getTagBySlug(db, params.tag.toLowerCase());
  if (!tag) throw data(null, { status: 404 });
  const limit = parseListLimit(new URL(request.url).searchParams.get("limit"));
  return {
    tag,
    limit,
    total: countPublishedPosts(db, { tagId: tag.id }),
    posts: listPublishedPosts(db, { tagId: tag.id, limit }),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(rootSeo(matches), {
    title: loaderData ? `#${titleCase(loaderData.tag.name)}` : "Page Not Found",
    description: loaderData?.tag.description,
    path: `/tag/${loaderData?.tag.slug ?? ""}`,
    noindex: !loaderData,
  });

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, ...rest } = loaderData;
  return (
    <ListingPage heading={`#${titleCase(tag.name)}`} description={tag.description} {...rest} />
  );
}
