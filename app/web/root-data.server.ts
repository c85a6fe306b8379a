/**
 * What the root route loads for every page: the site's name and look, the
 * theme cookie, and the last action's message (flash). Kept out of
 * app/root.tsx so components and hooks can read its type without importing
 * the root module (which imports them).
 */
import { data } from "react-router";
import { getSiteInfo } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { readFlash } from "~/web/flash.server";
import { themeSessionResolver } from "~/web/theme.server";

export async function loadRoot(request: Request) {
  const site = getSiteInfo(getDb());
  const { getTheme } = await themeSessionResolver(request);
  // A message from the last action: a toast with JavaScript, a notice in the page without.
  const { flash, headers } = await readFlash(request);
  return data(
    {
      flash,
      theme: getTheme(),
      site,
      seo: {
        siteName: site.siteName,
        siteDescription: site.siteDescription,
        metaTags: site.metaTags,
        publicUrl: readEnv().publicUrl,
      },
    },
    { headers },
  );
}
