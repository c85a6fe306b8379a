import { ListingPage } from "~/components/listing-page";
import { getCategoryBySlug } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { titleCase } from "~/utils/slug";
import { loadTermListing } from "~/web/listing.server";
import type { Route } from "./+types/category";

export function loader({ params, request }: Route.LoaderArgs) {
  const category = getCategoryBySlug(getDb(), params.category.toLowerCase());
  const { term, ...listing } = loadTermListing(request, category, "categoryId");
  return { category: term, ...listing };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(rootSeo(matches), {
    title: loaderData ? titleCase(loaderData.category.name) : "Page Not Found",
    description: loaderData?.category.description,
    path: `/category/${loaderData?.category.slug ?? ""}`,
    noindex: !loaderData,
    feed: loaderData
      ? {
          base: `/category/${loaderData.category.slug}`,
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
