/**
 * Full-text search over posts (docs/behaviour.md §search, docs/decisions/100-search-index.md).
 * The index `posts_search` (migration 0010) holds every post, whatever its status; readers'
 * queries keep the published ones, staff queries what the actor may see.
 */
import { type SQL, sql } from "drizzle-orm";
import { posts } from "#db/schema";
import { type ListRow, type PostListItem, toListItem } from "~/domain/posts/reading.server";
import { parseSearchQuery, type SearchTerm } from "~/domain/search/query";
import { type SnippetPiece, snippetOf } from "~/domain/search/snippet";
import type { Db } from "~/platform/db.server";
import { htmlToText } from "~/utils/text";

/** Column weights for bm25: title, summary, body, category, tags, author. */
const WEIGHTS = "10.0, 4.0, 1.0, 2.0, 3.0, 2.0";

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

type Where = { clauses: string[]; params: Record<string, string | number> };

function filterClauses(match: string, filters: SearchFilters): Where {
  const clauses = ["posts_search MATCH @match", "p.status = 'published'"];
  const params: Record<string, string | number> = { match };
  if (filters.category) {
    clauses.push("p.category_id = (SELECT id FROM categories WHERE slug = @category)");
    params.category = filters.category.toLowerCase();
  }
  if (filters.tag) {
    clauses.push(
      "EXISTS (SELECT 1 FROM post_tags pt JOIN tags t ON t.id = pt.tag_id WHERE pt.post_id = p.id AND t.slug = @tag)",
    );
    params.tag = filters.tag.toLowerCase();
  }
  const from = dayStart(filters.from);
  if (from !== undefined) {
    clauses.push("p.timestamp >= @from");
    params.from = from;
  }
  const to = dayStart(filters.to);
  if (to !== undefined) {
    clauses.push("p.timestamp < @to");
    params.to = to + DAY_MS;
  }
  return { clauses, params };
}

type ResultRow = Omit<ListRow, "timestamp"> & { timestamp: number; content: string };

/**
 * Published posts matching `query`, best first (bm25: title, then summary, then body), each
 * with a snippet of its body. Any input is safe: it is read as plain words (query.ts).
 */
export function searchPublished(
  db: Db,
  query: string,
  filters: SearchFilters,
  page: { limit: number; offset?: number },
): SearchPage {
  const parsed = parseSearchQuery(query);
  if (!parsed.match) return { query, terms: [], results: [], total: 0 };
  const { clauses, params } = filterClauses(parsed.match, filters);
  const where = clauses.join(" AND ");
  const sqlite = db.$client;
  const total = (
    sqlite
      .prepare(
        `SELECT count(*) AS n FROM posts_search JOIN posts p ON p.id = posts_search.rowid WHERE ${where}`,
      )
      .get(params) as { n: number }
  ).n;
  const rows = sqlite
    .prepare(
      `SELECT p.id, p.url, p.title, p.summary, p.photo, p.timestamp, p.content,
        c.name AS categoryName, c.slug AS categorySlug, u.name AS authorName, u.photo AS authorPhoto
      FROM posts_search JOIN posts p ON p.id = posts_search.rowid
      LEFT JOIN categories c ON c.id = p.category_id
      LEFT JOIN users u ON u.id = p.author_id
      WHERE ${where}
      ORDER BY bm25(posts_search, ${WEIGHTS}), p.timestamp DESC, p.id DESC
      LIMIT @limit OFFSET @offset`,
    )
    .all({ ...params, limit: page.limit, offset: page.offset ?? 0 }) as ResultRow[];
  const results = rows.map(({ content, timestamp, ...row }) => ({
    ...toListItem({ ...row, timestamp: new Date(timestamp) }),
    snippet: snippetOf(htmlToText(content), parsed.terms),
  }));
  return { query, terms: parsed.terms, results, total };
}

/**
 * A condition on `posts.id` for staff lists: the posts whose words match `query`, whatever
 * their status (the caller adds what the actor may see). Null when the query holds no word.
 */
export function postsMatching(query: string): SQL | null {
  const { match } = parseSearchQuery(query);
  if (!match) return null;
  return sql`${posts.id} IN (SELECT rowid FROM posts_search WHERE posts_search MATCH ${match})`;
}

/** Rebuilds the index from the posts, in one transaction (`npm run search:rebuild`). */
export function rebuildSearchIndex(db: Db): { posts: number } {
  const sqlite = db.$client;
  sqlite.transaction(() => {
    sqlite.exec("DELETE FROM posts_search");
    sqlite.exec(
      "INSERT INTO posts_search(rowid, title, summary, body, category, tags, author) SELECT * FROM posts_search_source",
    );
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
    CREATE VIRTUAL TABLE temp.search_expected USING fts5(title, summary, body, category, tags, author, content='', tokenize='unicode61 remove_diacritics 2');
    INSERT INTO temp.search_expected(rowid, title, summary, body, category, tags, author) SELECT * FROM posts_search_source;
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
