import { useRouteLoaderData } from "react-router";
import { PageLink } from "~/components/page-link";

/** The footer: copyright holder and postal address from Settings › Site identity, the policies and pages. */
export function SiteFooter({
  siteName,
  pages = [],
}: {
  siteName: string;
  /** Published pages linked in the footer, in their order (docs/behaviour.md §pages). */
  pages?: { title: string; slug: string }[];
}) {
  const root = useRouteLoaderData("root") as
    | { site?: { copyrightHolder?: string; postalAddress?: string } }
    | undefined;
  const holder = root?.site?.copyrightHolder || siteName;
  const postal = root?.site?.postalAddress ?? "";
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>
          © {new Date().getFullYear()} {holder}. All rights reserved.
        </p>
        {postal ? <address className="site-postal">{postal}</address> : null}
        <nav aria-label="Policies">
          <ul>
            <li>
              <PageLink to="/privacy-policy">Privacy Policy</PageLink>
            </li>
            <li>
              <PageLink to="/media-policy">Media Policy</PageLink>
            </li>
            {pages.map((p) => (
              <li key={p.slug}>
                <PageLink to={`/${p.slug}`}>{p.title}</PageLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
