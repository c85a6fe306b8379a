/**
 * Compression of reader pages: the kept variants (gzip 6, brotli 6: app/platform/page-cache.server.ts)
 * and the pages the cache does not keep (gzip 3, brotli 3, once per answer).
 */
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

export type Encoding = "br" | "gzip" | "identity";

/** Below this many bytes compression is not worth a variant. */
export const MIN_COMPRESS_BYTES = 512;

/**
 * A page the cache does not keep (switched off, a signed-in reader, a flash
 * message), compressed once as it goes out, its size known: quicker settings
 * than the kept variants (gzip 3, brotli 3: about 0.2 ms for home's 57 KB,
 * 5–9 % more bytes than gzip 6 or brotli 4), and one call rather than a
 * compression stream per answer (docs/performance.md "Fresh renders").
 */
export function compressOnce(body: Buffer, encoding: Encoding): Buffer | null {
  if (encoding === "identity" || body.length < MIN_COMPRESS_BYTES) return null;
  return compress(body, encoding, 3);
}

/** `body` in gzip or brotli (text mode) at `level` (gzip's level, brotli's quality). */
export function compress(body: Buffer, encoding: "gzip" | "br", level: number): Buffer {
  if (encoding === "gzip") return gzipSync(body, { level });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}
