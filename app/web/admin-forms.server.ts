/**
 * What the back office's page actions share: reading a form (multipart with
 * images, or urlencoded), storing its images only once the rest is valid, and
 * turning a DomainError into the message the form shows (status kept).
 */
import { rm } from "node:fs/promises";
import { join } from "node:path";
import { eq } from "drizzle-orm";
import { data } from "react-router";
import { media } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { isDomainError } from "~/domain/errors.server";
import {
  IMAGES_ONLY,
  maxImageBytes,
  safeFileName,
  storeUpload,
  type UploadCollection,
} from "~/domain/media/file-store.server";
import { getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { readFormBody } from "~/web/form-body.server";
import { isMultipart, type ReceivedFile, receiveMultipart } from "~/web/uploads.server";

export type AdminForm = {
  fields: Record<string, string>;
  files: ReceivedFile[];
  discard(): Promise<void>;
};

/** A posted form: multipart (images up to Settings' max image size) or urlencoded. */
export async function readAdminForm(
  request: Request,
  fileFields: readonly string[] = [],
): Promise<AdminForm> {
  if (isMultipart(request)) {
    const form = await receiveMultipart(request, {
      maxFileBytes: maxImageBytes(getSettings(getDb()).maxImageSize),
      accept: IMAGES_ONLY,
      fileFields,
      maxFiles: Math.max(1, fileFields.length),
    });
    return { fields: form.fields, files: form.files, discard: form.discard };
  }
  const body = await readFormBody(request);
  const fields: Record<string, string> = {};
  for (const [key, value] of body) {
    if (typeof value === "string" && !(key in fields)) fields[key] = value;
  }
  return { fields, files: [], discard: async () => {} };
}

/**
 * Stores the form's files of `fieldNames`, runs `save` with their URLs, and
 * removes them again when `save` throws, so a refused form leaves no file.
 */
export async function withStoredImages<T>(
  form: AdminForm,
  fieldNames: readonly string[],
  options: { collection: UploadCollection; actor: SessionUser },
  save: (urls: Record<string, string>) => T,
): Promise<T> {
  const db = getDb();
  const stored: { id: number; path: string }[] = [];
  const urls: Record<string, string> = {};
  try {
    for (const name of fieldNames) {
      const file = form.files.find((f) => f.fieldName === name);
      if (!file) continue;
      const row = await storeUpload(db, file, {
        collection: options.collection,
        authorId: options.actor.id,
      });
      stored.push({ id: row.id, path: row.path });
      urls[name] = row.url;
    }
    return save(urls);
  } catch (error) {
    for (const row of stored) {
      db.delete(media).where(eq(media.id, row.id)).run();
      await rm(join(readEnv().uploadsDir, row.path), { force: true });
    }
    throw error;
  } finally {
    await form.discard();
  }
}

/** The original file name of an upload, by its URL (Settings shows it). */
export function uploadName(url: string | null | undefined): string | null {
  if (!url?.startsWith("/uploads/")) return null;
  const name = getDb()
    .select({ name: media.name })
    .from(media)
    .where(eq(media.url, url))
    .get()?.name;
  return name === undefined ? null : safeFileName(name) || null;
}

/**
 * A refused action: the form re-rendered with the message, the error's
 * status and the values to put back (never a password), prefixed with the
 * spec's toast wording when given ("Error adding user: …").
 */
export function formError(
  error: unknown,
  options: { prefix?: string; values?: Record<string, string>; intent?: string } = {},
) {
  if (isDomainError(error)) {
    const message = options.prefix ? `${options.prefix}: ${error.message}` : error.message;
    const values = Object.fromEntries(
      Object.entries(options.values ?? {}).filter(([key]) => !/password/i.test(key)),
    );
    return data(
      { error: message, values, intent: options.intent ?? null },
      { status: error.status },
    );
  }
  throw error;
}
