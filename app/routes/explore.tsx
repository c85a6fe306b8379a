import { Link } from "react-router";
import { getDb } from "~/db.server";
import { listCategories, listTags } from "~/taxonomy.server";
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
        <ul className="chip-list">
          {loaderData.categories.map((c) => (
            <li key={c.id}>
              <Link to={`/category/${c.slug}`} className="chip">
                {c.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
      <section aria-labelledby="tags-heading">
        <h2 id="tags-heading">Tags</h2>
        <ul className="chip-list">
          {loaderData.tags.map((t) => (
            <li key={t.id}>
              <Link to={`/tag/${t.slug}`} className="chip">
                #{t.name}
              </Link>
            </li>
          ))}
        </ul>
      </section>
    </div>
  );
}
