// WORKERS (docs/operations.md "More than one core"), measured: `node scripts/bench-workers.mjs`.
//  1. Fresh renders (PAGE_CACHE=0) of home, a post and a category: one process against WORKERS=2,
//     side by side: req/s, p50, p99 and the ratio.
//  2. With the page cache and the warm start (as `npm start` runs): reader pages at a fixed rate,
//     p99 in the first seconds after a start and after a reload (SIGHUP), against the steady p99
//     at the same rate.
// Figures, not assertions: the machine's other work shows in them.
//   BENCH_PORT (default 5100, uses three ports), BENCH_SECONDS (5), BENCH_CONNECTIONS (16),
//   BENCH_RATE (req/s for part 2, default 150), BENCH_WORKERS (2)
import { Agent, get } from "node:http";
import { loadavg } from "node:os";
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 5100);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const rate = Number(process.env.BENCH_RATE ?? 150);
const workers = String(process.env.BENCH_WORKERS ?? 2);
const COMMON = { SEED_DEMO: "1", INKWELL_SKIP_BUILD_CHECK: "1" };

/** The pages measured: home, a post, a category (read from the server's own home page). */
async function readerPaths(base) {
  const home = await (await fetch(`${base}/`)).text();
  const post = /href="(\/\d+\/[^"/]+\/[^"/]+)"/.exec(home)?.[1];
  const category = /href="(\/category\/[^"/]+)"/.exec(home)?.[1];
  if (!post || !category) throw new Error("no post or category on the home page");
  return [
    { name: "home", path: "/" },
    { name: "post", path: post },
    { name: "category", path: category },
  ];
}

async function cannon(base, options) {
  return autocannon({ url: base, connections, duration: seconds, ...options });
}

const ms = (n) => `${Number(n).toFixed(1)} ms`;

/** Part 1: each page as fast as the system renders it. */
async function throughput(label, env, paths, at) {
  const system = await startBenchServer({
    port: at,
    prefix: "inkwell-bench-workers-",
    env: { ...COMMON, PAGE_CACHE: "0", ...env },
  });
  paths ??= await readerPaths(system.base);
  const out = {};
  for (const { name, path } of paths) {
    await cannon(system.base, { url: `${system.base}${path}`, duration: 1 }); // compile, JIT
    const r = await cannon(system.base, { url: `${system.base}${path}` });
    out[name] = {
      rps: r.requests.average,
      p50: r.latency.p50,
      p99: r.latency.p99,
      errors: r.errors,
    };
  }
  system.stop();
  console.log(`  ${label}: done`);
  return { out, paths };
}

const load = () =>
  loadavg()
    .map((n) => n.toFixed(1))
    .join(" ");
console.log(`Load average before: ${load()} (other work on the machine shows in every figure)`);
console.log(`Part 1: fresh renders (PAGE_CACHE=0), ${connections} connections, ${seconds} s each`);
const single = await throughput("one process", {}, undefined, port);
const cluster = await throughput(
  `WORKERS=${workers}`,
  { WORKERS: workers },
  single.paths,
  port + 2,
);
console.log(
  "page       one process: req/s   p50     p99   | WORKERS: req/s   p50     p99   | ratio",
);
for (const { name } of single.paths) {
  const a = single.out[name];
  const b = cluster.out[name];
  console.log(
    `${name.padEnd(10)} ${a.rps.toFixed(0).padStart(17)} ${ms(a.p50).padStart(8)} ${ms(a.p99).padStart(8)} |` +
      ` ${b.rps.toFixed(0).padStart(12)} ${ms(b.p50).padStart(8)} ${ms(b.p99).padStart(8)} | ${(b.rps / a.rps).toFixed(2)}×`,
  );
}

/**
 * Part 2: p99 at a fixed rate over `duration` seconds, across the reader pages: a request is
 * sent every 1/rate s whatever the earlier ones are doing (an open-loop client: a stall shows as
 * latency, not as fewer requests), on up to 8 keep-alive connections that reconnect as a browser
 * does when an answer says `Connection: close` (a reload's old worker does).
 */
async function fixedRate(base, paths, duration = 5) {
  const { hostname, port: targetPort } = new URL(base);
  const agent = new Agent({ keepAlive: true, maxSockets: 8 });
  const latencies = [];
  let errors = 0;
  let non2xx = 0;
  const pending = [];
  const started = Date.now();
  for (let i = 0; Date.now() - started < duration * 1000; i++) {
    const due = started + (i * 1000) / rate;
    const wait = due - Date.now();
    if (wait > 0) await new Promise((r) => setTimeout(r, wait));
    const path = paths[i % paths.length].path;
    pending.push(
      new Promise((resolve) => {
        const sent = Date.now();
        const req = get({ host: hostname, port: targetPort, path, agent }, (res) => {
          res.resume();
          res.on("end", () => {
            latencies.push(Date.now() - sent);
            if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
            resolve();
          });
        });
        req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
        req.on("error", () => {
          errors++;
          resolve();
        });
      }),
    );
  }
  await Promise.all(pending);
  agent.destroy();
  latencies.sort((x, y) => x - y);
  const at = (q) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))];
  return { p99: at(0.99), p50: at(0.5), errors, non2xx };
}

console.log(
  `\nPart 2: WORKERS=${workers} with the page cache and the warm start, ${rate} req/s fixed`,
);
const started = Date.now();
const live = await startBenchServer({
  port: port + 1,
  prefix: "inkwell-bench-reload-",
  env: { ...COMMON, WORKERS: workers },
});
const livePaths = await readerPaths(live.base);
const afterStart = await fixedRate(live.base, livePaths);
console.log(`  started in ${Date.now() - started} ms (seeding included)`);
await new Promise((r) => setTimeout(r, 2_000));
const steady = await fixedRate(live.base, livePaths);

let logged = "";
live.server.stdout.on("data", (d) => {
  logged += d;
});
live.server.kill("SIGHUP");
const duringReload = await fixedRate(live.base, livePaths);
const reloadDone = Date.now() + 120_000;
while (!logged.includes("Reloaded:") && Date.now() < reloadDone) {
  await new Promise((r) => setTimeout(r, 100));
}
const afterReload = await fixedRate(live.base, livePaths);
live.stop();

console.log("window                          p50       p99    × steady p99   errors  non-2xx");
for (const [label, r] of [
  ["steady", steady],
  ["first 5 s after the start", afterStart],
  ["first 5 s after SIGHUP", duringReload],
  ["first 5 s after the reload", afterReload],
]) {
  console.log(
    `${label.padEnd(30)} ${ms(r.p50).padStart(9)} ${ms(r.p99).padStart(9)} ${(r.p99 / steady.p99).toFixed(2).padStart(10)}× ${String(r.errors).padStart(8)} ${String(r.non2xx).padStart(8)}`,
  );
}
console.log(`  ${/Reloaded: .*/.exec(logged)?.[0] ?? "the reload did not finish within 120 s"}`);
console.log(`Load average after: ${load()}`);
process.exit(0);
