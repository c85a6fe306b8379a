// `npm run bench`: serves the production build on a fresh demo data folder
// (port BENCH_PORT, default 3690) and measures the pages and calls readers hit
// most with autocannon. Reports requests per second, latency percentiles and
// the server's peak memory. Figures, not assertions: run it on a quiet machine.
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 3690);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const { base, memoryMb } = await startBenchServer({
  port,
  prefix: "inkwell-bench-",
  env: { SEED_DEMO: "1" },
});

/** The server's peak resident memory so far, in MB. */
const peakMb = () => {
  const mb = memoryMb("VmHWM");
  return Number.isFinite(mb) ? mb.toFixed(0) : "?";
};

const feed = await (await fetch(`${base}/get/freshly-pressed?limit=1`)).json();
const postUrl = feed[0]?.url ?? (Array.isArray(feed.data) ? feed.data[0]?.url : undefined);
if (!postUrl) throw new Error("no published post to measure");
const postId = postUrl.split("/")[1];

const targets = [
  { name: "home page", path: "/" },
  { name: "category page", path: "/category/crypto" },
  { name: "post page (counts a view)", path: postUrl },
  { name: "GET /get/freshly-pressed", path: "/get/freshly-pressed" },
  { name: "GET /get/post/…", path: `/get/post/${postId}/x/y` },
  { name: "POST /posts/like/:id", path: `/posts/like/${postId}`, method: "POST" },
];

const rows = [];
for (const target of targets) {
  const result = await autocannon({
    url: `${base}${target.path}`,
    method: target.method ?? "GET",
    connections,
    duration: seconds,
  });
  rows.push({
    target: target.name,
    "req/s": Math.round(result.requests.average),
    "p50 ms": result.latency.p50,
    "p97.5 ms": result.latency.p97_5,
    "p99 ms": result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
  });
}
console.log(`\n${connections} connections, ${seconds} s each, against ${base}\n`);
console.table(rows);
console.log(`server peak memory (VmHWM): ${peakMb()} MB`);
process.exit(0);
