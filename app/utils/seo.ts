import type { MetaDescriptor } from "react-router";
import { FEED_FORMATS, FEED_MEDIA_TYPES, feedPath } from "~/domain/feeds/formats";

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
  /** What the image shows: `og:image:alt` and `twitter:image:alt`. */
  imageAlt?: string;
  type?: "website" | "article";
  noindex?: boolean;
  keywords?: string;
  /**
   * The feeds of this page's own posts (a category's, tag's or author's), by their base path
   * (`/category/{slug}`), announced beside the site's in each format.
   */
  feed?: { base: string; title: string };
  /** A post page: announce its oEmbed answer (docs/integrations.md "oEmbed"). */
  oembed?: boolean;
};

/**
 * The picture to hand social networks and feed readers for a post photo. They
 * do not take SVG, so a demo illustration (`/demo/images/x.svg`) is given as
 * its JPEG rendition (`x.jpg`, made by scripts/render-demo-images.mjs).
 * Uploads are always raster images already.
 */
export function socialImagePath(photo: string): string {
  return /^\/demo\/images\/[\w-]+\.svg$/.test(photo) ? photo.replace(/\.svg$/, ".jpg") : photo;
}

/** The MIME type of an image by its file name, for feed enclosures. */
export function imageTypeOf(path: string): string {
  const ext = /\.(\w+)(?:[?#].*)?$/.exec(path)?.[1]?.toLowerCase();
  const types: Record<string, string> = {
    png: "image/png",
    jpg: "image/jpeg",
    jpeg: "image/jpeg",
    gif: "image/gif",
    webp: "image/webp",
    avif: "image/avif",
    svg: "image/svg+xml",
  };
  return (ext && types[ext]) || "application/octet-stream";
}

/**
 * The publisher logo the structured data names: the logo from Settings, or the
 * built-in one as PNG (search engines take raster logos, not SVG).
 */
export function publisherLogo(settingsLogo: string): string {
  return settingsLogo === "/logo.svg" || /\.svg$/i.test(settingsLogo) ? "/logo.png" : settingsLogo;
}

/**
 * An address as a page head, a feed or a mail needs it: a path on this site
 * (`/explore`, `/uploads/…`, `page`) → `publicUrl/…`; a protocol-relative one
 * gets publicUrl's scheme; an address with a scheme (`https:`, `mailto:`,
 * `data:`), a `#fragment` or nothing stays as it is.
 */
export function absoluteUrl(publicUrl: string, value: string): string {
  const v = value.trim();
  if (v === "" || v.startsWith("#") || URL_SCHEME.test(v)) return value;
  if (v.startsWith("//")) return `${URL_SCHEME.exec(publicUrl)?.[0] ?? ""}${v}`;
  return v.startsWith("/") ? `${publicUrl}${v}` : `${publicUrl}/${v}`;
}

const URL_SCHEME = /^[a-z][a-z0-9+.-]*:/i;

/**
 * Title, description, keywords, robots, canonical, Open Graph and Twitter tags
 * (docs/behaviour.md §reading), from the stored settings with per-page overrides.
 */
export function seoMeta(defaults: SeoDefaults | undefined, page: PageSeo): MetaDescriptor[] {
  const siteName = defaults?.siteName || "Inkwell";
  const publicUrl = defaults?.publicUrl ?? "";
  const title = page.title ? `${page.title} | ${siteName}` : siteName;
  const description = (page.description || defaults?.siteDescription || "").slice(0, 300);
  const canonical = absoluteUrl(publicUrl, page.path || "/");
  const image = page.image ? absoluteUrl(publicUrl, socialImagePath(page.image)) : undefined;
  const keywords = page.keywords ?? defaults?.metaTags ?? "";
  const robots = page.noindex ? "noindex, nofollow" : "index, follow, max-image-preview:large";
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: description },
    { name: "robots", content: robots },
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
  // A page kept out of the index names no canonical URL and no feeds.
  if (!page.noindex) {
    const feeds = (base: string, feedTitle: string): MetaDescriptor[] =>
      FEED_FORMATS.map((format) => ({
        tagName: "link",
        rel: "alternate",
        type: FEED_MEDIA_TYPES[format],
        title: feedTitle,
        href: absoluteUrl(publicUrl, feedPath(base, format)),
      }));
    tags.push({ tagName: "link", rel: "canonical", href: canonical }, ...feeds("", siteName));
    if (page.feed) tags.push(...feeds(page.feed.base, page.feed.title));
    if (page.oembed) {
      tags.push({
        tagName: "link",
        rel: "alternate",
        type: "application/json+oembed",
        title: page.title ?? siteName,
        href: absoluteUrl(publicUrl, `/oembed?url=${encodeURIComponent(canonical)}&format=json`),
      });
    }
  }
  if (image) {
    tags.push({ property: "og:image", content: image }, { name: "twitter:image", content: image });
    if (page.imageAlt) {
      tags.push(
        { property: "og:image:alt", content: page.imageAlt },
        { name: "twitter:image:alt", content: page.imageAlt },
      );
    }
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
