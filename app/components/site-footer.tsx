import { Link, useRouteLoaderData } from "react-router";

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
              <Link to="/privacy-policy">Privacy Policy</Link>
            </li>
            <li>
              <Link to="/media-policy">Media Policy</Link>
            </li>
            {pages.map((p) => (
              <li key={p.slug}>
                <Link to={`/${p.slug}`}>{p.title}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
