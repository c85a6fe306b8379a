import { ChipList } from "~/components/chip-list";
import { PostList } from "~/components/post-card";
import { getDb } from "~/db.server";
import { listPublishedPosts } from "~/posts.server";
import { listCategories } from "~/taxonomy.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/home";

export function loader() {
  const db = getDb();
  return {
    posts: listPublishedPosts(db, { limit: 12 }),
    categories: listCategories(db),
  };
}

export const meta: Route.MetaFunction = ({ matches }) => seoMeta(rootSeo(matches), { path: "/" });

export default function Home({ loaderData }: Route.ComponentProps) {
  return (
    <div className="container">
      <h1 className="page-title">Latest stories</h1>
      <nav aria-label="Sections">
        <ChipList
          items={loaderData.categories.map((c) => ({
            key: c.id,
            to: `/category/${c.slug}`,
            text: c.name,
          }))}
        />
      </nav>
      <PostList posts={loaderData.posts} />
    </div>
  );
}
