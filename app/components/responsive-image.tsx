import { type ImageInfo, renditionSrcset } from "~/domain/media/renditions";
import { cdnSrcset, useLazyLoading, useMediaUrl } from "~/hooks/use-site-options";

/**
 * A post photo sized for the screen: a `<picture>` offering the AVIF and WebP
 * renditions (`srcset` + `sizes`) when they exist, the original otherwise;
 * `width`/`height` always set so nothing shifts while it loads. The lead image
 * of a page loads first (`fetchpriority="high"`, never lazy); others are lazy
 * while Settings › Enable Lazy Loading is on. Uploads come from the CDN when one is set.
 * docs/decisions/060-image-renditions.md.
 */
export function ResponsiveImage(props: {
  src: string;
  image: ImageInfo | null;
  alt: string;
  /** The `sizes` attribute: how wide the image is shown at each viewport width. */
  sizes: string;
  /** The page's lead (largest, first) image. */
  lead?: boolean;
  className?: string;
  /** Shown when the image's own dimensions are unknown (an external URL). */
  fallbackSize: [number, number];
}) {
  const { image, sizes, lead } = props;
  const lazy = useLazyLoading();
  const media = useMediaUrl();
  const cdn = media("/").replace(/\/$/, "");
  const src = props.src;
  const avif = image ? cdnSrcset(cdn, renditionSrcset(src, image, "avif")) : undefined;
  const webp = image ? cdnSrcset(cdn, renditionSrcset(src, image, "webp")) : undefined;
  const img = (
    <img
      src={media(src)}
      alt={props.alt}
      className={props.className}
      width={image?.width ?? props.fallbackSize[0]}
      height={image?.height ?? props.fallbackSize[1]}
      loading={lead ? undefined : lazy}
      fetchPriority={lead ? "high" : undefined}
      decoding={lead ? undefined : "async"}
    />
  );
  if (!webp) return img;
  return (
    <picture>
      {avif ? <source type="image/avif" srcSet={avif} sizes={sizes} /> : null}
      <source type="image/webp" srcSet={webp} sizes={sizes} />
      {img}
    </picture>
  );
}

/** `sizes` of the layouts in app/styles/app.css (content at most 72rem, 1.25rem padding). */
export const IMAGE_SIZES = {
  /** A card in the auto-fill grid of 18rem columns. */
  card: "(max-width: 40rem) calc(100vw - 2.5rem), (max-width: 60rem) 50vw, 23rem",
  /** The home page's featured story: two thirds of the top row, full width below 800px. */
  featured: "(max-width: 800px) calc(100vw - 2.5rem), (max-width: 72rem) 66vw, 45rem",
  /** A mini card in a carousel (80% of the row below 800px, a quarter above). */
  carousel: "(max-width: 800px) 80vw, 17rem",
  /** A mini card in the newsletters column. */
  column: "(max-width: 800px) calc(100vw - 4rem), 33rem",
  /** The article's hero, in the 46rem column. */
  hero: "(max-width: 46rem) calc(100vw - 2.5rem), 43.5rem",
} as const;
