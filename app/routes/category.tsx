import { data } from "react-router";
import { ListingPage } from "~/components/listing-page";
import { countPublishedPosts, listPublishedPosts } from "~/domain/posts/reading.server";
import { getCategoryBySlug } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { parseListLimit } from "~/utils/paging";
import { rootSeo, seoMeta } from "~/utils/seo";
import { titleCase } from "~/utils/slug";
import type { Route } from "./+types/category";

export function loader({ params, request }: Route.LoaderArgs) {
  const db = getDb();
  const category = getCategoryBySlug(db, params.category.toLowerCase());
  if (!category) throw data(null, { status: 404 });
  const limit = parseListLimit(new URL(request.url).searchParams.get("limit"));
  return {
    category,
    limit,
    total: countPublishedPosts(db, { categoryId: category.id }),
    posts: listPublishedPosts(db, { categoryId: category.id, limit }),
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(rootSeo(matches), {
    title: loaderData ? titleCase(loaderData.category.name) : "Page Not Found",
    description: loaderData?.category.description,
    path: `/category/${loaderData?.category.slug ?? ""}`,
    noindex: !loaderData,
    feed: loaderData
      ? {
          path: `/category/${loaderData.category.slug}/rss.xml`,
          title: titleCase(loaderData.category.name),
        }
      : undefined,
  });

export default function CategoryPage({ loaderData }: Route.ComponentProps) {
  const { category, ...rest } = loaderData;
  return (
    <ListingPage heading={titleCase(category.name)} description={category.description} {...rest} />
  );
}
