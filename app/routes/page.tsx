import { EmbedLoader } from "~/components/embed-loader";
import { renderContent } from "~/domain/content/pipeline.server";
import { embedSourcesFor } from "~/domain/embeds/policy.server";
import { publishedPage } from "~/domain/pages/pages.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { rootSeo, seoMeta } from "~/utils/seo";
import { embedSourcesContext } from "~/web/embed-policy.server";
import { notFoundOrRedirect } from "~/web/redirects.server";
import type { Route } from "./+types/page";

/**
 * A published page at `/{slug}` (docs/behaviour.md §pages); else an imported
 * old address (a WordPress `/slug/` permalink) answers 301, anything else is
 * the 404 page.
 */
export function loader({ params, request, context }: Route.LoaderArgs) {
  const db = getDb();
  const page = publishedPage(db, params.slug);
  if (!page) throw notFoundOrRedirect(request);
  // The page's policy allows its embeds' frames and scripts (docs/decisions/233-embed-csp.md).
  context.set(embedSourcesContext, embedSourcesFor(db, page.content));
  return {
    title: page.title,
    summary: page.summary,
    content: renderContent(page.content, {
      target: "page",
      db,
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
      <EmbedLoader html={loaderData.content} />
    </article>
  );
}
