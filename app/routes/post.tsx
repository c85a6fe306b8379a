import { data, Link, redirect } from "react-router";
import { Byline } from "~/components/byline";
import { ChipList } from "~/components/chip-list";
import { getDb } from "~/db.server";
import { getPublishedPost } from "~/posts.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import type { Route } from "./+types/post";

export function loader({ params }: Route.LoaderArgs) {
  if (!/^\d{1,15}$/.test(params.id)) throw data(null, { status: 404 });
  const post = getPublishedPost(getDb(), Number(params.id));
  if (!post) throw data(null, { status: 404 });
  const requested = `/${params.id}/${params.category}/${params.url}`;
  if (requested !== post.url) throw redirect(post.url, 301);
  return { post };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) => {
  const post = loaderData?.post;
  return seoMeta(rootSeo(matches), {
    title: post?.title ?? "Page Not Found",
    description: post?.summary,
    path: post?.url ?? "/",
    image: post?.photo,
    type: "article",
    noindex: !post,
  });
};

export default function PostPage({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  return (
    <article className="container article">
      <header className="article-header">
        {post.category ? (
          <Link to={`/category/${post.category.slug}`} className="category-label">
            {post.category.name}
          </Link>
        ) : null}
        <h1 className="article-title">{post.title}</h1>
        <Byline
          name={post.user.name}
          photo={post.user.photo}
          date={post.timestamp}
          avatarSize={36}
        />
      </header>
      {post.photo ? (
        <img className="article-hero" src={post.photo} alt="" width="1200" height="675" />
      ) : null}
      {/* Content is sanitized with an allowlist before it is stored (ARCHITECTURE §4). */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: post.content }} />
      {post.tags.length > 0 ? (
        <ChipList
          label="Tags"
          items={post.tags.map((t) => ({ key: t.slug, to: `/tag/${t.slug}`, text: `#${t.name}` }))}
        />
      ) : null}
    </article>
  );
}
