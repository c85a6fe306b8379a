/**
 * What the screens around signing in share (login, its second step, forgot
 * and reset password): they stand outside the admin layout, so each brings the
 * admin stylesheet, a title that is never indexed, the card under the site's
 * brand, and passes a refusal's `Retry-After` on to the browser. A screen
 * imports it whole (`import * as signIn`) and re-exports `links`, `meta`, `headers`.
 */
import { type ReactNode, useId } from "react";
import type { HeadersFunction, LinksFunction, MetaDescriptor } from "react-router";
import adminCss from "~/styles/admin.css?url";
import { rootSeo, seoMeta } from "~/utils/seo";
import { LoginBrand } from "./login-brand";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: adminCss }];

type MetaArgs = { matches: readonly ({ id: string; loaderData?: unknown } | undefined)[] };

/** The `meta` of a sign-in screen: its title and path, `noindex`. */
export function meta(title: string, path: string) {
  return ({ matches }: MetaArgs): MetaDescriptor[] =>
    seoMeta(rootSeo(matches), { title, path, noindex: true });
}

/**
 * React Router keeps only the cookies of an action's headers on a page unless
 * the route passes them on: a 429's `Retry-After` reaches the browser through this.
 */
export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders }) => {
  const wait = actionHeaders.get("Retry-After") ?? loaderHeaders.get("Retry-After");
  return wait ? { "Retry-After": wait } : new Headers();
};

/** The page: the site's brand, then a card titled `title`. */
export function Page({ title, children }: { title: ReactNode; children: ReactNode }) {
  const titleId = useId();
  return (
    <main id="main" className="login-page">
      <LoginBrand />
      <section className="login-card" aria-labelledby={titleId}>
        <h1 id={titleId}>{title}</h1>
        {children}
      </section>
    </main>
  );
}
