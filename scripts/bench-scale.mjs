// `npm run bench:scale`: does the cost stay flat as the archive grows
// (docs/performance.md, "Scale")? For 1,000 and then 100,000 published posts
// (with 1,000 and 1,000,000 subscribers) it starts the product once on an
// empty temporary data folder (which runs the migrations and creates the
// first Administrator), seeds the rows straight into SQLite in a few
// transactions, measures the p50 at the server of each page with autocannon
// (PAGE_CACHE=0, one connection, so p50 is the service time; both sizes served at once and
// measured in alternating slices), and prints the growth table (1k vs 100k and their ratio) and
// each server's resident memory.
// Figures, not assertions: run it on a quiet machine.
//   BENCH_PORT (default 4850, uses two ports), BENCH_SECONDS (2), BENCH_SIZES ("1000,100000")

import { readFileSync } from "node:fs";
import { join } from "node:path";
import autocannon from "autocannon";
import { CATEGORIES, seed, slugOf } from "./bench-scale-seed.mjs";
import { startBenchServer } from "./bench-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 4850);
const seconds = Number(process.env.BENCH_SECONDS ?? 2);
const sizes = (process.env.BENCH_SIZES ?? "1000,100000").split(",").map(Number);
const ADMIN_EMAIL = "scale@inkwell.test";
const ADMIN_PASSWORD = "bench-Admin-password-1";

async function signIn(base) {
  const res = await fetch(`${base}/admin/login`, {
    method: "POST",
    redirect: "manual",
    headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: base },
    body: new URLSearchParams({ email: ADMIN_EMAIL, password: ADMIN_PASSWORD }),
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0]);
  if (!cookies.length) throw new Error(`sign-in failed (${res.status})`);
  return cookies.join("; ");
}

const TICKS_PER_SECOND = 100; // Linux USER_HZ
/** CPU time the process has used so far, in ms (user + system, from /proc). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

/** Fetches `url` once (it must answer 200), then loads it for a second: the code is compiled, the pages cached. */
async function warmUp(url, headers) {
  const check = await fetch(url, { headers, redirect: "manual" });
  if (check.status !== 200) throw new Error(`${url} answered ${check.status}`);
  await check.arrayBuffer();
  await autocannon({ url, headers, connections: 1, duration: 1 });
}

/**
 * Loads `url` for `secs` with one connection, adding to `into` the server's own time of each
 * answer (its `Server-Timing: app;dur=` header, to the hundredth of a millisecond: autocannon's
 * latency is whole milliseconds), the server's CPU ms (steadier than wall time on a busy machine)
 * and the number of requests.
 */
async function slice(url, headers, pid, secs, into) {
  const before = cpuMs(pid);
  const result = await autocannon({
    url,
    headers,
    connections: 1,
    duration: secs,
    setupClient(client) {
      client.on("headers", (h) => {
        // autocannon passes the HTTP parser's result: headers as [name, value, name, value...].
        const list = Array.isArray(h?.headers) ? h.headers : [];
        for (let i = 0; i < list.length; i += 2) {
          if (String(list[i]).toLowerCase() !== "server-timing") continue;
          const dur = /app;dur=([\d.]+)/.exec(String(list[i + 1]))?.[1];
          if (dur) into.durations.push(Number(dur));
        }
      });
    },
  });
  into.cpu += cpuMs(pid) - before;
  into.requests += result.requests.total;
}

// Every size is served at once, each by its own server, and each page is measured on them in
// turn, in alternating half-second slices: a machine that gets busier or quieter during the run
// moves every size alike instead of bending the ratio (the sizes used to be measured one after
// the other, minutes apart).
const running = [];
for (const [i, posts] of sizes.entries()) {
  const subscribers = posts >= 100_000 ? 1_000_000 : posts;
  const server = await startBenchServer({
    port: port + i,
    prefix: `inkwell-scale-${posts}-`,
    env: {
      SEED_DEMO: "0",
      PAGE_CACHE: "0",
      INKWELL_SKIP_BUILD_CHECK: "1",
      ADMIN_EMAIL,
      ADMIN_PASSWORD,
    },
  });
  const seedMs = seed(join(server.dataDir, "app.db"), posts, subscribers);
  console.log(`seeded ${posts} posts and ${subscribers} subscribers in ${seedMs} ms`);
  const cookie = await signIn(server.base);
  const deepPage = Math.floor(posts / 25 / 2); // halfway through the admin list
  const mid = Math.floor(posts / 2);
  // The last sitemap the index links to (the biggest one, at scale).
  const index = await (await fetch(`${server.base}/sitemap.xml`)).text();
  const parts = [...index.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
  const lastPart = parts.filter((p) => p.startsWith("/sitemap/posts-")).at(-1) ?? "/sitemap.xml";
  const targets = [
    ["home", "/"],
    ["category, first page", "/category/technology"],
    ["category, deep (?limit=120)", "/category/technology?limit=120"],
    ["tag, first page", "/tag/topic-7"],
    ["tag, deep (?limit=120)", "/tag/topic-7?limit=120"],
    ["post page", `/${mid}/${slugOf(CATEGORIES[mid % CATEGORIES.length])}/story-number-${mid}`],
    ["/rss.xml", "/rss.xml"],
    ["/sitemap.xml", "/sitemap.xml"],
    ["sitemap, last part", lastPart],
    ["/admin/posts", "/admin/posts", true],
    [`/admin/posts, page n/2`, `/admin/posts?page=${deepPage}`, true],
    ["subscribers list", "/admin/mail/subscribers-list", true],
    ["subscribers search", "/admin/mail/subscribers-list?q=der%2012345", true],
  ];
  running.push({ posts, server, cookie, targets });
}

const SLICES = 4;
const results = new Map(); // name -> { [size]: { p50, cpu } }
const memory = {};
for (const [t, [name]] of running[0].targets.entries()) {
  const runs = running.map(({ posts, server, cookie, targets }) => {
    const [, path, signedIn] = targets[t];
    return {
      posts,
      url: `${server.base}${path}`,
      headers: signedIn ? { Cookie: cookie } : {},
      pid: server.server.pid,
      into: { durations: [], cpu: 0, requests: 0 },
    };
  });
  for (const run of runs) await warmUp(run.url, run.headers);
  for (let i = 0; i < SLICES; i++) {
    for (const run of i % 2 ? [...runs].reverse() : runs) {
      await slice(run.url, run.headers, run.pid, seconds / SLICES, run.into);
    }
  }
  results.set(name, {});
  for (const { posts, into } of runs) {
    into.durations.sort((a, b) => a - b);
    const m = {
      p50: into.durations[Math.floor(into.durations.length / 2)] ?? Number.NaN,
      cpu: into.cpu / Math.max(into.requests, 1),
    };
    results.get(name)[posts] = m;
    console.log(
      `  ${posts} posts: ${name} p50 ${m.p50.toFixed(2)} ms, CPU ${m.cpu.toFixed(2)} ms/request`,
    );
  }
}
for (const { posts, server } of running) {
  memory[posts] = server.memoryMb("VmRSS");
  server.stop();
}

const [small, large] = sizes;
const fmt = (n) => (n === undefined ? "–" : n < 10 ? n.toFixed(2) : n.toFixed(1));
console.log(
  `\n| page (PAGE_CACHE=0) | p50 ms, ${small} | p50 ms, ${large ?? "–"} | p50 ratio | CPU ms/req, ${small} | CPU ms/req, ${large ?? "–"} | CPU ratio |`,
);
console.log("|---|---|---|---|---|---|---|");
const ratio = (a, b) =>
  a !== undefined && b !== undefined ? (b / Math.max(a, 0.5)).toFixed(2) : "–";
for (const [name, row] of results) {
  const a = row[small];
  const b = row[large];
  console.log(
    `| ${name} | ${fmt(a?.p50)} | ${fmt(b?.p50)} | ${ratio(a?.p50, b?.p50)} | ${fmt(a?.cpu)} | ${fmt(b?.cpu)} | ${ratio(a?.cpu, b?.cpu)} |`,
  );
}
console.log(
  `\nresident memory after the run (VmRSS): ${sizes.map((s) => `${s.toLocaleString("en")} posts ${Math.round(memory[s])} MiB`).join(", ")}`,
);
console.log(
  "(subscribers: 1,000 with 1,000 posts, 1,000,000 with 100,000; ratios floor the 1k figure at 0.5 ms)",
);
process.exit(0);
