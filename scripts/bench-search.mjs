// `npm run bench:search`: how fast is search with a large archive (docs/performance.md, "Search")?
// Starts the product on an empty temporary data folder, seeds BENCH_POSTS published posts
// (default 100,000) of about 600 words each drawn from a 30,000-word vocabulary with a Zipf
// distribution (as in real text: a few words everywhere, most words rare), through the same
// triggers that keep the index in step on every write. Then it sends two-word queries of
// mid-frequency words one at a time to `GET /get/search` and prints the latency (p50 / p99 /
// max) at the client and as the server timed itself (`Server-Timing`), side by side with the
// reference a plain SQL search would take on the same database (`content LIKE '%w1%' AND content LIKE '%w2%'`, as WordPress does): the very same
// queries, as many, each timed alone; and the size of the index next to the size of the posts'
// text. Figures, not assertions: run it on a quiet machine.
//   BENCH_PORT (default 4880), BENCH_POSTS (100000), BENCH_QUERIES (400)
// A quick check that it runs: BENCH_POSTS=2000 BENCH_QUERIES=20 npm run bench:search

import { join } from "node:path";
import Database from "better-sqlite3";
import { startBenchServer } from "./bench-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 4880);
const postCount = Number(process.env.BENCH_POSTS ?? 100_000);
const queryCount = Number(process.env.BENCH_QUERIES ?? 400);
const VOCABULARY = 30_000;
const WORDS_PER_POST = 600;

// A fixed pseudo-random sequence, so every run searches the same archive.
let state = 0x9e3779b9;
function random() {
  state ^= state << 13;
  state ^= state >>> 17;
  state ^= state << 5;
  return (state >>> 0) / 4294967296;
}

const SYLLABLES = "ka lo mi ne ru sa te vo zi pa do fe gu hi ja be co da ex ly".split(" ");
const words = [];
const seen = new Set();
while (words.length < VOCABULARY) {
  let w = "";
  const n = 2 + Math.floor(random() * 3);
  for (let i = 0; i < n; i++) w += SYLLABLES[Math.floor(random() * SYLLABLES.length)];
  if (!seen.has(w)) {
    seen.add(w);
    words.push(w);
  }
}
// Zipf (s = 1): the word of rank r is drawn with probability proportional to 1 / r.
const cdf = new Float64Array(VOCABULARY);
let sum = 0;
for (let r = 0; r < VOCABULARY; r++) {
  sum += 1 / (r + 1);
  cdf[r] = sum;
}
function word() {
  const x = random() * sum;
  let lo = 0;
  let hi = VOCABULARY - 1;
  while (lo < hi) {
    const mid = (lo + hi) >> 1;
    if (cdf[mid] < x) lo = mid + 1;
    else hi = mid;
  }
  return words[lo];
}
const text = (n) => Array.from({ length: n }, word).join(" ");

function seed(dbPath) {
  const started = performance.now();
  const db = new Database(dbPath);
  db.pragma("journal_mode = WAL");
  db.pragma("synchronous = OFF");
  db.pragma("cache_size = -262144");
  // The index's triggers read the body's text through the app's function (app/platform/db.server.ts);
  // these bodies are plain paragraphs.
  db.function("inkwell_text", { deterministic: true }, (html) =>
    typeof html === "string" ? html.replace(/<[^>]*>/g, " ") : "",
  );
  const adminId = db.prepare("select id from users order by id limit 1").get()?.id ?? null;
  db.prepare(
    "insert into categories (id, uid, name, slug, key, description) values (1000, 'c', 'World', 'world', 'world', '')",
  ).run();
  const insert = db.prepare(`insert into posts (id, uid, status, title, slug, url, summary, content,
    category_id, timestamp, author_id, updated_at) values (?, ?, 'published', ?, ?, ?, ?, ?, 1000, ?, ?, ?)`);
  const now = Date.now();
  const BATCH = 2000;
  for (let from = 1; from <= postCount; from += BATCH) {
    db.transaction(() => {
      for (let i = from; i < Math.min(from + BATCH, postCount + 1); i++) {
        const paragraphs = Array.from({ length: 6 }, () => `<p>${text(WORDS_PER_POST / 6)}</p>`);
        const t = now - (postCount - i) * 60_000;
        insert.run(
          i,
          `post-${i}`,
          text(6),
          `story-${i}`,
          `/${i}/world/story-${i}`,
          text(20),
          paragraphs.join(""),
          t,
          adminId,
          t,
        );
      }
    })();
    if ((from - 1) % 20_000 === 0) process.stdout.write(`  ${from - 1} posts…\n`);
  }
  const ms = Math.round(performance.now() - started);
  const size = (where) =>
    db.prepare(`select coalesce(sum(pgsize), 0) as n from dbstat where ${where}`).get().n;
  const figures = {
    seedMs: ms,
    contentBytes: db.prepare("select sum(length(content)) as n from posts").get().n,
    textBytes: db
      .prepare(
        "select sum(length(title) + length(summary) + length(inkwell_text(content))) as n from posts",
      )
      .get().n,
    indexBytes: size("name like 'posts_search%'"),
    postsTableBytes: size("name = 'posts'"),
  };
  db.close();
  return figures;
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))];
const summary = (ms) => {
  const s = [...ms].sort((a, b) => a - b);
  return { p50: percentile(s, 50), p99: percentile(s, 99), max: s.at(-1), n: s.length };
};
const fmt = (x) => `${x.toFixed(1)} ms`;
const mb = (bytes) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

const server = await startBenchServer({
  port,
  prefix: "inkwell-search-",
  env: { SEED_DEMO: "0", PAGE_CACHE: "0", INKWELL_SKIP_BUILD_CHECK: "1" },
});
try {
  console.log(`seeding ${postCount} posts of ~${WORDS_PER_POST} words…`);
  const dbPath = join(server.dataDir, "app.db");
  const sizes = seed(dbPath);
  console.log(`seeded in ${(sizes.seedMs / 1000).toFixed(1)} s (the index kept by its triggers)`);

  // Two-word queries of words ranked 100–5,000: each in roughly 0.2–10 % of the posts.
  const queries = Array.from({ length: queryCount }, () => {
    const a = words[100 + Math.floor(random() * 4900)];
    const b = words[100 + Math.floor(random() * 4900)];
    return `${a} ${b}`;
  });
  const base = `${server.base}/get/search?q=`;
  for (const q of queries.slice(0, 20))
    await (await fetch(base + encodeURIComponent(q))).arrayBuffer(); // warm-up
  /** Round trip and server time (server.js sets `Server-Timing: app;dur=`) of each query. */
  async function run(list) {
    const fts = [];
    const atServer = [];
    let hits = 0;
    for (const q of list) {
      const t0 = performance.now();
      const res = await fetch(base + encodeURIComponent(q));
      const body = await res.json();
      fts.push(performance.now() - t0);
      if (res.status !== 200) throw new Error(`${q}: ${res.status}`);
      const timing = /app;dur=([\d.]+)/.exec(res.headers.get("server-timing") ?? "");
      if (timing) atServer.push(Number(timing[1]));
      hits += Number(res.headers.get("x-total-count")) > 0 && body.length > 0 ? 1 : 0;
    }
    return { fts, atServer, hits };
  }
  const { fts, atServer, hits } = await run(queries);
  // The same queries as typed half-way: the last word cut to its first letters (a fragment the
  // search expands into up to 16 words, docs/decisions/101-search-prefix-expansion.md).
  const cut = await run(
    queries.slice(0, Math.ceil(queries.length / 2)).map((q) => {
      const [a, b] = q.split(" ");
      return `${a} ${b.slice(0, Math.max(4, b.length - 2))}`;
    }),
  );

  // The reference: the same queries, every one of them, as a scan of the posts' HTML, in-process
  // (no HTTP at all, which only favours the scan).
  const db = new Database(dbPath, { readonly: true });
  const like = db.prepare(`select id from posts where status = 'published'
    and content like ? and content like ? order by timestamp desc limit 10`);
  const scan = (q) => {
    const [a, b] = q.split(" ");
    return like.all(`%${a}%`, `%${b}%`);
  };
  for (const q of queries.slice(0, 20)) scan(q); // warm-up, as above
  const scans = [];
  for (const q of queries) {
    const t0 = performance.now();
    scan(q);
    scans.push(performance.now() - t0);
  }
  db.close();

  const f = summary(fts);
  const sv = summary(atServer);
  const l = summary(scans);
  console.log(
    `\nSearch with ${postCount.toLocaleString("en")} posts (${queries.length} two-word queries, ${hits} with results)\n`,
  );
  console.log("| | p50 | p99 | max | queries |");
  console.log("|---|---|---|---|---|");
  console.log(
    `| GET /get/search (FTS5, HTTP round trip on 127.0.0.1) | ${fmt(f.p50)} | ${fmt(f.p99)} | ${fmt(f.max)} | ${f.n} |`,
  );
  console.log(
    `| the same, at the server (Server-Timing: arrival to response headers) | ${fmt(sv.p50)} | ${fmt(sv.p99)} | ${fmt(sv.max)} | ${sv.n} |`,
  );
  const c = summary(cut.atServer);
  console.log(
    `| the last word cut short (a fragment, expanded), at the server | ${fmt(c.p50)} | ${fmt(c.p99)} | ${fmt(c.max)} | ${c.n} |`,
  );
  console.log(
    `| reference: LIKE '%w1%' AND LIKE '%w2%' scan, in-process | ${fmt(l.p50)} | ${fmt(l.p99)} | ${fmt(l.max)} | ${l.n} |`,
  );
  console.log(`\n| size | |\n|---|---|`);
  console.log(`| posts' HTML (content) | ${mb(sizes.contentBytes)} |`);
  console.log(`| posts' plain text (title, summary, body) | ${mb(sizes.textBytes)} |`);
  console.log(`| search index (posts_search*) | ${mb(sizes.indexBytes)} |`);
  console.log(`| posts table | ${mb(sizes.postsTableBytes)} |`);
  console.log(
    `| server resident memory after the run | ${server.memoryMb("VmRSS").toFixed(0)} MB |`,
  );
} finally {
  server.stop();
  process.exit(0);
}
