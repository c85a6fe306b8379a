import { Link } from "react-router";

export function SiteFooter({ siteName }: { siteName: string }) {
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
          </ul>
        </nav>
      </div>
    </footer>
  );
}
