import { ChipList } from "~/components/chip-list";
import { listCategories, listTags } from "~/domain/taxonomy/taxonomy.server";
import { getDb } from "~/platform/db.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/explore";

export function loader() {
  const db = getDb();
  return { categories: listCategories(db), tags: listTags(db) };
}

export const meta: Route.MetaFunction = ({ matches }) =>
  seoMeta(rootSeo(matches), {
    title: "Explore",
    description: "Every section and topic we cover, in one place.",
    path: "/explore",
  });

export default function Explore({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <h1 className="page-title">Explore</h1>
      <section aria-labelledby="categories-heading">
        <h2 id="categories-heading">Categories</h2>
        <ChipList
          items={loaderData.categories.map((c) => ({
            key: c.id,
            to: `/category/${c.slug}`,
            text: c.name,
          }))}
        />
      </section>
      <section aria-labelledby="tags-heading">
        <h2 id="tags-heading">Tags</h2>
        <ChipList
          items={loaderData.tags.map((t) => ({
            key: t.id,
            to: `/tag/${t.slug}`,
            text: `#${t.name}`,
          }))}
        />
      </section>
    </div>
  );
}
