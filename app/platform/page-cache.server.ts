/**
 * The page cache for anonymous readers: rendered responses kept in memory
 * (body, headers, and a gzip or brotli variant made the first time a client
 * takes it) in an LRU bounded by a byte budget (PAGE_CACHE_MB, default 64;
 * PAGE_CACHE=0 switches it off).
 *
 * Never stale: SQLite triggers (db/migrations/0003_page_cache_triggers.sql)
 * record every write that changes what a public page shows in
 * `page_cache_changes`; each lookup first reads the rows added since the last
 * one (one prepared statement) and removes what they affect: everything for a
 * content change, one post's pages for its likes or shares, that post's pages
 * and the listings for its approved comments, one page's address and the
 * sitemaps for a page edit. The rules and their trade-offs:
 * docs/decisions/050-page-cache.md, docs/decisions/134-page-cache-scopes.md.
 */
import { createHash } from "node:crypto";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import type { Db } from "~/platform/db.server";
import { writeMark } from "~/platform/write-mark.server";

/**
 * A hit served straight from Node (app/web/page-cache-node.server.ts) reads the
 * change log only when the connection's write mark (app/platform/write-mark.server.ts)
 * has moved since the last read: any write by this process, in a request or a
 * timer (the scheduler, the view buffer, the sender), or a commit by another
 * process. At most this long without a read all the same.
 */
const QUICK_RECHECK_MS = 100;
let syncedMark: string | undefined;
let syncedAt = 0;

/** Entries older than this are rendered again: "this week" lists and rankings move with time. */
const MAX_AGE_MS = 60_000;
/** Below this many bytes compression is not worth a variant. */
const MIN_COMPRESS_BYTES = 512;

export type Encoding = "br" | "gzip" | "identity";

/**
 * What a cached page shows, for the narrower purges: a post page, a listing
 * of post cards (which count comments), a page of the `pages` table (by slug),
 * a sitemap, or anything else (feeds, robots.txt).
 */
export type PageKind = "post" | "list" | "page" | "sitemap" | "other";

export type PageEntry = {
  status: number;
  /** Response headers as rendered (security headers, CSP with this entry's nonce, Content-Type). */
  headers: Record<string, string>;
  /**
   * The page, and its compressed variants, each made the first time a client takes that
   * encoding (`bodyFor`): a miss pays for rendering and, at most, the one compression asked.
   */
  bodies: { identity: Buffer; gzip?: Buffer; br?: Buffer };
  /** Whether the page is large enough to be worth compressing at all. */
  compressible: boolean;
  /** The key it is kept under, once kept (its variants then count against the budget). */
  key: string | null;
  /** Strong validator of the identity body; each encoding adds its own suffix. */
  etag: string;
  /** The post this page shows, when it is a post page (its counters purge only it). */
  postId: number | null;
  kind: PageKind;
  /** The slug of the page it shows (kind "page"). */
  slug: string | null;
  createdAt: number;
  size: number;
  /** Response headers per encoding and for 304, made on first use (app/web/page-cache.server.ts). */
  presented: Map<string, Record<string, string>>;
};

type Change = { seq: number; postId: number | null; scope: string | null; slug: string | null };
type Sync = {
  db: Db;
  lastSeq: number;
  read: (seq: number) => Change[];
  prune: (seq: number) => void;
  prunedAt: number;
};

type State = { entries: Map<string, PageEntry>; bytes: number; sync?: Sync };
const state: State = { entries: new Map(), bytes: 0 };

let settings: { enabled: boolean; budget: number } | undefined;
function config() {
  if (!settings) {
    const mb = Number(process.env.PAGE_CACHE_MB ?? 64);
    settings = {
      enabled: process.env.PAGE_CACHE !== "0",
      budget: (Number.isFinite(mb) && mb >= 0 ? mb : 64) * 1024 * 1024,
    };
  }
  return settings;
}

/** Whether the page cache is on (PAGE_CACHE=0 turns it off); read once per process. */
export function pageCacheEnabled(): boolean {
  return config().enabled;
}

/** Re-reads PAGE_CACHE and PAGE_CACHE_MB and empties the cache (tests). */
export function resetPageCache() {
  settings = undefined;
  clearPageCache();
  state.sync = undefined;
  syncedMark = undefined;
}

export function clearPageCache() {
  state.entries.clear();
  state.bytes = 0;
}

function remove(key: string, entry: PageEntry) {
  state.entries.delete(key);
  state.bytes -= entry.size;
}

/** Removes the entries the changes affect (docs/decisions/134-page-cache-scopes.md). */
function applyChanges(changes: Change[]) {
  const posts = new Set<number>();
  const slugs = new Set<string>();
  let lists = false;
  let sitemaps = false;
  for (const c of changes) {
    if (c.scope === "page" && c.slug !== null) {
      slugs.add(c.slug);
      sitemaps = true;
    } else if (c.postId === null) {
      clearPageCache(); // anything public may have changed
      return;
    } else {
      posts.add(c.postId);
      if (c.scope === "comments") lists = true;
    }
  }
  for (const [key, entry] of state.entries) {
    if (
      (entry.postId !== null && posts.has(entry.postId)) ||
      (lists && entry.kind === "list") ||
      (sitemaps && entry.kind === "sitemap") ||
      (entry.slug !== null && slugs.has(entry.slug))
    ) {
      remove(key, entry);
    }
  }
}

/** Applies the writes recorded since the last look; cheap when there are none. */
function syncWith(db: Db) {
  let sync = state.sync;
  if (!sync || sync.db !== db) {
    clearPageCache();
    const sqlite = db.$client;
    const read = sqlite
      .prepare("SELECT seq, post_id, scope, slug FROM page_cache_changes WHERE seq > ?")
      .raw();
    const prune = sqlite.prepare("DELETE FROM page_cache_changes WHERE seq <= ?");
    const last = sqlite.prepare("SELECT coalesce(max(seq), 0) FROM page_cache_changes").pluck();
    sync = {
      db,
      lastSeq: last.get() as number,
      read: (seq) =>
        (read.all(seq) as [number, number | null, string | null, string | null][]).map(
          ([s, postId, scope, slug]) => ({ seq: s, postId, scope, slug }),
        ),
      prune: (seq) => prune.run(seq),
      prunedAt: Date.now(),
    };
    state.sync = sync;
    return;
  }
  const changes = sync.read(sync.lastSeq);
  if (changes.length === 0) return;
  sync.lastSeq = changes[changes.length - 1].seq;
  applyChanges(changes);
  // Keep the change log short; the rows only matter to a process that has not read them.
  if (Date.now() - sync.prunedAt > 10_000) {
    sync.prunedAt = Date.now();
    sync.prune(sync.lastSeq);
  }
}

/**
 * The connection the cache last synchronised with, so a hit needs no
 * getDb() (which re-reads the environment); undefined before the first miss.
 */
export function pageCacheDb(): Db | undefined {
  return state.sync?.db;
}

/**
 * The entry for `key`, after applying the writes since the last lookup.
 * `quick`: skip reading the change log when nothing was written since the
 * last read (the write mark has not moved) and it is recent.
 */
export function getPage(db: Db, key: string, quick = false): PageEntry | undefined {
  const now = Date.now();
  if (
    !quick ||
    state.sync?.db !== db ||
    syncedMark === undefined ||
    writeMark(db) !== syncedMark ||
    now - syncedAt > QUICK_RECHECK_MS
  ) {
    syncWith(db);
    // Read after the sync, which may itself write (pruning the change log).
    syncedMark = writeMark(db);
    syncedAt = now;
  }
  const entry = state.entries.get(key);
  if (!entry) return undefined;
  if (now - entry.createdAt > MAX_AGE_MS) {
    remove(key, entry);
    return undefined;
  }
  // Most recently used last: eviction takes from the front.
  state.entries.delete(key);
  state.entries.set(key, entry);
  return entry;
}

/**
 * Keeps a rendered page. `db` must be the connection the page was read from:
 * writes recorded before this call are applied first, so an entry never
 * outlives a change it could have missed.
 */
export function putPage(db: Db, key: string, entry: PageEntry) {
  const { enabled, budget } = config();
  if (!enabled || entry.size > budget / 4) return;
  syncWith(db);
  const old = state.entries.get(key);
  if (old) remove(key, old);
  entry.key = key;
  state.entries.set(key, entry);
  state.bytes += entry.size;
  evictOverBudget(budget);
}

function evictOverBudget(budget: number) {
  for (const [k, e] of state.entries) {
    if (state.bytes <= budget) break;
    remove(k, e);
  }
}

/**
 * The body of an entry in `encoding` (identity when it is too small to compress), compressed
 * the first time it is asked for and kept with the entry: gzip 6 and brotli 6, within 1 % of
 * the bytes of gzip 9 and brotli 9 at a fifteenth of the CPU for brotli (home's 57 KB: 0.8 ms
 * against 12.8; a post's 30 KB: 0.5 against 11.2). Most clients take one encoding, so most
 * entries only ever make one.
 */
export function bodyFor(entry: PageEntry, encoding: Encoding): Buffer {
  if (encoding === "identity" || !entry.compressible) return entry.bodies.identity;
  const kept = entry.bodies[encoding];
  if (kept) return kept;
  const made = compress(entry.bodies.identity, encoding, 6);
  entry.bodies[encoding] = made;
  entry.size += made.length;
  if (entry.key !== null && state.entries.get(entry.key) === entry) {
    state.bytes += made.length;
    evictOverBudget(config().budget);
  }
  return made;
}

/** The seq of the last change seen, read before rendering: a page rendered across a write is not kept. */
export function changeMark(db: Db): number {
  syncWith(db);
  return state.sync?.lastSeq ?? 0;
}

/** Whether a write happened since `mark` (the page rendered meanwhile may predate it). */
export function changedSince(db: Db, mark: number): boolean {
  syncWith(db);
  return (state.sync?.lastSeq ?? 0) !== mark;
}

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
function compress(body: Buffer, encoding: "gzip" | "br", level: number): Buffer {
  if (encoding === "gzip") return gzipSync(body, { level });
  return brotliCompressSync(body, {
    params: {
      [constants.BROTLI_PARAM_QUALITY]: level,
      [constants.BROTLI_PARAM_SIZE_HINT]: body.length,
      [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
    },
  });
}

/** Builds an entry: the page and its validator (compressed variants come with `bodyFor`). */
export function makeEntry(input: {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
  postId: number | null;
  kind?: PageKind;
  slug?: string | null;
}): PageEntry {
  const { body } = input;
  const headerBytes = Object.entries(input.headers).reduce(
    (n, [k, v]) => n + k.length + v.length,
    0,
  );
  return {
    status: input.status,
    headers: input.headers,
    bodies: { identity: body },
    compressible: body.length >= MIN_COMPRESS_BYTES,
    key: null,
    etag: createHash("sha256").update(body).digest("base64url").slice(0, 32),
    postId: input.postId,
    kind: input.kind ?? (input.postId === null ? "other" : "post"),
    slug: input.slug ?? null,
    createdAt: Date.now(),
    presented: new Map(),
    size: body.length + headerBytes + 256,
  };
}

/** How much the cache holds (tests and the bench). */
export function pageCacheStats() {
  return { entries: state.entries.size, bytes: state.bytes };
}
