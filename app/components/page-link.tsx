/**
 * A link to another page of the site: a plain `<a href>`. React Router's
 * `<Link>` and `<NavLink>` resolve their path and set up their handlers for
 * every link on every render, about 5 µs a link, a tenth of the home page's
 * render (docs/performance.md#fresh-renders-cache-miss-signed-in-staff). With
 * JavaScript, one set of listeners on the document (`usePageLinkNavigation`,
 * in the root) gives them what `<Link>` gives: a plain left click becomes a
 * client-side navigation, and a link marked `prefetch="intent"` loads the
 * next page's data and modules while the pointer rests on it or it has the
 * focus. Without JavaScript, it is an ordinary link.
 */
import { type AnchorHTMLAttributes, useEffect, useState } from "react";
import { PrefetchPageLinks, useLocation, useNavigate } from "react-router";

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path on this site ("/category/crypto", "/1/slug#comments-heading"). */
  to: string;
  /** "intent": the page is fetched ahead when the pointer rests on the link or it has the focus. */
  prefetch?: "intent";
};

export function PageLink({ to, prefetch, ...rest }: PageLinkProps) {
  return (
    <a
      {...rest}
      href={to}
      data-page-link=""
      data-prefetch={prefetch === "intent" ? "intent" : undefined}
    />
  );
}

/**
 * A PageLink for navigation menus: `aria-current="page"` when it leads to the
 * page shown (with `end`, only that path; without, its sub-paths too), as
 * `<NavLink>` marks it.
 */
export function NavPageLink({ to, end = false, ...rest }: PageLinkProps & { end?: boolean }) {
  const { pathname } = useLocation();
  const here = pathname.length > 1 && pathname.endsWith("/") ? pathname.slice(0, -1) : pathname;
  const current = here === to || (!end && to !== "/" && here.startsWith(`${to}/`));
  return <PageLink {...rest} to={to} aria-current={current ? "page" : undefined} />;
}

/** `<Link prefetch="intent">` waits this long on hover before fetching ahead. */
const INTENT_DELAY_MS = 100;

/**
 * Client-side navigation for every PageLink of the page, and prefetching for
 * the ones marked `prefetch="intent"`: listeners on the document. Returns the
 * elements to render in the page for the prefetch (`<PrefetchPageLinks>`).
 */
export function usePageLinkNavigation() {
  const navigate = useNavigate();
  const [prefetchPage, setPrefetchPage] = useState<string | null>(null);

  useEffect(() => {
    const pageLink = (target: EventTarget | null) => {
      const link = (target as Element | null)?.closest?.("a[data-page-link]");
      if (!(link instanceof HTMLAnchorElement)) return null;
      const url = new URL(link.href);
      return url.origin === window.location.origin ? { link, url } : null;
    };

    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const found = pageLink(event.target);
      if (!found || (found.link.target && found.link.target !== "_self")) return;
      event.preventDefault();
      const to = `${found.url.pathname}${found.url.search}${found.url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // As <Link>: the same address again replaces the history entry.
      navigate(to, { replace: to === here });
    };

    let timer: ReturnType<typeof setTimeout> | undefined;
    const intent = (delay: number) => (event: Event) => {
      const found = pageLink(event.target);
      if (found?.link.dataset.prefetch !== "intent") return;
      clearTimeout(timer);
      const page = `${found.url.pathname}${found.url.search}`;
      timer = setTimeout(() => setPrefetchPage(page), delay);
    };
    const leave = (event: Event) => {
      const found = pageLink(event.target);
      if (found?.link.dataset.prefetch !== "intent") return;
      // Moving between the link's own parts is not leaving it.
      const next = (event as MouseEvent | FocusEvent).relatedTarget;
      if (next instanceof Node && found.link.contains(next)) return;
      clearTimeout(timer);
      setPrefetchPage(null);
    };
    const listeners: [string, EventListener][] = [
      ["click", onClick as EventListener],
      ["mouseover", intent(INTENT_DELAY_MS)],
      ["focusin", intent(0)],
      ["touchstart", intent(0)],
      ["mouseout", leave],
      ["focusout", leave],
    ];
    for (const [type, listener] of listeners) {
      document.addEventListener(type, listener, { passive: type === "touchstart" });
    }
    return () => {
      clearTimeout(timer);
      for (const [type, listener] of listeners) document.removeEventListener(type, listener);
    };
  }, [navigate]);

  return prefetchPage ? <PrefetchPageLinks page={prefetchPage} /> : null;
}
