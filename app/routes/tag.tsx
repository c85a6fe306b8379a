import { ListingPage } from "~/components/listing-page";
import { getTagBySlug } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { titleCase } from "~/utils/slug";
import { loadTermListing } from "~/web/listing.server";
import type { Route } from "./+types/tag";

export function loader({ params, request }: Route.LoaderArgs) {
  const tag = getTagBySlug(getDb(), params.tag.toLowerCase());
  const { term, ...listing } = loadTermListing(request, tag, "tagId");
  return { tag: term, ...listing };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(rootSeo(matches), {
    title: loaderData ? `#${titleCase(loaderData.tag.name)}` : "Page Not Found",
    description: loaderData?.tag.description,
    path: `/tag/${loaderData?.tag.slug ?? ""}`,
    noindex: !loaderData,
    feed: loaderData
      ? { base: `/tag/${loaderData.tag.slug}`, title: `#${titleCase(loaderData.tag.name)}` }
      : undefined,
  });

export default function TagPage({ loaderData }: Route.ComponentProps) {
  const { tag, ...rest } = loaderData;
  return (
    <ListingPage heading={`#${titleCase(tag.name)}`} description={tag.description} {...rest} />
  );
}
