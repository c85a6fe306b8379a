/**
 * The renditions worker: makes the WebP (and AVIF, where smaller) copies of
 * each uploaded image once, in the background, after the upload has been
 * answered. Files go to `uploads/_r/<collection>/<name>-<width>.<format>`;
 * the original is kept. The widths made are recorded on the media row (which
 * also empties the page cache, so pages pick the renditions up) and in the
 * in-memory image manifest. At start-up every image without renditions is
 * queued, so files stored before (or while the process was stopped) get
 * them too. The encoding itself is the platform's image codec. The rule:
 * docs/decisions/060-image-renditions.md.
 */
import { join } from "node:path";
import { and, eq, isNull, like } from "drizzle-orm";
import { media } from "#db/schema";
import { loadImageManifest, rememberImage } from "~/domain/media/image-manifest.server";
import { type ImageInfo, planWidths, renditionPaths } from "~/domain/media/renditions";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { encodeWidths, readImage, removeFiles } from "~/platform/image-codec.server";

const queue: number[] = [];
let running: Promise<void> | null = null;

/** Queues renditions for a media row; they are made after the current response. */
export function queueRenditions(db: Db, mediaId: number) {
  if (!queue.includes(mediaId)) queue.push(mediaId);
  if (!running) running = drain(db);
}

async function drain(db: Db) {
  // Let the request that queued the work answer first.
  await new Promise((resolve) => setTimeout(resolve, 0));
  try {
    for (let id = queue.shift(); id !== undefined; id = queue.shift()) {
      try {
        await makeRenditions(db, id);
      } catch (error) {
        console.error(`Image renditions for media ${id} failed:`, error);
      }
    }
  } finally {
    running = null;
  }
}

/** Resolves once the queue is empty (tests, shutdown). */
export async function renditionsIdle() {
  while (running) await running;
}

/**
 * Start-up: loads the image manifest, then queues every image that has no
 * renditions yet.
 */
export function startRenditions(db: Db) {
  loadImageManifest(db);
  return queueMissingRenditions(db);
}

/** Queues every image that has no renditions yet (the jobs' catch-up); returns how many. */
export function queueMissingRenditions(db: Db) {
  const pending = db
    .select({ id: media.id })
    .from(media)
    .where(and(isNull(media.renditions), like(media.mimeType, "image/%")))
    .all();
  for (const row of pending) queueRenditions(db, row.id);
  return pending.length;
}

/** Makes and records the renditions of one media row (nothing when already done). */
export async function makeRenditions(db: Db, mediaId: number): Promise<ImageInfo | null> {
  const row = db.select().from(media).where(eq(media.id, mediaId)).get();
  if (!row || row.renditions) return null;
  const root = readEnv().uploadsDir;
  let width = row.width ?? 0;
  let height = row.height ?? 0;
  let widths: number[] = [];
  let avif = false;
  const image = await readImage(join(root, row.path));
  if (image) {
    width = image.width || width;
    height = image.height || height;
    // Animated images keep their original: a still rendition would lose the motion.
    if (!image.animated && width > 0 && height > 0) {
      widths = planWidths(width);
      const files = renditionPaths(row.path, widths);
      ({ avif } = await encodeWidths(join(root, row.path), root, widths, files));
    }
  }
  const renditions = { widths, avif };
  const updated = db
    .update(media)
    .set({ renditions, width: width || row.width, height: height || row.height })
    .where(eq(media.id, row.id))
    .run();
  if (updated.changes === 0) {
    // Deleted while the renditions were being made.
    await removeRenditionFiles(root, row.path, widths);
    return null;
  }
  const info: ImageInfo = { width, height, widths, avif };
  if (width > 0 && height > 0) rememberImage(row.url, info);
  return info;
}

/** Removes an original's rendition files (media deletion). */
export async function removeRenditionFiles(root: string, path: string, widths: number[]) {
  await removeFiles(root, renditionPaths(path, widths));
}
