/**
 * A link to another page of the site, for the ones a page repeats by the
 * dozen (cards, bylines, chips): a plain `<a href>`. React Router's `<Link>`
 * resolves its path and sets up its click handler for every one of them on
 * every render, about 5 µs a link, a tenth of the home page's render
 * (docs/performance.md#fresh-renders-cache-miss-signed-in-staff). With
 * JavaScript, one click handler on the document (`usePageLinkNavigation`, in
 * the root) turns a plain left click on such a link into a client-side
 * navigation, as `<Link>` does; without it, it is an ordinary link.
 */
import { type AnchorHTMLAttributes, useEffect } from "react";
import { useNavigate } from "react-router";

type PageLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, "href"> & {
  /** A path on this site ("/category/crypto", "/1/slug#comments-heading"). */
  to: string;
};

export function PageLink({ to, ...rest }: PageLinkProps) {
  return <a {...rest} href={to} data-page-link="" />;
}

/** Client-side navigation for every PageLink of the page: one listener on the document. */
export function usePageLinkNavigation() {
  const navigate = useNavigate();
  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.altKey || event.ctrlKey || event.shiftKey) return;
      const link = (event.target as Element | null)?.closest?.("a[data-page-link]");
      if (!(link instanceof HTMLAnchorElement)) return;
      if (link.target && link.target !== "_self") return;
      const url = new URL(link.href);
      if (url.origin !== window.location.origin) return;
      event.preventDefault();
      const to = `${url.pathname}${url.search}${url.hash}`;
      const here = `${window.location.pathname}${window.location.search}${window.location.hash}`;
      // As <Link>: the same address again replaces the history entry.
      navigate(to, { replace: to === here });
    };
    document.addEventListener("click", onClick);
    return () => document.removeEventListener("click", onClick);
  }, [navigate]);
}
