import type { ReactNode } from "react";
import { type PageSeo, rootSeo, seoMeta } from "~/utils/seo";

/** The meta tags of a page of fixed text: its own title, description and path on the site's defaults. */
export function staticPageMeta(page: PageSeo) {
  return ({ matches }: { matches: Parameters<typeof rootSeo>[0] }) =>
    seoMeta(rootSeo(matches), page);
}

/** A page of fixed text (policies, contact): a narrow column of prose under its title. */
export function StaticPage({ title, children }: { title: string; children: ReactNode }) {
  return (
    <div className="container narrow prose">
      <h1 className="page-title">{title}</h1>
      {children}
    </div>
  );
}
