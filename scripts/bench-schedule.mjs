// `npm run bench:schedule`: how punctually scheduled posts go live.
//
// A fresh data folder and `node server.js` (port BENCH_PORT, default 3786).
// Two runs, each 200 posts scheduled through `POST /posts/add`
// (`status: "scheduled"`, `publishAt`) spread evenly over 2 minutes:
//   1. steady: the server runs throughout;
//   2. kill: the server is killed with SIGKILL a minute in, stays down 10 s,
//      and is started again on the same data folder.
// For each post it reads from the database when it went live (`updated_at` of
// the scheduler's publish) against its scheduled time (`timestamp`, which the
// publish sets to `publishAt`): lateness p50/p99/max; for posts that came due
// while the server was down, the time from the restart (process spawn) to
// their publish; misses (still scheduled 5 s after the last due time) and
// duplicates (more than one "Published as scheduled" revision for a post).
// Figures, not assertions. BENCH_POSTS and BENCH_SPREAD_S change the load;
// BENCH_RUNS=steady or kill runs one of them.
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import Database from "better-sqlite3";

const port = Number(process.env.BENCH_PORT ?? 3786);
const count = Number(process.env.BENCH_POSTS ?? 200);
const spreadMs = Number(process.env.BENCH_SPREAD_S ?? 120) * 1000;
const runs = (process.env.BENCH_RUNS ?? "steady,kill").split(",");
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "inkwell-bench-schedule-"));
const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

let server;
/** Starts `node server.js` on the data folder; resolves with its spawn time once it serves. */
async function startServer({ restart = false } = {}) {
  const spawnedAt = Date.now();
  server = spawn(process.execPath, ["server.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      ADMIN_EMAIL: "bench@inkwell.test",
      ADMIN_PASSWORD: "bench-Admin-password-1",
      SEED_DEMO: "0",
      // The first start built the app if needed; a restart only starts.
      ...(restart ? { INKWELL_SKIP_BUILD_CHECK: "1" } : {}),
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const logLines = [];
  await new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error("the server did not start in 180 s")), 180_000);
    server.stdout.on("data", (chunk) => {
      const text = String(chunk);
      for (const line of text.split("\n")) if (line.includes("Scheduler:")) logLines.push(line);
      if (text.includes("Inkwell is serving")) {
        clearTimeout(timer);
        resolve();
      }
    });
    server.once("exit", (code) => reject(new Error(`the server exited (${code})`)));
  });
  return { spawnedAt, servingAt: Date.now(), logLines };
}
function stopServer(signal) {
  if (!server || server.exitCode !== null) return Promise.resolve();
  const exited = new Promise((r) => server.once("exit", r));
  server.kill(signal);
  return exited;
}
process.on("exit", () => {
  server?.kill("SIGKILL");
  rmSync(dataDir, { recursive: true, force: true });
});
for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

async function api(path, body) {
  const res = await fetch(`${base}${path}`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
  const json = await res.json();
  if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
  return json;
}

const pct = (sorted, p) =>
  sorted.length
    ? sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
    : NaN;
const ms = (v) => (Number.isFinite(v) ? `${Math.round(v)} ms` : "–");

await startServer();
const db = new Database(join(dataDir, "app.db"), { readonly: true });
db.pragma("busy_timeout = 5000");
/**
 * The Administrator's API key for the bench. Keys are stored encrypted, so the stored one cannot be
 * sent; a plain key (api_key_hash null) is accepted until the next start seals it
 * (app/domain/accounts/secrets.server.ts), so a new one is written after every start.
 */
function benchKey() {
  const fresh = `bench-${crypto.randomUUID()}`;
  const writer = new Database(join(dataDir, "app.db"));
  writer.pragma("busy_timeout = 5000");
  writer
    .prepare(
      "update users set api_key = ?, api_key_hash = null where id = (select id from users where role = 'Administrator' limit 1)",
    )
    .run(fresh);
  writer.close();
  return fresh;
}
let key = benchKey();
await api("/crud/add/doc", {
  key,
  collection: "categories",
  data: { name: "Bench", description: "Scheduled by the bench" },
});

const results = [];
for (const run of runs) {
  // Schedule `count` posts from 15 s ahead, evenly over the spread.
  const first = Date.now() + 15_000;
  const ids = [];
  const createStart = performance.now();
  for (let i = 0; i < count; i++) {
    const publishAt = first + Math.round((i * spreadMs) / Math.max(1, count - 1));
    const { post } = await api("/posts/add", {
      key,
      status: "scheduled",
      publishAt,
      title: `${run} ${i}`,
      category: "Bench",
      summary: "A scheduled post.",
      content: "<p>Goes live on time.</p>",
    });
    ids.push(post.id);
  }
  const createMs = performance.now() - createStart;
  const last = first + spreadMs;
  let restart;
  let downFrom = 0;
  if (run === "kill") {
    await sleep(first + spreadMs / 2 - Date.now());
    downFrom = Date.now();
    await stopServer("SIGKILL");
    await sleep(10_000);
    restart = await startServer({ restart: true });
    key = benchKey();
  }
  await sleep(last + 5_000 - Date.now());

  const rows = db
    .prepare(
      `select p.id, p.status, p.timestamp, p.updated_at, p.publish_at,
        (select count(*) from post_revisions r where r.post_id = p.id and r.reason = 'Published as scheduled') as publishes,
        (select min(created_at) from post_revisions r where r.post_id = p.id and r.reason = 'Published as scheduled') as published_at
       from posts p where p.id in (${ids.join(",")})`,
    )
    .all();
  const misses = rows.filter((r) => r.status !== "published" || r.publishes === 0).length;
  const duplicates = rows.filter((r) => r.publishes > 1).length;
  const early = rows.filter((r) => r.published_at < r.timestamp).length;
  const running = [];
  const afterStart = [];
  for (const r of rows) {
    if (r.published_at === null) continue;
    const dueWhileDown = restart && r.timestamp >= downFrom && r.timestamp < restart.servingAt;
    if (dueWhileDown) afterStart.push(r.published_at - restart.spawnedAt);
    else running.push(r.published_at - r.timestamp);
  }
  running.sort((a, b) => a - b);
  afterStart.sort((a, b) => a - b);
  results.push({
    run,
    posts: count,
    scheduleRequestsMs: createMs,
    running,
    afterStart,
    misses,
    duplicates,
    early,
    restart,
  });
}
await stopServer("SIGTERM");

console.log(`\nnpm run bench:schedule: ${count} posts over ${spreadMs / 1000} s per run\n`);
for (const r of results) {
  console.log(
    `run "${r.run}"${r.run === "kill" ? " (SIGKILL mid-way, down 10 s, restarted)" : ""}`,
  );
  console.log(`  scheduling ${r.posts} posts through POST /posts/add: ${ms(r.scheduleRequestsMs)}`);
  console.log(
    `  lateness while running (${r.running.length} posts): p50 ${ms(pct(r.running, 50))}, ` +
      `p99 ${ms(pct(r.running, 99))}, max ${ms(r.running.at(-1))}`,
  );
  if (r.restart) {
    console.log(
      `  due while down (${r.afterStart.length} posts): published ${ms(pct(r.afterStart, 50))} (p50) / ` +
        `${ms(r.afterStart.at(-1))} (max) after the process was spawned; ` +
        `it was serving ${ms(r.restart.servingAt - r.restart.spawnedAt)} after spawn ` +
        `(the last of them ${ms(r.afterStart.at(-1) - (r.restart.servingAt - r.restart.spawnedAt))} after it began serving)`,
    );
    for (const line of r.restart.logLines)
      console.log(`  server log: ${line.trim().slice(0, 160)}…`);
  }
  console.log(`  misses ${r.misses}, duplicates ${r.duplicates}, published early ${r.early}\n`);
}
process.exit(0);
