/**
 * Image renditions: the smaller WebP (and AVIF) copies of an uploaded image
 * that pages offer in `srcset`. Browser-safe: components derive the rendition
 * URLs from the original's URL and the few numbers below, so the page data
 * carries no URLs. The rule: docs/decisions/060-image-renditions.md.
 */

/** The widths renditions are made at (never wider than the original). */
export const RENDITION_WIDTHS = [400, 800, 1200, 1600] as const;

/** What a page needs to render an image without layout shift and with `srcset`. */
export type ImageInfo = {
  width: number;
  height: number;
  /** Widths of the WebP renditions made; empty while none exist (the original is shown). */
  widths: number[];
  /** Whether AVIF renditions exist at the same widths (kept only where smaller than WebP). */
  avif: boolean;
};

export type RenditionFormat = "webp" | "avif";

/**
 * The widths to make for an original `width` pixels wide: each standard width
 * narrower than it, plus the original's own width (capped at the widest
 * standard width), so the largest rendition is never upscaled.
 */
export function planWidths(width: number): number[] {
  const max = RENDITION_WIDTHS[RENDITION_WIDTHS.length - 1];
  const widths: number[] = RENDITION_WIDTHS.filter((w) => w < width);
  const top = Math.min(width, max);
  if (top > 0 && !widths.includes(top)) widths.push(top);
  return widths;
}

const UPLOAD_URL = /^\/uploads\/([\w-]+)\/([\w-]+)\.\w+$/;

/** `/uploads/posts/<id>.jpg` → `/uploads/_r/posts/<id>-800.webp`; null for other URLs. */
export function renditionUrl(photo: string, width: number, format: RenditionFormat) {
  const m = UPLOAD_URL.exec(photo);
  return m ? `/uploads/_r/${m[1]}/${m[2]}-${width}.${format}` : null;
}

/** The `srcset` value for one format, or undefined when there is nothing to offer. */
export function renditionSrcset(photo: string, info: ImageInfo, format: RenditionFormat) {
  if (info.widths.length === 0 || (format === "avif" && !info.avif)) return undefined;
  const parts: string[] = [];
  for (const w of info.widths) {
    const url = renditionUrl(photo, w, format);
    if (!url) return undefined;
    parts.push(`${url} ${w}w`);
  }
  return parts.join(", ");
}

/** The rendition files of an original (relative to the uploads folder), for removal. */
export function renditionPaths(path: string, widths: number[]): string[] {
  const m = /^([\w-]+)\/([\w-]+)\.\w+$/.exec(path);
  if (!m) return [];
  return widths.flatMap((w) => [`_r/${m[1]}/${m[2]}-${w}.webp`, `_r/${m[1]}/${m[2]}-${w}.avif`]);
}
