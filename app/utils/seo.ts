import type { MetaDescriptor } from "react-router";

/** What the root loader hands every page for its head (see root.tsx). */
export type SeoDefaults = {
  siteName: string;
  siteDescription: string;
  metaTags: string;
  publicUrl: string;
};

export type PageSeo = {
  /** Page title; the site name is appended ("Explore | Inkwell"). Omit on the home page. */
  title?: string;
  description?: string;
  /** Path of the canonical URL (no query); defaults to the current path. */
  path: string;
  image?: string | null;
  type?: "website" | "article";
  noindex?: boolean;
  keywords?: string;
};

/** Absolute URL on this site for a path or an already absolute URL. */
export function absoluteUrl(publicUrl: string, pathOrUrl: string): string {
  if (/^https?:\/\//i.test(pathOrUrl)) return pathOrUrl;
  return `${publicUrl}${pathOrUrl.startsWith("/") ? "" : "/"}${pathOrUrl}`;
}

/**
 * Title, description, keywords, robots, canonical, Open Graph and Twitter tags
 * (SPEC §2, ARCHITECTURE §4), from the stored settings with per-page overrides.
 */
export function seoMeta(defaults: SeoDefaults | undefined, page: PageSeo): MetaDescriptor[] {
  const siteName = defaults?.siteName || "Inkwell";
  const publicUrl = defaults?.publicUrl ?? "";
  const title = page.title ? `${page.title} | ${siteName}` : siteName;
  const description = (page.description || defaults?.siteDescription || "").slice(0, 300);
  const canonical = absoluteUrl(publicUrl, page.path || "/");
  const image = page.image ? absoluteUrl(publicUrl, page.image) : undefined;
  const keywords = page.keywords ?? defaults?.metaTags ?? "";
  const robots = page.noindex ? "noindex, nofollow" : "index, follow, max-image-preview:large";
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "robots", content: robots },
    { tagName: "link", rel: "canonical", href: canonical },
    { property: "og:site_name", content: siteName },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title ?? siteName },
    { property: "og:description", content: description },
    { property: "og:url", content: canonical },
    { name: "twitter:card", content: image ? "summary_large_image" : "summary" },
    { name: "twitter:title", content: page.title ?? siteName },
    { name: "twitter:description", content: description },
  ];
  if (keywords) tags.push({ name: "keywords", content: keywords });
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
  }
  return tags;
}

type MatchLike = { id: string; loaderData?: unknown } | undefined;

/** The root loader's SEO defaults, from a `meta` function's `matches`. */
export function rootSeo(matches: readonly MatchLike[]): SeoDefaults | undefined {
  const root = matches.find((m) => m?.id === "root")?.loaderData as
    | { seo?: SeoDefaults }
    | undefined;
  return root?.seo;
}
