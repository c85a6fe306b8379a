// `npm run bench`: the reader pages side by side (docs/performance.md). Starts
// the product with its page cache, the product with PAGE_CACHE=0, and a plain
// Node `http` server serving the product's own bytes from memory; measures
// home, a post, a category and a tag on each with autocannon; prints req/s,
// p50, p99 and the server's CPU ms per request, and the ratio cached/plain.
// Figures, not assertions: run it on a quiet machine. Each server first serves
// every page for BENCH_WARMUP seconds, so the page measured first does not pay
// for compiling the code all four share (steady state, as a running server is).
//   BENCH_PORT (default 4810, uses three ports), BENCH_SECONDS (5), BENCH_CONNECTIONS (16),
//   BENCH_WARMUP (3)
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.mjs";

// Other modes, each its own script: `npm run bench -- viral` (a post read while it is liked),
// `-- workers` (WORKERS=2 against one process), `-- varnish` (Varnish in front), `-- members`
// (a signed-in member's page against an anonymous fresh render).
const MODES = {
  viral: "./bench-viral.mjs",
  workers: "./bench-workers.mjs",
  varnish: "./bench-varnish.mjs",
  members: "./bench-members.mjs",
};
const mode = process.argv[2];
if (mode !== undefined) {
  if (!(mode in MODES)) {
    console.error(`Unknown bench mode "${mode}"; one of: ${Object.keys(MODES).join(", ")}`);
    process.exit(2);
  }
  await import(MODES[mode]);
  // The mode's script exits when it is done.
  await new Promise(() => {});
}

const port = Number(process.env.BENCH_PORT ?? 4810);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const TICKS_PER_SECOND = 100; // Linux USER_HZ

/** CPU time the process has used so far, in ms (user + system, from /proc). */
function cpuMs(pid) {
  const fields = readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1].split(" ");
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
}

const cached = await startBenchServer({ port, prefix: "inkwell-bench-", env: { SEED_DEMO: "1" } });
const uncached = await startBenchServer({
  port: port + 1,
  prefix: "inkwell-bench-nocache-",
  env: { SEED_DEMO: "1", PAGE_CACHE: "0", INKWELL_SKIP_BUILD_CHECK: "1" },
});

const explore = await (await fetch(`${cached.base}/explore`)).text();
const feed = await (await fetch(`${cached.base}/get/freshly-pressed?limit=1`)).json();
const postUrl = (Array.isArray(feed) ? feed[0] : feed.data?.[0])?.url;
const tagPath = /href="(\/tag\/[^"]+)"/.exec(explore)?.[1];
const categoryPath = /href="(\/category\/[^"/]+)"/.exec(explore)?.[1];
if (!postUrl || !tagPath || !categoryPath) throw new Error("no post, tag or category to measure");
const targets = [
  { name: "home", path: "/" },
  { name: "post", path: postUrl },
  { name: "category", path: categoryPath },
  { name: "tag", path: tagPath },
];

// The plain server gets the product's own bytes (as the cache serves them, uncompressed).
const plainDir = mkdtempSync(join(tmpdir(), "inkwell-bench-plain-"));
const pagesFile = join(plainDir, "pages.json");
const pages = {};
for (const { path } of targets) {
  const res = await fetch(`${cached.base}${path}`, { headers: { "Accept-Encoding": "identity" } });
  pages[path] = {
    type: res.headers.get("Content-Type"),
    body: Buffer.from(await res.arrayBuffer()).toString("base64"),
  };
}
writeFileSync(pagesFile, JSON.stringify(pages));
const plain = spawn(
  process.execPath,
  ["scripts/bench-plain-server.mjs", pagesFile, String(port + 2)],
  {
    stdio: ["ignore", "pipe", "inherit"],
  },
);
process.on("exit", () => {
  plain.kill("SIGTERM");
  rmSync(plainDir, { recursive: true, force: true });
});
await new Promise((resolve) => plain.stdout.once("data", resolve));

const systems = [
  { name: "cached", base: cached.base, pid: cached.server.pid },
  { name: "uncached", base: uncached.base, pid: uncached.server.pid },
  { name: "plain", base: `http://127.0.0.1:${port + 2}`, pid: plain.pid },
];

async function measure(system, path) {
  // A short warm-up fills the cache and the JIT; then the measured run.
  await autocannon({ url: `${system.base}${path}`, connections, duration: 1 });
  const before = cpuMs(system.pid);
  const result = await autocannon({ url: `${system.base}${path}`, connections, duration: seconds });
  const cpu = cpuMs(system.pid) - before;
  const requests = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu: requests ? cpu / requests : Number.NaN,
    bad: result.non2xx + result.errors,
  };
}

for (const system of systems) {
  for (const target of targets) {
    await autocannon({ url: `${system.base}${target.path}`, connections, duration: warmup });
  }
}

const rows = [];
for (const target of targets) {
  const figures = {};
  for (const system of systems) figures[system.name] = await measure(system, target.path);
  for (const system of systems) {
    const f = figures[system.name];
    rows.push({
      page: target.name,
      server: system.name,
      "req/s": f.rps,
      "p50 ms": f.p50,
      "p99 ms": f.p99,
      "CPU ms/req": f.cpu.toFixed(3),
      "errors/non-2xx": f.bad,
      "cached/plain": system.name === "cached" ? (f.rps / figures.plain.rps).toFixed(2) : "",
    });
  }
}
console.log(
  `\n${connections} connections, ${seconds} s each (after ${warmup} s of warm-up on every page, then 1 s), on 127.0.0.1\n`,
);
console.table(rows);
console.log(
  `resident memory after the run: cached ${cached.memoryMb("VmRSS").toFixed(0)} MB, uncached ${uncached.memoryMb("VmRSS").toFixed(0)} MB`,
);
process.exit(0);
