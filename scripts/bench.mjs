// `npm run bench`: serves the production build on a fresh demo data folder
// (port BENCH_PORT, default 3690) and measures the pages and calls readers hit
// most with autocannon. Reports requests per second, latency percentiles and
// the server's peak memory. Figures, not assertions: run it on a quiet machine.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";

const port = Number(process.env.BENCH_PORT ?? 3690);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 10);
const base = `http://127.0.0.1:${port}`;
const dataDir = mkdtempSync(join(tmpdir(), "inkwell-bench-"));

const server = spawn(process.execPath, ["server.js"], {
  env: {
    ...process.env,
    NODE_ENV: "production",
    PORT: String(port),
    HOST: "127.0.0.1",
    PUBLIC_URL: base,
    DATA_DIR: dataDir,
    ADMIN_PASSWORD: "bench-Admin-password-1",
    SEED_DEMO: "1",
  },
  stdio: ["ignore", "pipe", "inherit"],
});

function stop() {
  server.kill("SIGTERM");
  rmSync(dataDir, { recursive: true, force: true });
}
process.on("exit", stop);

await new Promise((resolve, reject) => {
  const timer = setTimeout(() => reject(new Error("the server did not start in 180 s")), 180_000);
  server.stdout.on("data", (chunk) => {
    if (String(chunk).includes("Inkwell is serving")) {
      clearTimeout(timer);
      resolve();
    }
  });
  server.on("exit", (code) => reject(new Error(`the server exited (${code})`)));
});

/** The server's peak resident memory so far (Linux), in MB. */
function peakMb() {
  try {
    const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
    const kb = Number(/VmHWM:\s+(\d+)/.exec(status)?.[1]);
    return Number.isFinite(kb) ? (kb / 1024).toFixed(0) : "?";
  } catch {
    return "?";
  }
}

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
