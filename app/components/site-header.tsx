import { useRouteLoaderData } from "react-router";
import { MenuIcon } from "~/components/menu-icon";
import { NavPageLink, PageLink } from "~/components/page-link";
import { SiteSearch } from "~/components/site-search";
import { ThemeToggle } from "~/components/theme-toggle";
import { useMediaUrl } from "~/hooks/use-site-options";

const NAV = [
  { to: "/", label: "Home", end: true },
  { to: "/explore", label: "Explore", end: false },
  { to: "/reach-out", label: "Reach Out", end: false },
];

export function SiteHeader({
  siteName,
  logo,
  pages = [],
  account,
}: {
  siteName: string;
  logo: string;
  /** Published pages linked in the header, in their order (docs/behaviour.md §pages). */
  pages?: { title: string; slug: string }[];
  /** Members on, and the signed-in member's name (docs/members.md "Signing in"). */
  account?: { membersEnabled: boolean; memberName: string | null };
}) {
  const media = useMediaUrl();
  return (
    <header className="site-header">
      <div className="site-header-inner">
        <PageLink to="/" className="brand" aria-label={`${siteName} home`}>
          <img src={media(logo)} alt="" width="32" height="32" />
          <span className="brand-name">{siteName}</span>
        </PageLink>
        <nav aria-label="Main" className="main-nav">
          <NavLinks pages={pages} />
        </nav>
        <div className="header-tools">
          <SiteSearch id="site-search" className="desktop-only" />
          <SocialLinks className="social-links desktop-only" />
          <AccountLink account={account} />
          <ThemeToggle />
          {/* <details> opens and closes without JavaScript. */}
          <details className="mobile-menu">
            <summary className="icon-button" aria-label="Menu">
              <MenuIcon />
            </summary>
            <div className="mobile-menu-panel">
              <SiteSearch id="site-search-mobile" />
              <nav aria-label="Main (mobile)">
                <NavLinks pages={pages} />
              </nav>
              <SocialLinks className="social-links" />
            </div>
          </details>
        </div>
      </div>
    </header>
  );
}

/** "Sign in", or the member's account once signed in; nothing while members are off. */
function AccountLink({
  account,
}: {
  account?: { membersEnabled: boolean; memberName: string | null };
}) {
  if (!account?.membersEnabled) return null;
  return account.memberName === null ? (
    <PageLink to="/account/sign-in" className="account-link">
      Sign in
    </PageLink>
  ) : (
    <PageLink to="/account" className="account-link" title={`Signed in as ${account.memberName}`}>
      Account
    </PageLink>
  );
}

function NavLinks({ pages }: { pages: { title: string; slug: string }[] }) {
  const items = [...NAV, ...pages.map((p) => ({ to: `/${p.slug}`, label: p.title, end: true }))];
  return (
    <ul>
      {items.map((item) => (
        <li key={item.to}>
          <NavPageLink to={item.to} end={item.end} prefetch="intent">
            {item.label}
          </NavPageLink>
        </li>
      ))}
    </ul>
  );
}

/** The site's social profiles (Settings › Site identity); empty ones are not shown. */
function SocialLinks({ className }: { className: string }) {
  const root = useRouteLoaderData("root") as
    | { site?: { siteName: string; social?: { network: string; url: string }[] } }
    | undefined;
  const social = root?.site?.social ?? [];
  if (social.length === 0) return null;
  const siteName = root?.site?.siteName ?? "";
  return (
    <ul className={className}>
      {social.map((s) => {
        const label = `${siteName} on ${s.network}`;
        return (
          <li key={s.network}>
            <a href={s.url} aria-label={label} title={label} rel="me noopener noreferrer">
              <SocialIcon name={s.network} />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

const ICONS: Record<string, string> = {
  X: "M17.8 3h3.1l-6.8 7.8L22 21h-6.2l-4.9-6.4L5.3 21H2.2l7.3-8.3L2 3h6.4l4.4 5.8zm-1.1 16.2h1.7L7.4 4.7H5.6z",
  Facebook: "M14 8h3V4h-3a4 4 0 0 0-4 4v3H7v4h3v7h4v-7h3l1-4h-4V8.5a.5.5 0 0 1 .5-.5z",
  LinkedIn:
    "M5 9h3v11H5zM6.5 4a1.8 1.8 0 1 1 0 3.6 1.8 1.8 0 0 1 0-3.6zM10 9h3v1.6c.5-1 1.8-1.9 3.6-1.9 3 0 3.4 2 3.4 4.6V20h-3v-5.7c0-1.3 0-2.9-1.8-2.9s-2.2 1.4-2.2 2.8V20h-3z",
  Instagram:
    "M7 3h10a4 4 0 0 1 4 4v10a4 4 0 0 1-4 4H7a4 4 0 0 1-4-4V7a4 4 0 0 1 4-4zm0 2a2 2 0 0 0-2 2v10a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2zm5 3.5a3.5 3.5 0 1 1 0 7 3.5 3.5 0 0 1 0-7zm0 2a1.5 1.5 0 1 0 0 3 1.5 1.5 0 0 0 0-3zM17 6a1 1 0 1 1 0 2 1 1 0 0 1 0-2z",
  YouTube:
    "M21.6 7.2a2.5 2.5 0 0 0-1.8-1.8C18.2 5 12 5 12 5s-6.2 0-7.8.4a2.5 2.5 0 0 0-1.8 1.8C2 8.8 2 12 2 12s0 3.2.4 4.8a2.5 2.5 0 0 0 1.8 1.8c1.6.4 7.8.4 7.8.4s6.2 0 7.8-.4a2.5 2.5 0 0 0 1.8-1.8c.4-1.6.4-4.8.4-4.8s0-3.2-.4-4.8zM10 15V9l5.2 3z",
  Mastodon:
    "M21 8.2C21 4.3 18.4 3.1 18.4 3.1 17.1 2.5 14.9 2.2 12.6 2.2h-.1c-2.3 0-4.5.3-5.8.9 0 0-2.6 1.2-2.6 5.1 0 3.4-.2 7.6 2.6 8.8 1.6.7 3.2.9 4.8.9 1.4 0 2.6-.3 2.6-.3l-.1-1.6s-1 .3-2.3.3c-1.3 0-2.6-.1-2.8-1.7v-.4c1 .2 2 .3 3 .4 1.4 0 2.9-.1 4.1-.4 2.6-.5 4.7-2.2 5-5.7 0-.4.1-2.3 0-2.3zm-3.3 5.1h-2.1V9.9c0-1.1-.5-1.7-1.4-1.7-1 0-1.5.7-1.5 1.9v2.7h-2V10c0-1.2-.5-1.9-1.5-1.9-.9 0-1.4.6-1.4 1.7v3.4H5.8V9.8c0-1.1.3-2 .8-2.6.6-.7 1.4-1 2.3-1 1.1 0 2 .4 2.5 1.3l.6.9.6-.9c.5-.9 1.4-1.3 2.5-1.3.9 0 1.7.3 2.3 1 .6.6.8 1.5.8 2.6z",
};

function SocialIcon({ name }: { name: string }) {
  return (
    <svg viewBox="0 0 24 24" width="18" height="18" aria-hidden="true" focusable="false">
      <path d={ICONS[name] ?? ICONS.X} fill="currentColor" />
    </svg>
  );
}
