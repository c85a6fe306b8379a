/**
 * Full-text search over posts (docs/behaviour.md §search, docs/decisions/100-search-index.md).
 * The index `posts_search` (migration 0010) holds every post, whatever its status; readers'
 * queries keep the published ones, staff queries what the actor may see.
 */

import type { Statement } from "better-sqlite3";
import { type SQL, sql } from "drizzle-orm";
import { posts } from "#db/schema";
import { ANONYMOUS, canRead, readableAudiences, type Viewer } from "~/domain/access/reading.server";
import { withBylines } from "~/domain/bylines/listing.server";
import { type ListRow, type PostListItem, toListItem } from "~/domain/posts/reading.server";
import { POST_VISIBILITIES, type PostVisibility } from "~/domain/posts/visibility";
import { parseSearchQuery, type SearchTerm } from "~/domain/search/query";
import { type SnippetPiece, snippetOf } from "~/domain/search/snippet";
import type { Db } from "~/platform/db.server";
import { htmlToText } from "~/utils/text";

/**
 * The columns a reader's words are looked for in. The index's other two columns, `hidden` (the
 * word `hidden` on every post that is not published) and `facets` (`c<category id>`,
 * `t<tag id>`), are filters, never matched by what is typed; the
 * ranking (bm25: title 10, summary 4, body 1, category 2, tags 3, author 2) is the index's
 * `rank`, set by migration 0010.
 */
const TEXT_COLUMNS = "{title summary body category tags author}";
/** The same without the body: what a post the searcher may not read is matched on. */
const TEXT_COLUMNS_BUT_BODY = "{title summary category tags author}";

/** The words of a query as an FTS5 expression limited to the text columns. */
function wordsMatch(match: string) {
  return `${TEXT_COLUMNS} : (${match})`;
}

/** The prefix lengths the index keeps (migration 0010: `prefix='2 3'`). */
const INDEXED_PREFIX_CHARS = 3;
/** At most this many words stand for a longer prefix (docs/decisions/101-search-prefix-expansion.md). */
export const PREFIX_EXPANSIONS = 16;

const quoted = (words: string[]) => `"${words.join(" ").replaceAll('"', '""')}"`;

/**
 * The reader's terms as an FTS5 expression. A prefix of 2 or 3 characters reads the index's
 * prefix index. A longer last word that is a word of the index is taken as typed, like every other
 * word; one that is not (a fragment, `bitc`) becomes the index's first PREFIX_EXPANSIONS words that
 * start with it (`bitcoin OR bitcoins …`), so no query merges the word lists of hundreds of words
 * (docs/decisions/101-search-prefix-expansion.md). Null when a fragment starts no word at all:
 * nothing matches.
 */
function readerMatch(db: Db, terms: SearchTerm[]): string | null {
  const parts: string[] = [];
  for (const term of terms) {
    const word = term.words[0];
    if (!term.prefix || word.length <= INDEXED_PREFIX_CHARS) {
      parts.push(`${quoted(term.words)}${term.prefix ? "*" : ""}`);
      continue;
    }
    // Whether it is a word: one step into its word list (posts_search_terms would count it all).
    if (
      statement(db, "SELECT 1 FROM posts_search WHERE posts_search MATCH ? LIMIT 1").get(
        quoted(term.words),
      )
    ) {
      parts.push(quoted(term.words));
      continue;
    }
    const found = (
      statement(db, "SELECT term FROM posts_search_terms WHERE term >= ? AND term < ? LIMIT ?").all(
        word,
        `${word}\u{10FFFF}`,
        PREFIX_EXPANSIONS,
      ) as { term: string }[]
    ).map((r) => quoted([r.term]));
    if (found.length === 0) return null;
    parts.push(found.length === 1 ? found[0] : `(${found.join(" OR ")})`);
  }
  return parts.join(" AND ");
}

export type SearchFilters = {
  /** A category's URL slug. */
  category?: string;
  /** A tag's URL slug. */
  tag?: string;
  /** Published on or after this day (`YYYY-MM-DD`, UTC). */
  from?: string;
  /** Published on or before this day (`YYYY-MM-DD`, UTC). */
  to?: string;
};

export type SearchResult = PostListItem & { snippet: SnippetPiece[] };

export type SearchPage = {
  query: string;
  terms: SearchTerm[];
  results: SearchResult[];
  total: number;
};

const DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;

/** Midnight UTC of a `YYYY-MM-DD` day, or undefined for anything else (ignored, never an error). */
export function dayStart(value: string | undefined): number | undefined {
  const m = value ? DAY.exec(value.trim()) : null;
  if (!m) return undefined;
  const ms = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  const d = new Date(ms);
  return d.getUTCDate() === Number(m[3]) && d.getUTCMonth() === Number(m[2]) - 1 ? ms : undefined;
}

type Ranked = { ids: number[]; total: number };

/**
 * The ids of one page of matches, best first, and how many there are. Being published, the
 * category and the tag are part of the FTS5 expression, so counting and ranking never read the
 * posts; only a date range needs the posts' timestamps.
 */
function rankedIds(
  db: Db,
  match: string,
  filters: SearchFilters,
  page: { limit: number; offset: number },
  readable: PostVisibility[] | null,
): Ranked | null {
  let expression = wordsMatch(match);
  // A category (`c<id>`) or tag (`t<id>`) facet by its slug; undefined when there is no such term.
  const facet = (table: "categories" | "tags", prefix: string, slug: string) => {
    const row = statement(db, `SELECT id FROM ${table} WHERE slug = ?`).get(slug.toLowerCase()) as
      | { id: number }
      | undefined;
    return row && ` AND facets : "${prefix}${row.id}"`;
  };
  for (const term of [
    filters.category ? facet("categories", "c", filters.category) : "",
    filters.tag ? facet("tags", "t", filters.tag) : "",
  ]) {
    if (term === undefined) return null;
    expression += term;
  }
  // Unpublished posts are few: leaving them out is cheap, where "published" would match nearly all.
  expression += ' NOT hidden : "hidden"';
  const conditions: string[] = [];
  const params: unknown[] = [];
  if (readable) {
    // A post the searcher may not read matches on its title, summary and the rest, never on its
    // body alone (docs/decisions/346-members-only-search.md).
    conditions.push(
      `(p.visibility IN (SELECT value FROM json_each(?)) OR p.id IN (SELECT rowid FROM posts_search WHERE posts_search MATCH ?))`,
    );
    params.push(JSON.stringify(readable), `${TEXT_COLUMNS_BUT_BODY} : (${match})`);
  }
  const from = dayStart(filters.from);
  const toDay = dayStart(filters.to);
  if (from !== undefined || toDay !== undefined) {
    conditions.push("p.timestamp >= ? AND p.timestamp < ?");
    params.push(from ?? 0, toDay === undefined ? Number.MAX_SAFE_INTEGER : toDay + DAY_MS);
  }
  if (conditions.length === 0) {
    const ids = (
      statement(
        db,
        "SELECT rowid AS id FROM posts_search WHERE posts_search MATCH ? ORDER BY rank LIMIT ? OFFSET ?",
      ).all(expression, page.limit, page.offset) as { id: number }[]
    ).map((r) => r.id);
    const total = totalOf(page, ids, () =>
      statement(db, "SELECT count(*) AS n FROM posts_search WHERE posts_search MATCH ?").get(
        expression,
      ),
    );
    return { ids, total };
  }
  const joined = `FROM posts_search JOIN posts p ON p.id = posts_search.rowid WHERE posts_search MATCH ? AND ${conditions.join(" AND ")}`;
  const ids = (
    statement(db, `SELECT p.id AS id ${joined} ORDER BY posts_search.rank LIMIT ? OFFSET ?`).all(
      expression,
      ...params,
      page.limit,
      page.offset,
    ) as { id: number }[]
  ).map((r) => r.id);
  const total = totalOf(page, ids, () =>
    statement(db, `SELECT count(*) AS n ${joined}`).get(expression, ...params),
  );
  return { ids, total };
}

/**
 * How many posts match. A page that is not full (and not past the end) tells it already, so the
 * second pass over the matches (a count reads every match again) runs only when there are more.
 */
function totalOf(page: { limit: number; offset: number }, ids: number[], count: () => unknown) {
  if (ids.length > 0 && ids.length < page.limit) return page.offset + ids.length;
  if (ids.length === 0 && page.offset === 0) return 0;
  return (count() as { n: number }).n;
}

/** Compiled statements of this module, per connection. */
const statements = new WeakMap<Db, Map<string, Statement>>();

function statement(db: Db, source: string): Statement {
  let cache = statements.get(db);
  if (!cache) {
    cache = new Map();
    statements.set(db, cache);
  }
  let compiled = cache.get(source);
  if (!compiled) {
    compiled = db.$client.prepare(source);
    cache.set(source, compiled);
  }
  return compiled;
}

type ResultRow = Omit<ListRow, "timestamp"> & {
  timestamp: number;
  content: string;
  visibility: PostVisibility;
};

/**
 * Published posts matching `query`, best first (bm25: title, then summary, then body), each
 * with a snippet of its body, or of its summary when `viewer` may not read the body
 * (app/domain/access/reading.server.ts). Any input is safe: it is read as plain words (query.ts).
 */
export function searchPublished(
  db: Db,
  query: string,
  filters: SearchFilters,
  page: { limit: number; offset?: number },
  viewer: Viewer = ANONYMOUS,
): SearchPage {
  const parsed = parseSearchQuery(query);
  const none = { query, terms: parsed.terms, results: [], total: 0 };
  if (!parsed.match) return none;
  const match = readerMatch(db, parsed.terms);
  if (!match) return none;
  const readable = readableAudiences(viewer);
  const ranked = rankedIds(
    db,
    match,
    filters,
    { limit: page.limit, offset: page.offset ?? 0 },
    readable.length === POST_VISIBILITIES.length ? null : readable,
  );
  if (!ranked || ranked.ids.length === 0) return { ...none, total: ranked?.total ?? 0 };
  const rows = statement(
    db,
    `SELECT p.id, p.url, p.title, p.summary, p.photo, p.timestamp, p.content, p.visibility,
      c.name AS categoryName, c.slug AS categorySlug, u.photo AS authorPhoto, u.slug AS authorSlug,
      coalesce(u.name, p.kept_author_name) AS authorName,
      (SELECT count(*) FROM comments cm WHERE cm.post_id = p.id AND cm.status = 'approved') AS comments
    FROM posts p
    LEFT JOIN categories c ON c.id = p.category_id
    LEFT JOIN users u ON u.id = p.author_id
    WHERE p.id IN (SELECT value FROM json_each(?))`,
  ).all(JSON.stringify(ranked.ids)) as ResultRow[];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const results = ranked.ids.flatMap((id) => {
    const row = byId.get(id);
    if (!row) return [];
    const { content, timestamp, visibility, ...item } = row;
    const body = canRead(viewer, { visibility, status: "published" })
      ? htmlToText(content)
      : item.summary;
    return [
      {
        ...toListItem({ ...item, timestamp: new Date(timestamp) }),
        snippet: snippetOf(body, parsed.terms),
      },
    ];
  });
  return { query, terms: parsed.terms, results: withBylines(db, results), total: ranked.total };
}

/**
 * A condition on `posts.id` for staff lists: the posts whose words match `query`, whatever
 * their status (the caller adds what the actor may see). Null when the query holds no word.
 */
export function postsMatching(query: string): SQL | null {
  const { match } = parseSearchQuery(query);
  if (!match) return null;
  return sql`${posts.id} IN (SELECT rowid FROM posts_search WHERE posts_search MATCH ${wordsMatch(match)})`;
}

/** Rebuilds the index from the posts, in one transaction (`npm run search:rebuild`). */
export function rebuildSearchIndex(db: Db): { posts: number } {
  const sqlite = db.$client;
  sqlite.transaction(() => {
    sqlite.exec("DELETE FROM posts_search");
    sqlite.exec(
      "INSERT INTO posts_search(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM posts_search_source",
    );
    // One segment: what a freshly built index reads fastest.
    sqlite.exec("INSERT INTO posts_search(posts_search) VALUES ('optimize')");
  })();
  return { posts: (sqlite.prepare("SELECT count(*) AS n FROM posts").get() as { n: number }).n };
}

export type SearchIndexCheck = {
  posts: number;
  /** FTS5's own check of the index structure. */
  structureOk: boolean;
  /** Word occurrences the index holds that the posts do not, and the reverse. */
  extra: number;
  missing: number;
};

/**
 * Compares the index with what the posts hold now: a fresh index of the posts is built in a
 * temporary table and both are compared word by word (fts5vocab 'instance': term, post,
 * column, position). `extra + missing === 0` means in step; anything else means it drifted
 * (a write that bypassed the triggers) and `npm run search:rebuild` puts it right.
 */
export function checkSearchIndex(db: Db): SearchIndexCheck {
  const sqlite = db.$client;
  let structureOk = true;
  try {
    sqlite.exec("INSERT INTO posts_search(posts_search) VALUES ('integrity-check')");
  } catch {
    structureOk = false;
  }
  sqlite.exec(`
    DROP TABLE IF EXISTS temp.search_expected;
    DROP TABLE IF EXISTS temp.search_expected_words;
    DROP TABLE IF EXISTS temp.search_actual_words;
    CREATE VIRTUAL TABLE temp.search_expected USING fts5(title, summary, body, category, tags, author, hidden, facets, content='', tokenize='unicode61 remove_diacritics 2');
    INSERT INTO temp.search_expected(rowid, title, summary, body, category, tags, author, hidden, facets) SELECT * FROM posts_search_source;
    CREATE VIRTUAL TABLE temp.search_expected_words USING fts5vocab(temp, search_expected, instance);
    CREATE VIRTUAL TABLE temp.search_actual_words USING fts5vocab(main, posts_search, instance);
  `);
  try {
    const diff = (a: string, b: string) =>
      (
        sqlite
          .prepare(
            `SELECT count(*) AS n FROM (SELECT term, doc, col, offset FROM temp.${a} EXCEPT SELECT term, doc, col, offset FROM temp.${b})`,
          )
          .get() as { n: number }
      ).n;
    return {
      posts: (sqlite.prepare("SELECT count(*) AS n FROM posts").get() as { n: number }).n,
      structureOk,
      extra: diff("search_actual_words", "search_expected_words"),
      missing: diff("search_expected_words", "search_actual_words"),
    };
  } finally {
    sqlite.exec(`
      DROP TABLE IF EXISTS temp.search_actual_words;
      DROP TABLE IF EXISTS temp.search_expected_words;
      DROP TABLE IF EXISTS temp.search_expected;
    `);
  }
}
