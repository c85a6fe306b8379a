/**
 * The uploads folder: where a received file is kept (`DATA_DIR/uploads/
 * <collection>/` under a generated name), which image types are accepted,
 * what a client's file name may show, the size limits, and the `.incoming`
 * folder files wait in while they arrive.
 *
 * It lives with the media area rather than in app/platform because storing a
 * file also records it in the media library (every upload of the site is a
 * `media` row), and the rules here (images only, SVG refused, names stripped
 * of control characters) are the library's rules. Receiving a multipart body
 * is HTTP and stays in `~/web/uploads.server`.
 */
import { randomUUID } from "node:crypto";
import { rmSync } from "node:fs";
import { mkdir, rename, rm, stat } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { imageSizeFromFile } from "image-size/fromFile";
import { type Media, media } from "#db/schema";
import { DomainError } from "~/domain/errors.server";
import { rememberImage } from "~/domain/media/image-manifest.server";
import { queueRenditions } from "~/domain/media/rendition-worker.server";
import type { Db } from "~/platform/db.server";
import { type Env, readEnv } from "~/platform/env.server";

export const UPLOAD_COLLECTIONS = ["settings", "posts", "users", "media", "newsletters"] as const;
export type UploadCollection = (typeof UPLOAD_COLLECTIONS)[number];

export function isUploadCollection(value: unknown): value is UploadCollection {
  return typeof value === "string" && (UPLOAD_COLLECTIONS as readonly string[]).includes(value);
}

/** Raster images a browser shows. SVG is refused: it can carry scripts. */
export const IMAGE_TYPES: Record<string, string> = {
  "image/png": "png",
  "image/jpeg": "jpg",
  "image/gif": "gif",
  "image/webp": "webp",
  "image/avif": "avif",
};

export const isImageType = (mime: string | undefined) => Boolean(mime && mime in IMAGE_TYPES);

/** Which detected types a receiver accepts, and the refusal that says what is. */
export type AcceptPolicy = { test: (mime: string | undefined) => boolean; message: string };

export const IMAGES_ONLY: AcceptPolicy = {
  test: isImageType,
  message: "Only images can be uploaded (PNG, JPEG, GIF, WebP or AVIF).",
};

export const MB = 1024 * 1024;

/** The image limit from Settings (`maxImageSize`, MB). */
export function maxImageBytes(maxImageSizeMb: number): number {
  return Math.max(0.1, maxImageSizeMb) * MB;
}

/** Add Media's limit: "Maximum upload file size: 1 GB". */
export const MAX_MEDIA_BYTES = 1024 * MB;

export const tooLarge = (maxBytes: number) =>
  new DomainError(413, `The file is too large: the limit is ${formatBytes(maxBytes)}.`);

export function formatBytes(bytes: number): string {
  if (bytes >= 1024 * MB) return `${+(bytes / (1024 * MB)).toFixed(1)} GB`;
  if (bytes >= MB) return `${+(bytes / MB).toFixed(1)} MB`;
  return `${Math.ceil(bytes / 1024)} KB`;
}

/**
 * Control characters and the bidirectional controls (U+061C, U+200E, U+200F,
 * U+202A–U+202E, U+2066–U+2069): a name like "gnp.exe\u202E.png" would
 * otherwise display reversed, as "gnp.exe" backwards plus ".png".
 */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are what is stripped
const UNSAFE_NAME_CHARACTERS = /[\u0000-\u001f\u007f\u061c\u200e\u200f\u202a-\u202e\u2066-\u2069]/g;

/** A recorded name without control or bidi characters (rows stored before they were stripped). */
export function safeFileName(name: string) {
  return name.replace(UNSAFE_NAME_CHARACTERS, "").trim();
}

/** A client's file name made safe to record and show: no path, no control or bidi characters. */
export function displayName(name: string) {
  const base = name.split(/[\\/]/).pop() ?? "";
  return safeFileName(base).slice(0, 200) || "upload";
}

/** Where files wait while they are received (never served). */
export function incomingDir(env: Env = readEnv()) {
  return join(env.uploadsDir, ".incoming");
}

/**
 * Removes what an interrupted run left in `uploads/.incoming` (files being
 * received when the process stopped). Called once at start-up, before the
 * server listens.
 */
export function clearIncomingUploads(env: Env = readEnv()) {
  rmSync(incomingDir(env), { recursive: true, force: true });
}

/** A file waiting in `.incoming`, its type already checked from its content. */
export type IncomingFile = {
  /** The client's file name, path removed; for display only. */
  originalName: string;
  tempPath: string;
  mimeType: string;
  ext: string;
};

/**
 * Moves a received file into `uploads/<collection>/` under a generated name,
 * records it in the media library and returns the record (url `/uploads/…`).
 * An image's WebP/AVIF renditions are queued, made after the response.
 */
export async function storeUpload(
  db: Db,
  file: IncomingFile,
  { collection, authorId }: { collection: UploadCollection; authorId: number | null },
): Promise<Media> {
  const env = readEnv();
  const dir = join(env.uploadsDir, collection);
  await mkdir(dir, { recursive: true });
  const storedName = `${randomUUID()}.${file.ext}`;
  const finalPath = join(dir, storedName);
  await rename(file.tempPath, finalPath);
  let width: number | null = null;
  let height: number | null = null;
  if (isImageType(file.mimeType)) {
    try {
      const dimensions = await imageSizeFromFile(finalPath);
      width = dimensions.width ?? null;
      height = dimensions.height ?? null;
    } catch {
      // A truncated image still stores; its dimensions stay unknown.
    }
  }
  const size = (await stat(finalPath)).size;
  let stored: Media;
  try {
    stored = db
      .insert(media)
      .values({
        uid: randomUUID(),
        url: `/uploads/${collection}/${storedName}`,
        name: file.originalName,
        path: `${collection}/${storedName}`,
        mimeType: file.mimeType,
        size,
        width,
        height,
        collection,
        authorId,
      })
      .returning()
      .get();
  } catch (error) {
    await rm(finalPath, { force: true });
    throw error;
  }
  if (isImageType(file.mimeType)) {
    if (width && height) rememberImage(stored.url, { width, height, widths: [], avif: false });
    queueRenditions(db, stored.id);
  }
  return stored;
}

/** Takes back an upload stored for a form that was then refused: its record and its file. */
export async function unstoreUpload(db: Db, stored: Pick<Media, "id" | "path">) {
  db.delete(media).where(eq(media.id, stored.id)).run();
  await rm(join(readEnv().uploadsDir, stored.path), { force: true });
}

/** The original file name of an upload, by its URL (`/uploads/…`); null when none is recorded. */
export function storedUploadName(db: Db, url: string | null | undefined): string | null {
  if (!url?.startsWith("/uploads/")) return null;
  const name = db.select({ name: media.name }).from(media).where(eq(media.url, url)).get()?.name;
  return name === undefined ? null : safeFileName(name) || null;
}
