/**
 * Compression of the pages the cache keeps (`makeEntry`: gzip 6, brotli 6, once per entry) and
 * of the pages it does not keep (`compressOnce`: gzip 3, brotli 3, once per answer); both decode
 * to the page itself (app/platform/page-cache.server.ts); the encoding chosen from Accept-Encoding.
 */
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { compressOnce, makeEntry } from "~/platform/page-cache.server";
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

  it("keeps variants of a cached page that decode to it", () => {
    const entry = makeEntry({ status: 200, headers: {}, body: page, postId: null });
    expect(brotliDecompressSync(entry.bodies.br).equals(page)).toBe(true);
    expect(gunzipSync(entry.bodies.gzip).equals(page)).toBe(true);
    expect(entry.bodies.br.length).toBeLessThan(page.length / 5);
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
