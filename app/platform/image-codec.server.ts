/**
 * The image codec (sharp on libvips): reads an image's size and writes its
 * WebP and AVIF copies at given widths to given files. What to make, where,
 * and what is recorded of it is the media area's
 * (app/domain/media/rendition-worker.server.ts,
 * docs/decisions/060-image-renditions.md).
 */
import { mkdir, rm, stat, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import type SharpType from "sharp";

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

/** An image's upright size, and whether it moves; null when `source` is not a file. */
export async function readImage(
  source: string,
): Promise<{ width: number; height: number; animated: boolean } | null> {
  const exists = await stat(source).then(
    (s) => s.isFile(),
    () => false,
  );
  if (!exists) return null;
  const sharp = await loadSharp();
  const meta = await sharp(source).metadata();
  return {
    width: meta.autoOrient?.width ?? meta.width ?? 0,
    height: meta.autoOrient?.height ?? meta.height ?? 0,
    animated: (meta.pages ?? 1) > 1,
  };
}

/**
 * Writes `source` resized to each width as WebP to `files[i * 2]` and as
 * AVIF to `files[i * 2 + 1]` (paths under `root`). The AVIF copies are
 * written only when every one is smaller than its WebP (one <source> per
 * format); `avif` says whether they were.
 */
export async function encodeWidths(
  source: string,
  root: string,
  widths: number[],
  files: string[],
): Promise<{ avif: boolean }> {
  if (widths.length === 0) return { avif: false };
  const sharp = await loadSharp();
  await mkdir(dirname(join(root, files[0] as string)), { recursive: true });
  let avifSmaller = true;
  const avifs: [string, Buffer][] = [];
  for (const [i, w] of widths.entries()) {
    const resized = sharp(source).autoOrient().resize({ width: w, withoutEnlargement: true });
    const webp = await resized.clone().webp(WEBP).toBuffer();
    await writeFile(join(root, files[i * 2] as string), webp);
    if (avifSmaller) {
      const avif = await resized.clone().avif(AVIF).toBuffer();
      if (avif.length < webp.length) avifs.push([files[i * 2 + 1] as string, avif]);
      else avifSmaller = false;
    }
  }
  if (avifSmaller) for (const [file, data] of avifs) await writeFile(join(root, file), data);
  return { avif: avifSmaller };
}

/** Removes files under `root` (those already gone are fine). */
export async function removeFiles(root: string, files: string[]) {
  for (const file of files) await rm(join(root, file), { force: true });
}
