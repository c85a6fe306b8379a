import { renderContent } from "~/domain/content/pipeline.server";
import { publishedPage } from "~/domain/pages/pages.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { notFoundOrRedirect } from "~/web/redirects.server";
import type { Route } from "./+types/page";

/**
 * A published page at `/{slug}` (docs/behaviour.md §pages); else an imported
 * old address (a WordPress `/slug/` permalink) answers 301, anything else is
 * the 404 page.
 */
export function loader({ params, request }: Route.LoaderArgs) {
  const page = publishedPage(getDb(), params.slug);
  if (!page) throw notFoundOrRedirect(request);
  return {
    title: page.title,
    summary: page.summary,
    content: renderContent(page.content, {
      target: "page",
      db: getDb(),
      publicUrl: readEnv().publicUrl,
    }),
    slug: page.slug,
  };
}

export const meta: Route.MetaFunction = ({ matches, loaderData }) =>
  seoMeta(rootSeo(matches), {
    title: loaderData?.title ?? "Page Not Found",
    description: loaderData?.summary || undefined,
    path: loaderData ? `/${loaderData.slug}` : "/",
    noindex: !loaderData,
  });

export default function StaticPage({ loaderData }: Route.ComponentProps) {
  return (
    <article className="container article">
      <header className="article-header">
        <h1 className="article-title">{loaderData.title}</h1>
      </header>
      {/* Sanitized with the posts' allowlist when saved. */}
      <div className="prose" dangerouslySetInnerHTML={{ __html: loaderData.content }} />
    </article>
  );
}
