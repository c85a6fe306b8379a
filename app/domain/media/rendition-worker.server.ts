/**
 * The renditions worker: makes the WebP (and AVIF, where smaller) copies of
 * each uploaded image once, in the background, after the upload has been
 * answered. Files go to `uploads/_r/<collection>/<name>-<width>.<format>`;
 * the original is kept. The widths made are recorded on the media row (which
 * also empties the page cache, so pages pick the renditions up) and in the
 * in-memory image manifest. At start-up every image without renditions is
 * queued, so files stored before (or while the process was stopped) get
 * them too. The rule: docs/decisions/060-image-renditions.md.
 */
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { and, eq, isNull, like } from "drizzle-orm";
import type SharpType from "sharp";
import { media } from "#db/schema";
import { loadImageManifest, rememberImage } from "~/domain/media/image-manifest.server";
import { type ImageInfo, planWidths, renditionPaths } from "~/domain/media/renditions";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";

let sharpLoading: Promise<typeof SharpType> | null = null;

/**
 * sharp (libvips) is loaded on the first image, not at start: a process that
 * makes no rendition never maps the library nor its thread pool
 * (docs/performance.md, "Memory"). One image at a time on one libvips thread,
 * no decoded-image cache: the worker must not take the CPU or memory the
 * readers need.
 */
function loadSharp(): Promise<typeof SharpType> {
  sharpLoading ??= import("sharp").then(({ default: sharp }) => {
    sharp.concurrency(1);
    sharp.cache(false);
    return sharp;
  });
  return sharpLoading;
}

const WEBP = { quality: 75, effort: 4 } as const;
const AVIF = { quality: 50, effort: 3 } as const;

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
  const source = join(root, row.path);
  let width = row.width ?? 0;
  let height = row.height ?? 0;
  let widths: number[] = [];
  let avif = false;
  const exists = await stat(source).then(
    (s) => s.isFile(),
    () => false,
  );
  if (exists) {
    const sharp = await loadSharp();
    const meta = await sharp(source).metadata();
    // Animated images keep their original: a still rendition would lose the motion.
    const animated = (meta.pages ?? 1) > 1;
    width = meta.autoOrient?.width ?? meta.width ?? width;
    height = meta.autoOrient?.height ?? meta.height ?? height;
    if (!animated && width > 0 && height > 0) {
      ({ widths, avif } = await encode(sharp, source, root, row.path, planWidths(width)));
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

async function encode(
  sharp: typeof SharpType,
  source: string,
  root: string,
  path: string,
  widths: number[],
) {
  const files = renditionPaths(path, widths);
  await mkdir(dirname(join(root, files[0] ?? path)), { recursive: true });
  let avifSmaller = true;
  const avifs: [string, Buffer][] = [];
  for (const [i, w] of widths.entries()) {
    const resized = sharp(source).autoOrient().resize({ width: w, withoutEnlargement: true });
    const webp = await resized.clone().webp(WEBP).toBuffer();
    await writeFile(join(root, files[i * 2]), webp);
    if (avifSmaller) {
      const avif = await resized.clone().avif(AVIF).toBuffer();
      if (avif.length < webp.length) avifs.push([files[i * 2 + 1], avif]);
      else avifSmaller = false;
    }
  }
  // AVIF is offered only when it is smaller at every width (one <source> per format).
  if (avifSmaller) for (const [file, data] of avifs) await writeFile(join(root, file), data);
  return { widths, avif: avifSmaller && widths.length > 0 };
}

/** Removes an original's rendition files (media deletion). */
export async function removeRenditionFiles(root: string, path: string, widths: number[]) {
  for (const file of renditionPaths(path, widths)) await rm(join(root, file), { force: true });
}
