import type { ReactNode } from "react";
import { rootSeo, seoMeta } from "~/utils/seo";

/** What a site page's loader returns (app/web/site-pages.server.ts). */
export type SitePageData = { title: string; summary: string; content: string; slug: string };

/** The meta tags of one of the site's own pages: its title and meta description from the Pages screen. */
export function sitePageMeta({
  matches,
  loaderData,
}: {
  matches: Parameters<typeof rootSeo>[0];
  loaderData?: SitePageData;
}) {
  return seoMeta(rootSeo(matches), {
    title: loaderData?.title ?? "Page Not Found",
    description: loaderData?.summary || undefined,
    path: loaderData ? `/${loaderData.slug}` : "/",
    noindex: !loaderData,
  });
}

/**
 * One of the site's own pages (Reach Out, the policies): a narrow column of
 * prose under its title, the text written in the Pages screen, then what the
 * site adds (`children`: addresses from Settings, a form).
 */
export function StaticPage({ page, children }: { page: SitePageData; children?: ReactNode }) {
  return (
    <div className="container narrow prose">
      <h1 className="page-title">{page.title}</h1>
      {/* Sanitised with the posts' allowlist when saved (docs/behaviour.md §pages). */}
      <div dangerouslySetInnerHTML={{ __html: page.content }} />
      {children}
    </div>
  );
}
