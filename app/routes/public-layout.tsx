import type { ReactNode } from "react";
import { isRouteErrorResponse, Outlet, useRouteLoaderData } from "react-router";
import { ErrorPage } from "~/components/error-pages";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { navigationPages } from "~/domain/pages/pages.server";
import { getDb } from "~/platform/db.server";
import type { loader as rootLoader } from "~/root";
import { rootSeo, seoMeta } from "~/utils/seo";
import { memberHeaderState, renewMemberCookie } from "~/web/members.server";
import type { Route } from "./+types/public-layout";

/** Members' sessions slide: a used one is renewed (docs/members.md "Signing in"). */
export const middleware: Route.MiddlewareFunction[] = [renewMemberCookie];

/**
 * The pages linked in the header and footer (docs/behaviour.md §pages), and the header's
 * Sign in or Account link (a page for a signed-in member is never kept by the page cache).
 */
export function loader({ request }: Route.LoaderArgs) {
  return { nav: navigationPages(getDb()), account: memberHeaderState(request) };
}

function SiteShell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const layout = useRouteLoaderData<typeof loader>("routes/public-layout");
  const nav = layout?.nav;
  const siteName = root?.site.siteName ?? "Inkwell";
  return (
    <>
      <a href="#main" className="skip-link">
        Skip to content
      </a>
      <SiteHeader
        siteName={siteName}
        logo={root?.site.logo ?? "/logo.svg"}
        pages={nav?.header}
        account={layout?.account}
      />
      <main id="main" className="page" tabIndex={-1}>
        {children}
      </main>
      <SiteFooter siteName={siteName} pages={nav?.footer} />
    </>
  );
}

/**
 * Used when a page fails (its own meta isn't): the error's title, never indexed.
 * Otherwise each page's own meta wins.
 */
export const meta: Route.MetaFunction = ({ error, matches, location }) => {
  const status = isRouteErrorResponse(error) ? error.status : error ? 500 : 200;
  const title =
    status === 404 ? "Page Not Found" : status === 403 ? "Access Denied" : "Something went wrong";
  return seoMeta(rootSeo(matches), {
    title: status === 200 ? undefined : title,
    path: location.pathname,
    noindex: status !== 200,
  });
};

export default function PublicLayout() {
  return (
    <SiteShell>
      <Outlet />
    </SiteShell>
  );
}

/** Errors of any public page render inside the header and footer. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  if (!isRouteErrorResponse(error)) console.error(error);
  return (
    <SiteShell>
      <ErrorPage status={status} />
    </SiteShell>
  );
}
