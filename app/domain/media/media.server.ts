/**
 * The media library (docs/behaviour.md §media Media Library, Add Media; §access "Only Administrator
 * sees Delete on media items"). Every upload of the site (posts, users,
 * settings, newsletters, media) is a `media` row written by storeUpload, so
 * the library lists them all, under their collection.
 *
 * Add Media takes images only (the library shows thumbnails; the stored
 * formats are the raster types of IMAGES_ONLY), up to MAX_MEDIA_BYTES
 * (docs/behaviour.md §media "1 GB"), streamed to disk and type-checked from the content.
 */
import { rm } from "node:fs/promises";
import { join, normalize, sep } from "node:path";
import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import { media, users } from "#db/schema";
import { assertCan, type SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { UPLOAD_COLLECTION } from "~/domain/access/collections";
import { badRequest, forbidden, notFound } from "~/domain/errors.server";
import {
  type IncomingFile,
  isUploadCollection,
  safeFileName,
  storeUpload,
  UPLOAD_COLLECTIONS,
  type UploadCollection,
} from "~/domain/media/file-store.server";
import { forgetImage } from "~/domain/media/image-manifest.server";
import { removeRenditionFiles } from "~/domain/media/rendition-worker.server";
import { type Db, getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";

export const MEDIA_PAGE_SIZE = 25;

export type MediaDocument = {
  uid: string;
  url: string;
  name: string;
  /** The uploader's name ("" when the account is gone). */
  author: string;
  collection: string;
  /** Epoch milliseconds. */
  date: number;
  mimeType: string;
  size: number;
  width: number | null;
  height: number | null;
};

export type MediaPage = {
  items: MediaDocument[];
  total: number;
  page: number;
  pages: number;
  collection: UploadCollection | null;
  search: string;
};

/** `?page=` (1-based) as a whole number, 1 when missing or odd. */
export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 && n <= 1_000_000 ? n : 1;
}

/**
 * One page of the library, newest first, optionally one collection. Two
 * queries whatever the page size (a count and a joined page), each served by
 * an index: `media_date_idx` or `media_collection_date_idx` (the rowid
 * tie-break is part of every SQLite index).
 */
export function listMedia(
  actor: SessionUser,
  options: {
    page?: number;
    collection?: string | null;
    pageSize?: number;
    /** Part of the file name, any case (`?q=`). */
    search?: string | null;
  } = {},
  db: Db = getDb(),
): MediaPage {
  assertCan(actor, "useMedia");
  const collection = isUploadCollection(options.collection) ? options.collection : null;
  const search = options.search?.trim().slice(0, 200) ?? "";
  const where = and(
    collection ? eq(media.collection, collection) : undefined,
    search ? sql`instr(lower(${media.name}), lower(${search})) > 0` : undefined,
  );
  const pageSize = options.pageSize ?? MEDIA_PAGE_SIZE;
  const total = db.select({ n: count() }).from(media).where(where).get()?.n ?? 0;
  const pages = Math.max(1, Math.ceil(total / pageSize));
  const page = Math.min(Math.max(1, options.page ?? 1), pages);
  const items = mediaDocuments(db, where, {
    limit: pageSize,
    offset: (page - 1) * pageSize,
  });
  return { items, total, page, pages, collection, search };
}

/**
 * Media rows as documents (docs/behaviour.md §data Media: uid, url, name, author, collection,
 * date), newest first, with the uploader's name joined in one query. The
 * library and the generic data calls (`/crud/get/docs`) both read through it.
 */
export function mediaDocuments(
  db: Db,
  where: SQL | undefined,
  page: { limit: number; offset: number },
): MediaDocument[] {
  return db
    .select({ m: media, author: users.name })
    .from(media)
    .leftJoin(users, eq(users.id, media.authorId))
    .where(where)
    .orderBy(desc(media.date), desc(media.id))
    .limit(page.limit)
    .offset(page.offset)
    .all()
    .map(({ m, author }) => ({
      uid: m.uid,
      url: m.url,
      name: safeFileName(m.name),
      author: author ?? "",
      collection: m.collection,
      date: m.date.getTime(),
      mimeType: m.mimeType,
      size: m.size,
      width: m.width,
      height: m.height,
    }));
}

/** The collections a library can be filtered by. */
export const MEDIA_COLLECTIONS: readonly UploadCollection[] = UPLOAD_COLLECTIONS;

/** One item by uid (for the confirm step), or undefined. */
export function findMedia(actor: SessionUser, uid: string, db: Db = getDb()) {
  assertCan(actor, "useMedia");
  const row = db
    .select({ uid: media.uid, name: media.name, url: media.url })
    .from(media)
    .where(eq(media.uid, uid))
    .get();
  return row && { ...row, name: safeFileName(row.name) };
}

/**
 * Administrator only: removes the record and then its file. The stored path
 * is generated by storeUpload; still, nothing outside uploads/ is removed.
 * The library screen and `POST /crud/delete/doc` both call this.
 */
export async function deleteMedia(actor: SessionUser, uid: string, db: Db = getDb()) {
  if (!can(actor.role, "deleteMedia")) throw forbidden("Only an Administrator can delete media");
  if (typeof uid !== "string" || !uid.trim()) throw badRequest("uid is required");
  const row = db.select().from(media).where(eq(media.uid, uid.trim())).get();
  if (!row) throw notFound("Image not found");
  const root = readEnv().uploadsDir;
  const file = normalize(join(root, row.path));
  db.delete(media).where(eq(media.id, row.id)).run();
  forgetImage(row.url);
  // A demo image (url /demo/…) is a file shipped with the app: only its record goes.
  if (!row.url.startsWith("/demo/") && file.startsWith(root + sep)) {
    await rm(file, { force: true });
    await removeRenditionFiles(root, row.path, row.renditions?.widths ?? []);
  }
  return { uid: row.uid };
}

/**
 * Add Media: one received image (type already checked from its content,
 * limit MAX_MEDIA_BYTES enforced while it arrived) stored in the "media"
 * collection. `undefined`: no file was chosen.
 */
export async function addMediaImage(
  actor: SessionUser,
  file: IncomingFile | undefined,
  db: Db = getDb(),
) {
  assertCan(actor, "useMedia");
  if (!file) throw badRequest("Choose an image to upload");
  return storeUpload(db, file, { collection: "media", authorId: actor.id });
}

/** Who may upload into each upload collection (everyone their own profile photo). */
export function assertMayUpload(actor: SessionUser, collection: UploadCollection) {
  const capability = UPLOAD_COLLECTION[collection];
  if (capability) assertCan(actor, capability);
}

/**
 * `POST /upload/image`'s rule: an image received for `collection` (one of the
 * upload collections, which the actor may upload into) is stored under
 * `uploads/<collection>/` and recorded as media; returns its document.
 */
export async function addUploadedImage(
  actor: SessionUser,
  input: { collection: unknown; file: IncomingFile | undefined },
  db: Db = getDb(),
) {
  const { collection, file } = input;
  if (!isUploadCollection(collection)) {
    throw badRequest(`collection must be one of ${UPLOAD_COLLECTIONS.join(", ")}`);
  }
  assertMayUpload(actor, collection);
  if (!file) throw badRequest("file: choose an image to upload");
  const stored = await storeUpload(db, file, { collection, authorId: actor.id });
  const [doc] = mediaDocuments(db, eq(media.id, stored.id), { limit: 1, offset: 0 });
  return { stored, doc: doc as MediaDocument };
}
