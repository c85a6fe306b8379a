/**
 * The loaders of the site's own pages (docs/decisions/133-site-pages.md): the
 * row of `pages` at their fixed address, whatever its status (they stay
 * published); a 404 only if the row was removed by hand.
 */
import { data } from "react-router";
import type { SitePageData } from "~/components/static-page";
import { sitePage } from "~/domain/pages/pages.server";
import type { SitePageSlug } from "~/domain/pages/vocabulary";
import { getDb } from "~/platform/db.server";

export function loadSitePage(slug: SitePageSlug): { page: SitePageData } {
  const page = sitePage(getDb(), slug);
  if (!page) throw data(null, { status: 404 });
  return {
    page: { title: page.title, summary: page.summary, content: page.content, slug: page.slug },
  };
}
