/**
 * Which reader a file needs, told from its first bytes: a WordPress export
 * (XML with the WXR namespace), a Ghost export (JSON with `db[].data` or
 * `data`), or Inkwell's own archive (a .tar.gz with inkwell-export.json).
 * Each reader has a read-only first pass (`inspect`: validates and counts;
 * a broken file fails here, before anything is written) and a second pass
 * that emits the records.
 */
import { closeSync, openSync, readSync } from "node:fs";
import { badRequest } from "~/domain/errors.server";
import { inspectGhost, readGhost } from "./ghost.server";
import { inspectInkwell, readInkwell } from "./inkwell-archive.server";
import type { Inspection, SourceRecord } from "./records";
import type { ImportFormat } from "./vocabulary";
import { inspectWxr, looksLikeWxr, readWxr } from "./wxr.server";

export type Reader = {
  format: ImportFormat;
  inspection: Inspection;
  /** Emits every record in order; notes gather file-wide remarks. */
  read(emit: (record: SourceRecord) => void, notes: Set<string>): Promise<void>;
  /** A folder of files the archive itself carries (Inkwell's uploads), if any. */
  mediaFolder?: string;
};

function head(path: string, bytes = 4096): Buffer {
  const fd = openSync(path, "r");
  try {
    const buffer = Buffer.alloc(bytes);
    const n = readSync(fd, buffer, 0, bytes, 0);
    return buffer.subarray(0, n);
  } finally {
    closeSync(fd);
  }
}

export const UNKNOWN_FORMAT =
  "This file is not a WordPress export (WXR .xml), a Ghost export (.json) or an Inkwell archive (.tar.gz)";

/** Detects the format and runs the first pass; throws a 400 for anything it cannot read. */
export async function openReader(path: string, workDir: string): Promise<Reader> {
  const start = head(path);
  if (start[0] === 0x1f && start[1] === 0x8b) {
    const { inspection, folder, document } = await inspectInkwell(path, workDir);
    return {
      format: "inkwell",
      inspection,
      mediaFolder: folder,
      read: async (emit) => readInkwell(document, emit),
    };
  }
  const text = start
    .toString("utf8")
    .replace(/^\uFEFF/, "")
    .trimStart();
  if (text.startsWith("<")) {
    if (!looksLikeWxr(text)) throw badRequest(UNKNOWN_FORMAT);
    const inspection = await inspectWxr(path);
    return {
      format: "wordpress",
      inspection,
      read: (emit, notes) => readWxr(path, inspection.attachments, emit, notes, inspection.repair),
    };
  }
  if (text.startsWith("{") || text.startsWith("[")) {
    const { inspection, document } = await inspectGhost(path);
    return {
      format: "ghost",
      inspection,
      read: async (emit, notes) => readGhost(document, emit, notes),
    };
  }
  throw badRequest(UNKNOWN_FORMAT);
}
