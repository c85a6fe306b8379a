/**
 * Files the back office hands out (export archive, WXR, backups): answered
 * by resource routes as attachments with their own type and file name, never
 * inside a page. A domain refusal is answered with its status.
 */
import { createReadStream, rmSync, statSync } from "node:fs";
import { Readable } from "node:stream";
import { data } from "react-router";
import { isDomainError } from "~/domain/errors.server";

export type Download = { name: string; type: string } & (
  | { text: string }
  /** A file on disk; `removeAfter` deletes it once sent (a temporary file). */
  | { path: string; removeAfter?: boolean }
);

export async function answerDownload(make: () => Download | Promise<Download>): Promise<Response> {
  let file: Download;
  try {
    file = await make();
  } catch (error) {
    if (isDomainError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
  const headers = new Headers({
    "Content-Type": file.type,
    "Content-Disposition": `attachment; filename="${file.name.replace(/["\\\r\n]/g, "_")}"`,
    "Cache-Control": "private, no-store",
  });
  if ("text" in file) return new Response(file.text, { headers });
  const { path, removeAfter } = file;
  headers.set("Content-Length", String(statSync(path).size));
  const stream = createReadStream(path);
  if (removeAfter) stream.on("close", () => rmSync(path, { force: true }));
  return new Response(Readable.toWeb(stream) as ReadableStream, { headers });
}
