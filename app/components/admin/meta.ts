import type { MetaDescriptor } from "react-router";
import { rootSeo, seoMeta } from "~/utils/seo";

type Matches = Parameters<typeof rootSeo>[0];

/** "{title} | {site title}", never indexed: the head of every admin screen. */
export function adminMeta(matches: Matches, title: string, path: string): MetaDescriptor[] {
  return seoMeta(rootSeo(matches), { title, path, noindex: true });
}

/** The site title from the root loader, for headings such as "Dashboard Inkwell". */
export function siteNameOf(matches: Matches): string {
  return rootSeo(matches)?.siteName ?? "Inkwell";
}
