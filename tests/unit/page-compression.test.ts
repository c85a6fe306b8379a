/**
 * Compression of the pages the cache keeps (`bodyFor`: gzip 6, brotli 6, each made on first use) and
 * of the pages it does not keep (`compressOnce`: gzip 3, brotli 3, once per answer); both decode
 * to the page itself (app/platform/page-cache.server.ts); the encoding chosen from Accept-Encoding.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { getDb } from "~/platform/db.server";
import {
  bodyFor,
  compressOnce,
  makeEntry,
  pageCacheStats,
  putPage,
  resetPageCache,
} from "~/platform/page-cache.server";
import { pickEncoding } from "~/web/page-cache.server";

const page = Buffer.from(
  `<!DOCTYPE html><html><body>${"<p>Rates held steady — naïve café prices.</p>".repeat(200)}</body></html>`,
);

describe("page compression", () => {
  it("compresses an answer the cache does not keep, in the encoding asked", () => {
    const br = compressOnce(page, "br");
    const gzip = compressOnce(page, "gzip");
    expect(br && brotliDecompressSync(br).equals(page)).toBe(true);
    expect(gzip && gunzipSync(gzip).equals(page)).toBe(true);
    expect(br?.length).toBeLessThan(page.length / 5);
    expect(compressOnce(page, "identity")).toBeNull();
    expect(compressOnce(Buffer.from("<p>short</p>"), "br")).toBeNull();
  });

  it("makes a cached page's variant the first time it is asked for, keeps it, and counts it", () => {
    const entry = makeEntry({ status: 200, headers: {}, body: page, postId: null });
    const sizeAlone = entry.size;
    expect(entry.bodies.br).toBeUndefined();
    expect(entry.bodies.gzip).toBeUndefined();

    const br = bodyFor(entry, "br");
    expect(brotliDecompressSync(br).equals(page)).toBe(true);
    expect(br.length).toBeLessThan(page.length / 5);
    expect(bodyFor(entry, "br")).toBe(br); // kept, not made again
    expect(entry.bodies.gzip).toBeUndefined(); // only what was asked
    expect(entry.size).toBe(sizeAlone + br.length);

    const gzip = bodyFor(entry, "gzip");
    expect(gunzipSync(gzip).equals(page)).toBe(true);
    expect(entry.size).toBe(sizeAlone + br.length + gzip.length);
    expect(bodyFor(entry, "identity")).toBe(page);
  });

  it("counts a kept entry's variants against the cache's budget", () => {
    resetPageCache();
    const db = getDb();
    const entry = makeEntry({ status: 200, headers: {}, body: page, postId: null });
    const before = pageCacheStats().bytes;
    putPage(db, "/variants-test", entry);
    expect(pageCacheStats().bytes).toBe(before + entry.size);
    const br = bodyFor(entry, "br");
    expect(pageCacheStats().bytes).toBe(before + entry.size);
    expect(entry.size).toBeGreaterThan(br.length);
    resetPageCache();
  });

  it("leaves a page too small to be worth compressing as it is", () => {
    const small = Buffer.from("<p>short</p>");
    const entry = makeEntry({ status: 200, headers: {}, body: small, postId: null });
    expect(bodyFor(entry, "br")).toBe(small);
    expect(entry.bodies.br).toBeUndefined();
  });

  it("answers in the encoding the client takes: brotli, else gzip, never one it refuses", () => {
    expect(pickEncoding("gzip, deflate, br")).toBe("br");
    expect(pickEncoding("gzip")).toBe("gzip");
    expect(pickEncoding("br;q=0, gzip")).toBe("gzip");
    expect(pickEncoding("BR;Q=0.0, GZIP;q=0.5")).toBe("gzip");
    expect(pickEncoding("gzip;q=0, br;q=0")).toBe("identity");
    expect(pickEncoding("*")).toBe("br");
    expect(pickEncoding("*, br;q=0")).toBe("gzip");
    expect(pickEncoding("identity")).toBe("identity");
    expect(pickEncoding(undefined)).toBe("identity");
  });
});
