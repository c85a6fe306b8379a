/**
 * What is known of each shown image (dimensions, renditions made), held in
 * memory so a page renders `srcset`, `width` and `height` without a query or
 * a disk read per request. Filled from `media.renditions` at start-up and
 * kept current by the renditions worker (rendition-worker.server.ts)
 * and by media deletion.
 */
import { isNotNull } from "drizzle-orm";
import { media } from "#db/schema";
import type { ImageInfo } from "~/domain/media/renditions";
import type { Db } from "~/platform/db.server";

const known = new Map<string, ImageInfo>();

/** The demo illustrations (public/demo/images/*.svg) are all 1200×675 vectors: no renditions. */
const DEMO_ILLUSTRATION = /^\/demo\/images\/[\w-]+\.svg$/;
const DEMO_INFO: ImageInfo = { width: 1200, height: 675, widths: [], avif: false };

/** The image behind a photo URL, or null when nothing is known (an external URL). */
export function imageFor(url: string | null | undefined): ImageInfo | null {
  if (!url) return null;
  const info = known.get(url);
  if (info) return info;
  return DEMO_ILLUSTRATION.test(url) ? DEMO_INFO : null;
}

export function rememberImage(url: string, info: ImageInfo) {
  known.set(url, info);
}

export function forgetImage(url: string) {
  known.delete(url);
}

/** Loads every recorded image (one query, at start-up). */
export function loadImageManifest(db: Db) {
  known.clear();
  const rows = db
    .select({
      url: media.url,
      width: media.width,
      height: media.height,
      renditions: media.renditions,
    })
    .from(media)
    .where(isNotNull(media.width))
    .all();
  for (const r of rows) {
    if (!r.width || !r.height) continue;
    known.set(r.url, {
      width: r.width,
      height: r.height,
      widths: r.renditions?.widths ?? [],
      avif: r.renditions?.avif ?? false,
    });
  }
}
