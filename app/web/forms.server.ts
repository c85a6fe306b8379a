/**
 * Page forms, read and answered one way. `readForm` reads any posted form
 * (multipart with images, or urlencoded); `parseIntent` tells which button
 * was pressed (`intent`) and checks the fields that branch needs;
 * `formError` turns a refusal into the one failure shape every admin action
 * answers with: `{ error, values, intent }` and the DomainError's status.
 * A body that is not a form, or a form that cannot be parsed, is a 400, never a 500.
 */
import { data } from "react-router";
import { z } from "zod";
import type { SessionUser } from "~/domain/access/actor.server";
import {
  badRequest,
  DomainError,
  errorHeaders,
  isDomainError,
  zodMessage,
} from "~/domain/errors.server";
import {
  IMAGES_ONLY,
  maxImageBytes,
  storedUploadName,
  storeUpload,
  type UploadCollection,
  unstoreUpload,
} from "~/domain/media/file-store.server";
import { getSettings } from "~/domain/site/settings.server";
import { getDb } from "~/platform/db.server";
import { isMultipart, type ReceivedForm, receiveMultipart } from "~/web/uploads.server";

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];

/** True when the body is a form (urlencoded or multipart), whatever its parameters. */
export function isFormBody(request: Request): boolean {
  const type = (request.headers.get("Content-Type") ?? "").toLowerCase();
  return FORM_TYPES.some((t) => type.startsWith(t));
}

/** A posted form: `fields` holds each text field's first value, `lists` all its values in order. */
export type PostedForm = Omit<ReceivedForm, "fieldLists"> & { lists: Record<string, string[]> };

export type FormOptions = {
  /** File inputs to receive: images within Settings' Max Image Size. Other file parts are skipped. */
  files?: readonly string[];
  /** Largest text field in bytes (2 MB unless given). */
  maxFieldBytes?: number;
};

/** A posted form, multipart or urlencoded; 400 for any other body or one that cannot be parsed. */
export async function readForm(request: Request, options: FormOptions = {}): Promise<PostedForm> {
  if (isMultipart(request)) {
    const fileFields = options.files ?? [];
    const form = await receiveMultipart(request, {
      maxFileBytes: maxImageBytes(getSettings(getDb()).maxImageSize),
      accept: IMAGES_ONLY,
      fileFields,
      maxFiles: Math.max(1, fileFields.length),
      maxFieldBytes: options.maxFieldBytes,
    });
    return {
      fields: form.fields,
      lists: form.fieldLists,
      files: form.files,
      discard: form.discard,
    };
  }
  if (!isFormBody(request)) throw badRequest("Send the form as a form post");
  const body = new URLSearchParams(
    await readLimitedText(request, options.maxFieldBytes ?? MAX_URLENCODED_BYTES),
  );
  const fields: Record<string, string> = {};
  const lists: Record<string, string[]> = {};
  for (const [key, value] of body) {
    fields[key] ??= value;
    lists[key] = [...(lists[key] ?? []), value];
  }
  return { fields, lists, files: [], discard: async () => {} };
}

/** A urlencoded form larger than this is refused (a post's content is the largest field). */
const MAX_URLENCODED_BYTES = 2 * 1024 * 1024 + 64 * 1024;

/**
 * The body's bytes, at most `maxBytes`, counted while reading (a larger body is
 * refused with `tooLargeStatus`, 413 unless the caller documents otherwise, and
 * never held whole); 400 when it cannot be read.
 */
export async function readLimitedBytes(
  request: Request,
  maxBytes: number,
  tooLargeStatus: 400 | 413 = 413,
): Promise<Buffer> {
  const tooLarge = () =>
    new DomainError(
      tooLargeStatus,
      `The body is too large: the limit is ${Math.round(maxBytes / 1024)} KB`,
    );
  const declared = Number(request.headers.get("Content-Length") ?? "NaN");
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  if (!request.body) return Buffer.alloc(0);
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    let chunk: ReadableStreamReadResult<Uint8Array>;
    try {
      chunk = await reader.read();
    } catch {
      throw badRequest("The body could not be read");
    }
    if (chunk.done) break;
    size += chunk.value.byteLength;
    if (size > maxBytes) {
      await reader.cancel().catch(() => {});
      throw tooLarge();
    }
    chunks.push(chunk.value);
  }
  return Buffer.concat(chunks);
}

/** `readLimitedBytes` as UTF-8 text. */
export async function readLimitedText(request: Request, maxBytes: number): Promise<string> {
  return (await readLimitedBytes(request, maxBytes)).toString("utf8");
}

/** The form as one object: a repeated field's values as an array, any other field's as a string. */
export function formValues(form: Pick<PostedForm, "lists">): Record<string, string | string[]> {
  const out: Record<string, string | string[]> = {};
  for (const [key, values] of Object.entries(form.lists)) {
    const [first] = values;
    if (first !== undefined) out[key] = values.length > 1 ? values : first;
  }
  return out;
}

/** The forms' `intent` field: a discriminated union on it, one branch per button. */
export type IntentSchema = z.ZodDiscriminatedUnion<readonly z.core.SomeType[], "intent">;

/**
 * Which button was pressed (`intent`, `fallback` when the form sends none)
 * and the fields its branch of `schema` names, parsed. An intent the union
 * does not list is a 400 "Unknown action"; a field its branch refuses, a 400
 * naming the field. A repeated field arrives as an array (declare it with
 * `formList`), any other as a string.
 */
export function parseIntent<S extends IntentSchema>(
  form: Pick<PostedForm, "lists">,
  schema: S,
  fallback?: string,
): z.output<S> {
  const input = formValues(form);
  if (input.intent === undefined && fallback !== undefined) input.intent = fallback;
  const result = schema.safeParse(input);
  if (result.success) return result.data;
  const unknown = result.error.issues.some((issue) => issue.path[0] === "intent");
  throw badRequest(unknown ? "Unknown action" : zodMessage(result.error));
}

/** A repeated field (a checkbox group): always an array, empty when none was sent. */
export function formList<T extends z.ZodType>(item: T) {
  return z.preprocess(
    (value) => (value === undefined ? [] : Array.isArray(value) ? value : [value]),
    z.array(item),
  );
}

/** What a screen answers when it cannot tell what was asked (an unknown `intent`). */
export const UNKNOWN_REQUEST = "Error performing request";

/** How a refusal reads: "prefix: reason", or words of the action's own. */
export type FailureOptions = {
  prefix?: string;
  message?: (error: DomainError) => string;
  values?: Record<string, string>;
  intent?: string | null;
};

/**
 * A refused admin action: the form re-rendered with the message, the
 * error's status, the values to put back (never a password) and the intent
 * that failed. Anything but a DomainError is a server fault, rethrown.
 */
export function formError(error: unknown, options: FailureOptions = {}) {
  if (!isDomainError(error)) throw error;
  const message = options.message
    ? options.message(error)
    : options.prefix
      ? `${options.prefix}: ${error.message}`
      : error.message;
  const values = Object.fromEntries(
    Object.entries(options.values ?? {}).filter(([key]) => !/password/i.test(key)),
  );
  return data(
    { error: message, values, intent: options.intent ?? null },
    { status: error.status, headers: errorHeaders(error) },
  );
}

/**
 * Stores the form's files of `fieldNames`, runs `save` with their URLs, and
 * removes them again when `save` throws, so a refused form leaves no file.
 */
export async function withStoredImages<T>(
  form: Pick<PostedForm, "fields" | "files" | "discard">,
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
    for (const row of stored) await unstoreUpload(db, row);
    throw error;
  } finally {
    await form.discard();
  }
}

/** The original file name of an upload, by its URL (Settings shows it). */
export function uploadName(url: string | null | undefined): string | null {
  return storedUploadName(getDb(), url);
}
