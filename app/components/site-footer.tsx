import { Link } from "react-router";

export function SiteFooter({
  siteName,
  pages = [],
}: {
  siteName: string;
  /** Published pages linked in the footer, in their order (docs/behaviour.md §pages). */
  pages?: { title: string; slug: string }[];
}) {
  return (
    <footer className="site-footer">
      <div className="site-footer-inner">
        <p>
          © {new Date().getFullYear()} {siteName}. All rights reserved.
        </p>
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
