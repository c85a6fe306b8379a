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
import { bodyTag } from "~/platform/body-tag.server";
import { prunableSeq } from "~/platform/cache-purge-queue.server";
import {
  type Counts,
  type CountTemplate,
  countTemplate,
  fillCounts,
} from "~/platform/count-slots.server";
import type { Db } from "~/platform/db.server";
import { pageCacheEvictions } from "~/platform/metrics.server";
import { compress, type Encoding, MIN_COMPRESS_BYTES } from "~/platform/page-compression.server";
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

export type { Encoding } from "~/platform/page-compression.server";
export { compressOnce } from "~/platform/page-compression.server";

/**
 * What a cached page shows, for the narrower purges: a post page, a listing of post cards (which
 * count comments), a page of the `pages` table (by slug), a sitemap, a post as Markdown (purged
 * with its post, shows no counts), or anything else (feeds, robots.txt).
 */
export type PageKind = "post" | "list" | "page" | "sitemap" | "markdown" | "other";

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
  /** Bytes counted for the entry besides its bodies (headers and bookkeeping). */
  overhead: number;
  /**
   * A post page's marked places for its counts, the validator of the page around them, and the
   * counts filled in now (docs/decisions/250-counts-in-kept-pages.md); null for other pages.
   */
  counted: { template: CountTemplate; tag: string; filled: Counts } | null;
};

type Change = { seq: number; postId: number | null; scope: string | null; slug: string | null };
type Sync = {
  db: Db;
  lastSeq: number;
  read: (seq: number) => Change[];
  /** The last seq ever handed out (sqlite_sequence), to notice rows pruned before we read them. */
  lastHandedOut: () => number;
  prune: (seq: number) => void;
  prunedAt: number;
  counts: (postId: number) => Counts | undefined;
};

type State = {
  entries: Map<string, PageEntry>;
  bytes: number;
  sync?: Sync;
  /** The current counts of the posts whose pages are kept with marked places. */
  counts: Map<number, Counts>;
  /** Moves with every change read but counts (contentMark). */
  contentVersion: number;
};
const state: State = { entries: new Map(), bytes: 0, counts: new Map(), contentVersion: 0 };

/**
 * The change log keeps this many rows behind the newest a process has read when it prunes: the
 * other processes on the same file (WORKERS, a backup, the CLI) read them within a moment. One
 * that falls further behind finds the gap and empties its cache (`syncWith`).
 */
const PRUNE_KEEP_ROWS = 1_000;

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
  state.contentVersion++;
  if (state.entries.size > 0) pageCacheEvictions.inc({ reason: "change" }, state.entries.size);
  state.entries.clear();
  state.counts.clear();
  state.bytes = 0;
}

type EvictionReason = "change" | "age" | "budget" | "replaced";

function remove(key: string, entry: PageEntry, reason: EvictionReason) {
  state.entries.delete(key);
  state.bytes -= entry.size;
  pageCacheEvictions.inc({ reason });
}

/**
 * Removes the entries the changes affect (docs/decisions/134-page-cache-scopes.md); a post's
 * new like or share counts are read once and filled into its kept pages when they are next
 * answered (docs/decisions/250-counts-in-kept-pages.md).
 */
function applyChanges(sync: Sync, changes: Change[]) {
  const posts = new Set<number>();
  const counted = new Set<number>();
  const slugs = new Set<string>();
  let lists = false;
  let sitemaps = false;
  for (const c of changes) {
    if (c.scope === "counters" && c.postId !== null) {
      counted.add(c.postId);
    } else if (c.scope === "page" && c.slug !== null) {
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
  if (changes.some((c) => c.scope !== "counters" || c.postId === null)) state.contentVersion++;
  for (const postId of counted) {
    if (!state.counts.has(postId)) continue;
    const now = sync.counts(postId);
    if (now) state.counts.set(postId, now);
    else state.counts.delete(postId);
  }
  for (const [key, entry] of state.entries) {
    if (
      (entry.postId !== null && posts.has(entry.postId)) ||
      // A page showing the post's counts without marked places (none today) is rendered again.
      (entry.kind === "post" && counted.has(entry.postId ?? 0) && entry.counted === null) ||
      (lists && entry.kind === "list") ||
      (sitemaps && entry.kind === "sitemap") ||
      (entry.slug !== null && slugs.has(entry.slug))
    ) {
      remove(key, entry, "change");
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
    const handedOut = sqlite
      .prepare(
        "SELECT coalesce(max(seq), 0) FROM sqlite_sequence WHERE name = 'page_cache_changes'",
      )
      .pluck();
    const counts = sqlite.prepare("SELECT likes, shares FROM posts WHERE id = ?");
    sync = {
      db,
      lastSeq: handedOut.get() as number,
      read: (seq) =>
        (read.all(seq) as [number, number | null, string | null, string | null][]).map(
          ([s, postId, scope, slug]) => ({ seq: s, postId, scope, slug }),
        ),
      lastHandedOut: () => handedOut.get() as number,
      prune: (seq) => prune.run(seq),
      prunedAt: Date.now(),
      counts: (postId) => counts.get(postId) as Counts | undefined,
    };
    state.sync = sync;
    return;
  }
  const changes = sync.read(sync.lastSeq);
  // Rows another process pruned before this one read them: anything may have changed.
  const gap =
    changes.length > 0 ? changes[0].seq !== sync.lastSeq + 1 : sync.lastHandedOut() > sync.lastSeq;
  if (gap) {
    clearPageCache();
    sync.lastSeq = changes.length > 0 ? changes[changes.length - 1].seq : sync.lastHandedOut();
    return;
  }
  if (changes.length === 0) return;
  sync.lastSeq = changes[changes.length - 1].seq;
  applyChanges(sync, changes);
  // Keep the change log short; the rows only matter to a process that has not read them.
  if (Date.now() - sync.prunedAt > 10_000) {
    sync.prunedAt = Date.now();
    // Never past the purger's cursor (app/platform/cache-purge-queue.server.ts), when it runs.
    if (sync.lastSeq > PRUNE_KEEP_ROWS) {
      sync.prune(prunableSeq(db, sync.lastSeq - PRUNE_KEEP_ROWS));
    }
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
    remove(key, entry, "age");
    return undefined;
  }
  if (entry.counted && entry.postId !== null) {
    const counts = state.counts.get(entry.postId);
    if (counts) refill(entry, counts);
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
  if (old) remove(key, old, "replaced");
  if (entry.counted && entry.postId !== null) {
    // Read after the sync: a like recorded since the render is in the counts kept from now on.
    const counts = state.sync?.counts(entry.postId);
    if (!counts) return;
    state.counts.set(entry.postId, counts);
    refill(entry, counts);
  }
  entry.key = key;
  state.entries.set(key, entry);
  state.bytes += entry.size;
  evictOverBudget(budget);
}

function evictOverBudget(budget: number) {
  for (const [k, e] of state.entries) {
    if (state.bytes <= budget) break;
    remove(k, e, "budget");
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

/** Fills `counts` into a post page's marked places, when they differ from those it shows. */
function refill(entry: PageEntry, counts: Counts) {
  const counted = entry.counted;
  if (
    !counted ||
    (counted.filled.likes === counts.likes && counted.filled.shares === counts.shares)
  ) {
    return;
  }
  const before = entry.size;
  const body = fillCounts(counted.template, counts);
  entry.bodies = { identity: body };
  entry.size = body.length + entry.overhead;
  entry.etag = `${counted.tag}-${counts.likes}-${counts.shares}`;
  entry.presented.clear();
  counted.filled = counts;
  if (entry.key !== null && state.entries.get(entry.key) === entry) {
    state.bytes += entry.size - before;
  }
}

/** A post's counts in the database now (undefined for an unknown post). */
export function postCountsNow(db: Db, postId: number): Counts | undefined {
  syncWith(db);
  return state.sync?.counts(postId);
}

/**
 * A post page about to be answered without being kept (the cache full, a write during its
 * render): its marked places filled with the counts in the database now.
 */
export function fillCurrentCounts(db: Db, entry: PageEntry) {
  if (!entry.counted || entry.postId === null) return;
  syncWith(db);
  const counts = state.sync?.counts(entry.postId);
  if (counts) refill(entry, counts);
}

/**
 * A mark of what pages show, read before rendering: it moves with every change but a post's
 * counts (which kept pages take at answer time). A page rendered across a move may predate a
 * change: it is not kept, and readers who arrived after the move do not share it.
 */
export function contentMark(db: Db): number {
  syncWith(db);
  return state.contentVersion;
}

/** Whether what pages show changed since `mark` (contentMark). */
export function contentChangedSince(db: Db, mark: number): boolean {
  return contentMark(db) !== mark;
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
  const headerBytes = Object.entries(input.headers).reduce(
    (n, [k, v]) => n + k.length + v.length,
    0,
  );
  const overhead = headerBytes + 256;
  // A post page rendered with marked places for its counts: kept as its parts, shown with zeros
  // until the counts are read (putPage, fillCurrentCounts; docs/decisions/250-counts-in-kept-pages.md).
  const kind = input.kind ?? (input.postId === null ? "other" : "post");
  const template = kind === "post" ? countTemplate(input.body.toString()) : null;
  const zero = { likes: 0, shares: 0 };
  const body = template ? fillCounts(template, zero) : input.body;
  const tag = bodyTag(
    template ? `${template.slots.join(",")}\0${template.parts.join("\0")}` : body,
  );
  return {
    status: input.status,
    headers: input.headers,
    bodies: { identity: body },
    compressible: body.length >= MIN_COMPRESS_BYTES,
    key: null,
    etag: template ? `${tag}-0-0` : tag,
    counted: template ? { template, tag, filled: zero } : null,
    overhead,
    postId: input.postId,
    kind,
    slug: input.slug ?? null,
    createdAt: Date.now(),
    presented: new Map(),
    size: body.length + overhead,
  };
}

/** How much the cache holds (tests and the bench). */
export function pageCacheStats() {
  return { entries: state.entries.size, bytes: state.bytes };
}
