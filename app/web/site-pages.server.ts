/**
 * The loaders of the site's own pages (docs/decisions/133-site-pages.md): the
 * row of `pages` at their fixed address, whatever its status (they stay
 * published); a 404 only if the row was removed by hand.
 */

import { data } from "react-router";
import type { SitePageData } from "~/components/static-page";
import { renderContent } from "~/domain/content/pipeline.server";
import { sitePage } from "~/domain/pages/pages.server";
import type { SitePageSlug } from "~/domain/pages/vocabulary";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";

export function loadSitePage(slug: SitePageSlug): { page: SitePageData } {
  const db = getDb();
  const page = sitePage(db, slug);
  if (!page) throw data(null, { status: 404 });
  return {
    page: {
      title: page.title,
      summary: page.summary,
      content: renderContent(page.content, { target: "page", db, publicUrl: readEnv().publicUrl }),
      slug: page.slug,
    },
  };
}
