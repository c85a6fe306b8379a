import { type ReactNode, useEffect } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useRouteLoaderData,
} from "react-router";
import { PreventFlashOnWrongTheme, ThemeProvider, useTheme } from "remix-themes";
import { AppToaster } from "~/components/admin/toasts";
import { ErrorPage } from "~/components/error-pages";
import { usePageLinkNavigation } from "~/components/page-link";
import { markFirstHydrationDone } from "~/hooks/use-hydrated";
import { useNonce } from "~/nonce";
import { readEnv } from "~/platform/env.server";
import appCss from "~/styles/app.css?url";
import { isCrossSiteRequest, isOneClickUnsubscribe } from "~/utils/same-origin";
import { seoMeta } from "~/utils/seo";
import { corsOriginsFor, isApiPath, jsonError } from "~/web/api.server";
import { loadRoot } from "~/web/root-data.server";
import type { Route } from "./+types/root";

/**
 * Every request passes here first: cross-site form posts and fetches are
 * refused (403), except JSON API calls from an origin in ALLOWED_ORIGINS (CORS)
 * and the newsletters' one-click unsubscribe POST (mail providers send it).
 */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ request }, next) => {
    if (
      !isOneClickUnsubscribe(request) &&
      isCrossSiteRequest(request, [readEnv().publicUrl, ...corsOriginsFor(request)])
    ) {
      const message = "Cross-site request refused";
      // JSON callers get the API's error shape (docs/api.md), pages a plain 403.
      throw isApiPath(new URL(request.url).pathname)
        ? jsonError(403, message)
        : new Response(message, { status: 403 });
    }
    const response = await next();
    if (response.status === 405 && !response.headers.has("Allow")) {
      // A POST to a route that only reads (React Router's 405): say what it takes.
      const allow = "GET, HEAD, OPTIONS";
      if (isApiPath(new URL(request.url).pathname)) {
        return jsonError(405, "This path only answers GET", { headers: { Allow: allow } });
      }
      response.headers.set("Allow", allow);
    }
    return response;
  },
];

export const links: Route.LinksFunction = () => [{ rel: "stylesheet", href: appCss }];

export function loader({ request }: Route.LoaderArgs) {
  return loadRoot(request);
}

/** Defaults for any page that sets no meta of its own. */
export const meta: Route.MetaFunction = ({ loaderData, location }) =>
  seoMeta(loaderData?.seo, { path: location.pathname });

export function Layout({ children }: { children: ReactNode }) {
  const rootData = useRouteLoaderData<typeof loader>("root");
  return (
    <ThemeProvider specifiedTheme={rootData?.theme ?? null} themeAction="/action/set-theme">
      <Document ssrTheme={Boolean(rootData?.theme)} favicon={rootData?.site.favicon}>
        {children}
      </Document>
    </ThemeProvider>
  );
}

function Document({
  ssrTheme,
  favicon,
  children,
}: {
  ssrTheme: boolean;
  favicon?: string;
  children: ReactNode;
}) {
  const [theme] = useTheme();
  const nonce = useNonce();
  return (
    <html lang="en" data-theme={theme ?? ""}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <link rel="icon" href={favicon ?? "/favicon.svg"} />
        <PreventFlashOnWrongTheme ssrTheme={ssrTheme} nonce={nonce} />
        <Links />
      </head>
      <body>
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

export default function App() {
  const prefetch = usePageLinkNavigation();
  // The root's effects run after every component's: the whole page has hydrated.
  useEffect(markFirstHydrationDone, []);
  return (
    <>
      <Outlet />
      {prefetch}
      <AppToaster />
    </>
  );
}

/** Last resort: the root loader itself failed. Pages render their errors inside the site layout. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main id="main" className="page error-only">
      <ErrorPage status={status} />
    </main>
  );
}
