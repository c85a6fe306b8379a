/**
 * The image manifest with more than one process on the file (WORKERS): an upload another
 * process stored, or whose renditions another process made, is read from its row, so pages
 * this process renders carry its size and `srcset` without a restart.
 */
import { beforeAll, expect, test } from "vitest";
import { imageFor, loadImageManifest } from "~/domain/media/image-manifest.server";
import { getDb } from "~/platform/db.server";
import { setupNewsroom } from "./fixtures";

beforeAll(() => {
  setupNewsroom();
});

/** Another process's write: straight to the file, nothing in this process's memory. */
function elsewhere(sql: string, ...args: unknown[]) {
  getDb()
    .$client.prepare(sql)
    .run(...args);
}

test("an upload stored elsewhere, then its renditions made elsewhere, are seen here", () => {
  loadImageManifest(getDb());
  const url = "/uploads/images/elsewhere.jpg";
  expect(imageFor(url)).toBeNull();
  elsewhere(
    "INSERT INTO media (uid, url, name, path, mime_type, size, width, height, collection) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
    "elsewhere-1",
    url,
    "elsewhere.jpg",
    "images/elsewhere.jpg",
    "image/jpeg",
    1000,
    2400,
    1600,
    "images",
  );
  expect(imageFor(url)).toEqual({ width: 2400, height: 1600, widths: [], avif: false });
  elsewhere(
    "UPDATE media SET renditions = ? WHERE url = ?",
    JSON.stringify({ widths: [480, 960], avif: true }),
    url,
  );
  expect(imageFor(url)).toEqual({ width: 2400, height: 1600, widths: [480, 960], avif: true });
});

test("an image outside the uploads is never looked up", () => {
  expect(imageFor("https://example.com/picture.jpg")).toBeNull();
  expect(imageFor("/demo/images/harbour.svg")?.width).toBe(1200);
});
