import { Link, NavLink } from "react-router";
import { MenuIcon } from "~/components/menu-icon";
import { SiteSearch } from "~/components/site-search";
import { ThemeToggle } from "~/components/theme-toggle";

const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/explore", label: "Explore", end: false },
  { to: "/reach-out", label: "Reach Out", end: false },
];

const SOCIAL = [
  { href: "https://x.com/", label: "Inkwell on X", icon: "x" },
  { href: "https://www.facebook.com/", label: "Inkwell on Facebook", icon: "facebook" },
  { href: "https://www.linkedin.com/", label: "Inkwell on LinkedIn", icon: "linkedin" },
] as const;

export function SiteHeader({ siteName, logo }: { siteName: string; logo: string }) {
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <Link to="/" className="brand" aria-label={`${siteName} home`}>
          <img src={logo} alt="" width="32" height="32" />
          <span className="brand-name">{siteName}</span>
        </Link>
        <nav aria-label="Main" className="main-nav">
          <NavLinks />
        </nav>
        <div className="header-tools">
          <SiteSearch id="site-search" className="desktop-only" />
          <SocialLinks className="social-links desktop-only" />
          <ThemeToggle />
          {/* <details> opens and closes without JavaScript. */}
          <details className="mobile-menu">
            <summary className="icon-button" aria-label="Menu">
              <MenuIcon />
            </summary>
            <div className="mobile-menu-panel">
              <SiteSearch id="site-search-mobile" />
              <nav aria-label="Main (mobile)">
                <NavLinks />
              </nav>
              <SocialLinks className="social-links" />
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}

function NavLinks() {
  return (
    <ul>
      {NAV.map((item) => (
        <li key={item.to}>
          <NavLink to={item.to} end={item.end} prefetch="intent">
            {item.label}
          </NavLink>
        </li>
      ))}
    </ul>
  );
}

function SocialLinks({ className }: { className: string }) {
  return (
    <ul className={className}>
      {SOCIAL.map((s) => (
        <li key={s.icon}>
          <a href={s.href} aria-label={s.label} title={s.label} rel="noopener noreferrer">
            <SocialIcon name={s.icon} />
          </a>
        </li>
      ))}
    </ul>
  );
}

function SocialIcon({ name }: { name: (typeof SOCIAL)[number]["icon"] }) {
  const paths = {
    x: "M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z",
    facebook: "M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z",
    linkedin:
      "M5 9h3v11H5zM6.5 4a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6zM10 9h3v1.6c.5-1 1.8-1.9 3.6-1.9 3 0 3.4 2 3.4 4.6V20h-3v-5.7c0-1.3 0-2.9-1.8-2.9s-2.2 1.4-2.2 2.8V20h-3z",
  };
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={paths[name]} fill="currentColor" />
    </svg>
  );
}
