// `npm run bench -- viral`: the day a story goes viral (docs/performance.md "A viral story").
// Side by side in one run, on the product with its page cache: the hottest post read by
// BENCH_CONNECTIONS connections alone, then while a second client likes it BENCH_LIKE_RATE times
// a second (two rounds each, alternating); a probe with its own client reads the page every
// 100 ms during the mixed runs and reports how far the like count it shows lags behind the
// likes already acknowledged. Then bursts of 16 simultaneous first requests of one page, and how
// many renders each cost (read from /metrics). Figures, not assertions: run it on a quiet machine.
//   BENCH_PORT (default 4830), BENCH_SECONDS (5), BENCH_CONNECTIONS (16), BENCH_LIKE_RATE (100)
import { request as httpRequest } from "node:http";
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 4830);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const likeRate = Number(process.env.BENCH_LIKE_RATE ?? 100);
const METRICS_TOKEN = "bench-metrics-token-0123456789";

const product = await startBenchServer({
  port,
  prefix: "inkwell-bench-viral-",
  env: { SEED_DEMO: "1", METRICS_TOKEN },
});
const base = product.base;
const list = await (await fetch(`${base}/get/freshly-pressed?limit=50`)).json();
const items = Array.isArray(list) ? list : list.data;
const [hottest, ...others] = items.map((p) => p.url);
const postId = hottest.split("/")[1];

/** One GET on a connection of its own (no keep-alive): the status and body. */
function getOnce(path) {
  return new Promise((resolve, reject) => {
    const req = httpRequest(`${base}${path}`, { agent: false }, (res) => {
      let body = "";
      res.setEncoding("utf8");
      res.on("data", (chunk) => {
        body += chunk;
      });
      res.on("end", () => resolve({ status: res.statusCode, body }));
    });
    req.on("error", reject);
    req.end();
  });
}

/** Renders so far, from the render time histogram's count (all page kinds). */
async function renders() {
  const res = await fetch(`${base}/metrics`, {
    headers: { Authorization: `Bearer ${METRICS_TOKEN}` },
  });
  if (!res.ok) return Number.NaN;
  const text = await res.text();
  let total = 0;
  for (const m of text.matchAll(/^inkwell_render_duration_seconds_count\{[^}]*\} (\d+)/gm)) {
    total += Number(m[1]);
  }
  return total;
}

function readRun() {
  return autocannon({ url: `${base}${hottest}`, connections, duration: seconds });
}

/** Likes at a fixed rate; each acknowledged count with the time it was acknowledged. */
function likeRun(acks) {
  const instance = autocannon({
    url: `${base}/posts/like/${postId}`,
    method: "POST",
    connections: 2,
    overallRate: likeRate,
    duration: seconds,
  });
  instance.on("response", (_client, status, body) => {
    if (status !== 200) return;
    try {
      const likes = JSON.parse(String(body)).likes;
      if (typeof likes === "number") acks.push({ at: Date.now(), likes });
    } catch {}
  });
  return instance;
}

/** Reads the page every 100 ms with its own client: what count it showed, when. */
async function probe(until, seen) {
  while (Date.now() < until) {
    const started = Date.now();
    const { body } = await getOnce(hottest);
    const shown = Number(/data-testid="like-count">(\d+)</.exec(body)?.[1]);
    seen.push({ at: started, likes: shown });
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The longest the page showed fewer likes than had been acknowledged: ms. */
function worstLag(acks, seen) {
  let worst = 0;
  for (const s of seen) {
    const missed = acks.find((a) => a.likes > s.likes && a.at <= s.at);
    if (missed) worst = Math.max(worst, s.at - missed.at);
  }
  return worst;
}

// Warm-up: the page is kept and the code is compiled.
await autocannon({ url: `${base}${hottest}`, connections, duration: 2 });

const rows = [];
let lag = 0;
for (let round = 1; round <= 2; round++) {
  let cpu = product.cpuMs();
  const alone = await readRun();
  const aloneCpu = (product.cpuMs() - cpu) / alone.requests.total;
  rows.push({
    round,
    case: "reads alone",
    "req/s": Math.round(alone.requests.average),
    "p50 ms": alone.latency.p50,
    "p99 ms": alone.latency.p99,
    "errors/non-2xx": alone.errors + alone.non2xx,
    "server CPU ms/read": aloneCpu.toFixed(3),
    "likes/s": 0,
    "vs alone": "1.00",
  });
  const acks = [];
  const seen = [];
  const liking = likeRun(acks);
  const probing = probe(Date.now() + seconds * 1000, seen);
  cpu = product.cpuMs();
  const [mixed, liked] = await Promise.all([readRun(), liking, probing]);
  const mixedCpu = (product.cpuMs() - cpu) / mixed.requests.total;
  lag = Math.max(lag, worstLag(acks, seen));
  rows.push({
    round,
    case: `reads + ${likeRate} likes/s`,
    "req/s": Math.round(mixed.requests.average),
    "p50 ms": mixed.latency.p50,
    "p99 ms": mixed.latency.p99,
    "errors/non-2xx": mixed.errors + mixed.non2xx + liked.errors + liked.non2xx,
    "server CPU ms/read": mixedCpu.toFixed(3),
    "likes/s": Math.round(liked.requests.average),
    "vs alone": (mixed.requests.average / alone.requests.average).toFixed(2),
  });
}

// Bursts: 16 readers asking for a page nobody asked for yet, all at once.
const bursts = [];
for (const path of others.slice(0, 5)) {
  const before = await renders();
  const answers = await Promise.all(Array.from({ length: 16 }, () => getOnce(path)));
  const after = await renders();
  bursts.push({
    page: path.length > 48 ? `${path.slice(0, 45)}…` : path,
    requests: answers.length,
    "200s": answers.filter((a) => a.status === 200).length,
    renders: after - before,
  });
}

console.log(
  `\nThe hottest post (${hottest}), ${connections} connections, ${seconds} s per case, on 127.0.0.1\n`,
);
console.table(rows);
console.log(`the like count on the page lagged the acknowledged likes by at most ${lag} ms\n`);
console.log("16 simultaneous first requests of one page:");
console.table(bursts);
product.stop();
process.exit(0);
