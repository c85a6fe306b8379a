import { useRouteLoaderData } from "react-router";

type SiteOptions = { lazyLoading?: boolean; cdnUrl?: string; timeZone?: string };

function useSiteOptions(): SiteOptions {
  const root = useRouteLoaderData("root") as { site?: SiteOptions } | undefined;
  return root?.site ?? {};
}

/**
 * Settings › Enable Lazy Loading: the `loading` attribute of an image that is
 * not its page's lead image ("lazy" when on, none when off).
 */
export function useLazyLoading(): "lazy" | undefined {
  return useSiteOptions().lazyLoading === false ? undefined : "lazy";
}

/**
 * Settings › Use CDN with a CDN address: an image path of this site (uploads,
 * renditions, the demo and brand images, all served statically) on the CDN's
 * origin; another site's address unchanged.
 */
export function useMediaUrl(): (src: string) => string {
  const cdn = useSiteOptions().cdnUrl ?? "";
  return (src) => cdnPath(cdn, src);
}

/** Puts a path of this site (`/…`, not `//…`) on `cdn` (an origin, or "" for none). */
export function cdnPath(cdn: string, src: string): string {
  return cdn && /^\/(?![/\\])/.test(src) ? `${cdn}${src}` : src;
}

/** Every path of this site in a `srcset` on the CDN. */
export function cdnSrcset(cdn: string, srcset: string | undefined): string | undefined {
  if (!cdn || !srcset) return srcset;
  return srcset
    .split(",")
    .map((part) => {
      const trimmed = part.trim();
      return cdnPath(cdn, trimmed);
    })
    .join(", ");
}

/** The site's time zone (Settings › Site identity), for dates shown in pages. */
export function useSiteTimeZone(): string {
  return (useSiteOptions() as { timeZone?: string }).timeZone ?? "UTC";
}

/** The contact addresses of Settings › Site identity ("" when not set). */
export function useSiteContacts(): {
  editorial: string;
  business: string;
  media: string;
  postalAddress: string;
} {
  const site = useSiteOptions() as {
    contacts?: { editorial: string; business: string; media: string };
    postalAddress?: string;
  };
  return {
    editorial: site.contacts?.editorial ?? "",
    business: site.contacts?.business ?? "",
    media: site.contacts?.media ?? "",
    postalAddress: site.postalAddress ?? "",
  };
}
