/**
 * Receiving uploads: multipart bodies are streamed with busboy to a temporary
 * file in `uploads/.incoming`, counted and type-checked from their first bytes
 * while they stream. Nothing is held whole in memory, a file over the limit
 * stops being read at the limit, and a name from the client is never used as
 * a path. Keeping the file (`storeUpload`) and the upload rules (types, names,
 * limits) are the media area's: `~/domain/media/file-store.server`.
 */
import { randomUUID } from "node:crypto";
import { createWriteStream, type WriteStream } from "node:fs";
import { mkdir, rm } from "node:fs/promises";
import { join } from "node:path";
import { Readable, Transform } from "node:stream";
import { pipeline } from "node:stream/promises";
import busboy from "busboy";
import { fileTypeFromBuffer } from "file-type";
import { badRequest, DomainError, storageFull } from "~/domain/errors.server";
import {
  type AcceptPolicy,
  displayName,
  IMAGE_TYPES,
  type IncomingFile,
  incomingDir,
  MB,
  tooLarge,
} from "~/domain/media/file-store.server";

/** Bytes file-type needs to recognise every format it knows. */
const SNIFF_BYTES = 4100;

export type ReceivedFile = IncomingFile & { fieldName: string; size: number };

export type ReceivedForm = {
  fields: Record<string, string>;
  /** Every value of repeated fields (checkbox groups). */
  fieldLists: Record<string, string[]>;
  files: ReceivedFile[];
  /** Removes the temporary files that were not stored. */
  discard(): Promise<void>;
};

export type ReceiveOptions = {
  /** Largest file in bytes. */
  maxFileBytes: number;
  /** Which detected types are accepted; the message says what is. */
  accept: AcceptPolicy;
  /** Names of the file inputs to read; other file parts are skipped. */
  fileFields: readonly string[];
  maxFiles?: number;
  /** Largest text field in bytes (rich HTML bodies need room). */
  maxFieldBytes?: number;
};

export function isMultipart(request: Request) {
  return (request.headers.get("Content-Type") ?? "")
    .toLowerCase()
    .startsWith("multipart/form-data");
}

/** How much of a refused body is read and thrown away so the client gets the answer. */
const MAX_DRAIN_BYTES = 64 * MB;

/**
 * After a refusal, keep reading the rest of the body without storing it, so
 * the client (which is still sending) receives the 413/415 answer instead of
 * a reset connection; past MAX_DRAIN_BYTES the connection is cut after all.
 */
function drainAndDiscard(source: Readable) {
  let drained = 0;
  source.on("data", (chunk: Buffer) => {
    drained += chunk.length;
    if (drained > MAX_DRAIN_BYTES) source.destroy();
  });
  source.resume();
}

/** The body broke off: the client went away or its stream failed. */
/** Errors of a write that found no room: a full disk, a quota, a file-size limit. */
const DISK_FULL_CODES = new Set(["ENOSPC", "EDQUOT", "EFBIG"]);
const diskFull = (error: unknown) =>
  DISK_FULL_CODES.has(String((error as { code?: unknown })?.code));

/** 507 for the client; the real cause in the log. */
function storageFullLogged(error: unknown) {
  console.error(
    `An upload could not be written (${(error as { code?: string }).code}):`,
    (error as Error).message,
  );
  return storageFull();
}

const interrupted = () => badRequest("The upload was interrupted before it finished");

/**
 * Reads a multipart request: text fields into `fields`, files into temporary
 * files. Throws 400 (not multipart, malformed, interrupted), 413 (too large)
 * or 415 (type).
 *
 * Every way out settles: a refusal (limit, type, malformed part) destroys the
 * parser, which destroys the file stream in progress, and drains the healthy
 * body so the client reads the answer; a broken body (stream error, early
 * end, the request aborted because the client went away) also destroys the
 * body. The temporary files are closed and removed before the error is thrown.
 */
export async function receiveMultipart(
  request: Request,
  options: ReceiveOptions,
): Promise<ReceivedForm> {
  if (!isMultipart(request) || !request.body)
    throw badRequest("Expected a multipart/form-data body");
  if (request.signal.aborted) throw interrupted();
  const incoming = incomingDir();
  await mkdir(incoming, { recursive: true });

  const fields: Record<string, string> = {};
  const fieldLists: Record<string, string[]> = {};
  const files: ReceivedFile[] = [];
  const temps: string[] = [];
  const discard = async () => {
    await Promise.all(temps.map((t) => rm(t, { force: true })));
  };

  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      defParamCharset: "utf8",
      limits: {
        files: options.maxFiles ?? 1,
        fields: 200,
        fieldSize: options.maxFieldBytes ?? 2 * MB,
        parts: 250,
      },
    });
  } catch {
    throw badRequest("Malformed multipart body");
  }
  const source = Readable.fromWeb(request.body as import("node:stream/web").ReadableStream);

  const writes: Promise<void>[] = [];
  /** Each temporary file's descriptor closed (a destroyed stream closes it once opened). */
  const closings: Promise<void>[] = [];
  let onAbort = () => {};
  const done = new Promise<void>((resolve, reject) => {
    let failed = false;
    /**
     * `bodyBroken`: the body itself failed, so it is destroyed too; otherwise
     * it is healthy and drained so the client receives the refusal.
     */
    const fail = (error: unknown, bodyBroken = false) => {
      if (failed) return;
      failed = true;
      source.unpipe(parser);
      const refusal =
        error instanceof DomainError
          ? error
          : diskFull(error)
            ? storageFullLogged(error)
            : badRequest("Malformed multipart body");
      // Ends the file stream in progress (busboy destroys it), so its write settles.
      parser.destroy(refusal);
      if (bodyBroken) source.destroy();
      else drainAndDiscard(source);
      reject(refusal);
    };

    parser.on("field", (name, value, info) => {
      if (info.valueTruncated) return fail(badRequest(`${name}: the text is too long`));
      fields[name] ??= value;
      const list = fieldLists[name] ?? [];
      list.push(value);
      fieldLists[name] = list;
    });
    parser.on("file", (name, stream, info) => {
      // A destroyed parser destroys its file stream with an error: always listened to.
      stream.on("error", () => {});
      const filename = info.filename;
      if (failed || !options.fileFields.includes(name) || !filename) {
        stream.resume();
        return;
      }
      const tempPath = join(incoming, randomUUID());
      temps.push(tempPath);
      let size = 0;
      let head: Buffer[] = [];
      let headBytes = 0;
      let detected: { mime: string; ext: string } | undefined;
      const sniff = async (bytes: Buffer) => {
        const type = await fileTypeFromBuffer(bytes);
        if (!options.accept.test(type?.mime)) throw new DomainError(415, options.accept.message);
        detected = { mime: type?.mime ?? "application/octet-stream", ext: type?.ext ?? "bin" };
      };
      const guard = new Transform({
        transform(chunk: Buffer, _encoding, callback) {
          size += chunk.length;
          if (size > options.maxFileBytes) return callback(tooLarge(options.maxFileBytes));
          if (detected) return callback(null, chunk);
          head.push(chunk);
          headBytes += chunk.length;
          if (headBytes < SNIFF_BYTES) return callback();
          const bytes = Buffer.concat(head);
          head = [];
          sniff(bytes).then(() => callback(null, bytes), callback);
        },
        flush(callback) {
          if (detected) return callback();
          if (headBytes === 0) return callback(badRequest("The file is empty"));
          const bytes = Buffer.concat(head);
          sniff(bytes).then(() => callback(null, bytes), callback);
        },
      });
      const out: WriteStream = createWriteStream(tempPath, { flags: "wx", mode: 0o644 });
      closings.push(new Promise<void>((done) => out.once("close", () => done())));
      writes.push(
        pipeline(stream, guard, out).then(
          () => {
            if (!detected) return;
            files.push({
              fieldName: name,
              originalName: displayName(filename),
              tempPath,
              size,
              mimeType: detected.mime,
              ext: IMAGE_TYPES[detected.mime] ?? detected.ext,
            });
          },
          (error: unknown) => fail(error),
        ),
      );
    });
    parser.on("filesLimit", () => fail(badRequest("Too many files in one upload")));
    parser.on("partsLimit", () => fail(badRequest("Too many form fields")));
    parser.on("fieldsLimit", () => fail(badRequest("Too many form fields")));
    // busboy's own errors: a malformed body, or one cut short ("Unexpected end of form").
    parser.on("error", (error: Error) =>
      fail(
        /unexpected end/i.test(error.message)
          ? interrupted()
          : badRequest("Malformed multipart body"),
      ),
    );
    source.on("error", () => fail(interrupted(), true));
    onAbort = () => fail(interrupted(), true);
    request.signal.addEventListener("abort", onAbort, { once: true });
    parser.on("close", () => {
      Promise.all(writes).then(() => {
        if (!failed) resolve();
      }, fail);
    });
    source.pipe(parser);
  });

  try {
    await done;
  } catch (error) {
    await Promise.allSettled(writes);
    await Promise.all(closings);
    await discard();
    throw error;
  } finally {
    request.signal.removeEventListener("abort", onAbort);
  }
  return { fields, fieldLists, files, discard };
}
