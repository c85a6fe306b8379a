/**
 * What is known of each shown image (dimensions, renditions made), held in
 * memory so a page renders `srcset`, `width` and `height` without a query or
 * a disk read per request. Filled from `media.renditions` at start-up and
 * kept current by the renditions worker (rendition-worker.server.ts)
 * and by media deletion. With more than one process on the file (WORKERS), an
 * upload whose renditions another process made, or an upload another process
 * stored, is read from its row (by URL, at most once per write: `lookedUp`).
 */
import { eq, isNotNull } from "drizzle-orm";
import { media } from "#db/schema";
import type { ImageInfo } from "~/domain/media/renditions";
import { type Db, getDb } from "~/platform/db.server";
import { keptUntilWrite } from "~/platform/write-mark.server";

const known = new Map<string, ImageInfo>();
/** Stored images whose renditions were not made yet when last read. */
const pending = new Set<string>();
const lookedUp = keptUntilWrite<ImageInfo | null>(512);

function infoOf(row: {
  width: number | null;
  height: number | null;
  renditions: { widths: number[]; avif: boolean } | null;
}): ImageInfo | null {
  if (!row.width || !row.height) return null;
  return {
    width: row.width,
    height: row.height,
    widths: row.renditions?.widths ?? [],
    avif: row.renditions?.avif ?? false,
  };
}

/** An upload's row, read again: another process may have stored it or made its renditions. */
function readStored(url: string): ImageInfo | null {
  const db = getDb();
  return lookedUp(db, url, () => {
    const row = db
      .select({ width: media.width, height: media.height, renditions: media.renditions })
      .from(media)
      .where(eq(media.url, url))
      .get();
    if (!row) return null;
    const info = infoOf(row);
    if (info) {
      known.set(url, info);
      if (row.renditions) pending.delete(url);
      else pending.add(url);
    }
    return info;
  });
}

/** The demo illustrations (public/demo/images/*.svg) are all 1200×675 vectors: no renditions. */
const DEMO_ILLUSTRATION = /^\/demo\/images\/[\w-]+\.svg$/;
const DEMO_INFO: ImageInfo = { width: 1200, height: 675, widths: [], avif: false };

/** The image behind a photo URL, or null when nothing is known (an external URL). */
export function imageFor(url: string | null | undefined): ImageInfo | null {
  if (!url) return null;
  const info = known.get(url);
  if (info && !pending.has(url)) return info;
  if (url.startsWith("/uploads/")) return readStored(url) ?? info ?? null;
  return info ?? (DEMO_ILLUSTRATION.test(url) ? DEMO_INFO : null);
}

/** An image stored or given renditions by this process (none yet: read again until made). */
export function rememberImage(url: string, info: ImageInfo) {
  known.set(url, info);
  if (info.widths.length === 0) pending.add(url);
  else pending.delete(url);
}

export function forgetImage(url: string) {
  known.delete(url);
  pending.delete(url);
}

/** Loads every recorded image (one query, at start-up). */
export function loadImageManifest(db: Db) {
  known.clear();
  pending.clear();
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
    const info = infoOf(r);
    if (!info) continue;
    known.set(r.url, info);
    if (!r.renditions) pending.add(r.url);
  }
}
