/**
 * The files that come with an export: a `wp-content/uploads` folder (or a
 * `.zip` of one, extracted first into the job's folder), looked up by the
 * path after `/uploads/` in an address. A file found is copied into
 * `uploads/media/` and recorded in the media library; one not found leaves
 * the address as it was.
 */
import { randomUUID } from "node:crypto";
import {
  copyFileSync,
  createWriteStream,
  existsSync,
  mkdirSync,
  readFileSync,
  statSync,
} from "node:fs";
import { dirname, extname, join, normalize, resolve, sep } from "node:path";
import { pipeline } from "node:stream/promises";
import { imageSize } from "image-size";
import yauzl from "yauzl";
import { media } from "#db/schema";
import { badRequest, isDomainError } from "~/domain/errors.server";
import { rememberImage } from "~/domain/media/image-manifest.server";
import { queueRenditions } from "~/domain/media/rendition-worker.server";
import type { Db } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";

const MIME_BY_EXT: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  avif: "image/avif",
  svg: "image/svg+xml",
  pdf: "application/pdf",
  mp3: "audio/mpeg",
  m4a: "audio/mp4",
  ogg: "audio/ogg",
  wav: "audio/wav",
  mp4: "video/mp4",
  webm: "video/webm",
  mov: "video/quicktime",
  zip: "application/zip",
  doc: "application/msword",
  docx: "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
};
const RASTER = new Set(["image/jpeg", "image/png", "image/gif", "image/webp", "image/avif"]);

export function mimeOf(url: string): string {
  const ext = extname(new URL(url, "http://x.invalid").pathname).slice(1).toLowerCase();
  return MIME_BY_EXT[ext] ?? "application/octet-stream";
}

/** Extracts a .zip into `dest`, refusing entries that would land outside it. */
export async function extractZip(zipPath: string, dest: string): Promise<void> {
  mkdirSync(dest, { recursive: true });
  const root = resolve(dest);
  try {
    await unzip(zipPath, root);
  } catch (error) {
    if (isDomainError(error)) throw error;
    throw badRequest(`The media archive cannot be read: ${(error as Error).message}`);
  }
}

async function unzip(zipPath: string, root: string): Promise<void> {
  const zip = await new Promise<yauzl.ZipFile>((ok, fail) =>
    yauzl.open(zipPath, { lazyEntries: true }, (error, file) => (error ? fail(error) : ok(file))),
  );
  try {
    await new Promise<void>((ok, fail) => {
      zip.on("error", fail);
      zip.on("end", () => ok());
      zip.on("entry", (entry: yauzl.Entry) => {
        const target = resolve(root, normalize(entry.fileName));
        if (target !== root && !target.startsWith(root + sep)) {
          fail(badRequest(`The media archive has an entry outside its folder: ${entry.fileName}`));
          return;
        }
        if (entry.fileName.endsWith("/")) {
          mkdirSync(target, { recursive: true });
          zip.readEntry();
          return;
        }
        mkdirSync(dirname(target), { recursive: true });
        zip
          .openReadStreamPromise(entry)
          .then((stream) => pipeline(stream, createWriteStream(target)))
          .then(() => zip.readEntry(), fail);
      });
      zip.readEntry();
    });
  } finally {
    zip.close();
  }
}

export class MediaFiles {
  /** Address → local URL, for every file already copied (this run or an earlier one). */
  private copied = new Map<string, string>();

  constructor(
    private readonly db: Db,
    private readonly folder: string | null,
    /** Inkwell's own uploads keep their paths (`/uploads/posts/…` stays the same address). */
    private readonly keepPaths = false,
  ) {}

  get keepsPaths() {
    return this.keepPaths;
  }

  /** The file in the folder for an address ending in `…/uploads/2010/10/a.jpg`, if there is one. */
  find(url: string): string | null {
    if (!this.folder) return null;
    let pathname: string;
    try {
      pathname = decodeURIComponent(new URL(url, "http://x.invalid").pathname);
    } catch {
      return null;
    }
    const at = pathname.indexOf("/uploads/");
    const rel = at >= 0 ? pathname.slice(at + "/uploads/".length) : pathname.replace(/^\/+/, "");
    const root = resolve(this.folder);
    for (const candidate of [rel, `uploads/${rel}`, `wp-content/uploads/${rel}`]) {
      const full = resolve(root, normalize(candidate));
      if (!full.startsWith(root + sep)) continue;
      if (existsSync(full) && statSync(full).isFile()) return full;
    }
    return null;
  }

  /**
   * The local URL for `url`: the file copied into the media library (once), or
   * null when the folder does not have it.
   */
  localUrl(url: string, authorId: number | null, name?: string): string | null {
    const known = this.copied.get(url);
    if (known) return known;
    const file = this.find(url);
    if (!file) return null;
    const env = readEnv();
    const mimeType = mimeOf(url);
    if (this.keepPaths) {
      const rel = file
        .slice(resolve(this.folder as string).length + 1)
        .split(sep)
        .join("/");
      const target = resolve(env.uploadsDir, rel);
      if (!target.startsWith(resolve(env.uploadsDir) + sep)) return null;
      if (!existsSync(target)) {
        mkdirSync(dirname(target), { recursive: true });
        copyFileSync(file, target);
      }
      this.copied.set(url, `/uploads/${rel}`);
      return `/uploads/${rel}`;
    }
    const ext = extname(file).slice(1).toLowerCase() || "bin";
    const storedName = `${randomUUID()}.${ext}`;
    const dir = join(env.uploadsDir, "media");
    mkdirSync(dir, { recursive: true });
    copyFileSync(file, join(dir, storedName));
    let width: number | null = null;
    let height: number | null = null;
    if (RASTER.has(mimeType)) {
      try {
        const size = imageSize(readFileSync(file));
        width = size.width ?? null;
        height = size.height ?? null;
      } catch {
        // An unreadable image still imports; its size stays unknown.
      }
    }
    const row = this.db
      .insert(media)
      .values({
        uid: randomUUID(),
        url: `/uploads/media/${storedName}`,
        name: name || file.split(sep).pop() || storedName,
        path: `media/${storedName}`,
        mimeType,
        size: statSync(file).size,
        width,
        height,
        collection: "media",
        authorId,
      })
      .returning({ id: media.id, url: media.url })
      .get();
    if (RASTER.has(mimeType)) {
      if (width && height) rememberImage(row.url, { width, height, widths: [], avif: false });
      queueRenditions(this.db, row.id);
    }
    this.copied.set(url, row.url);
    return row.url;
  }

  /** Rewrites `src`/`href` addresses of files the folder has to their local copies. */
  rewrite(html: string, authorId: number | null): string {
    if (!this.folder) return html;
    return html.replace(/\b(src|href)=(["'])([^"']+)\2/gi, (whole, attr, quote, url: string) => {
      if (!/\/uploads\//.test(url)) return whole;
      const local = this.localUrl(url, authorId);
      return local ? `${attr}=${quote}${local}${quote}` : whole;
    });
  }
}
