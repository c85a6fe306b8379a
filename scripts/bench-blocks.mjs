// `npm run bench:blocks`: what the newsroom blocks cost a fresh render (docs/performance.md).
// Starts the product with its page cache off (PAGE_CACHE=0) and with it on, publishes two posts
// of the same text length through the JSON API — one plain (paragraphs only), one using every
// block (contents box, headings, footnotes, a table, an embed card, a gallery with captions and
// credits, an image with a credit, lists, a quote) — and measures each page with autocannon:
// the server's CPU ms per request, req/s, p50 and p99, side by side, and the ratio rich/plain.
// Figures, not assertions: run it on a quiet machine.
//   BENCH_PORT (default 4830, uses two ports), BENCH_SECONDS (5), BENCH_CONNECTIONS (8),
//   BENCH_WARMUP (3)
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.mjs";
import { PLAIN, RICH, textLength } from "./every-block-post.mjs";

const port = Number(process.env.BENCH_PORT ?? 4830);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 8);
const warmup = Number(process.env.BENCH_WARMUP ?? 3);
const ADMIN = { email: "admin@inkwell.local", password: "bench-Admin-password-1" };

async function signIn(base) {
  const res = await fetch(`${base}/user/admin/authenticate`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(ADMIN),
  });
  if (!res.ok) throw new Error(`sign-in failed: ${res.status}`);
  return res.headers.get("set-cookie").split(";")[0];
}

async function publish(base, cookie, title, content) {
  const post = async (path, body) => {
    const res = await fetch(`${base}${path}`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Cookie: cookie, Origin: base },
      body: JSON.stringify(body),
    });
    const json = await res.json();
    if (!res.ok) throw new Error(`${path}: ${res.status} ${JSON.stringify(json)}`);
    return json;
  };
  const { id } = await post("/get/nextid", { collection: "posts" });
  const added = await post("/posts/add", {
    id,
    status: "published",
    title,
    summary: "How the regulators' meeting went.",
    content,
    category: "Crypto",
    tags: [],
  });
  return added.post.url;
}

async function measure(server, path) {
  await autocannon({ url: `${server.base}${path}`, connections, duration: 1 });
  const before = server.cpuMs();
  const result = await autocannon({ url: `${server.base}${path}`, connections, duration: seconds });
  const cpu = server.cpuMs() - before;
  const requests = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    cpu: requests ? cpu / requests : Number.NaN,
    bad: result.non2xx + result.errors,
  };
}

const uncached = await startBenchServer({
  port,
  prefix: "inkwell-bench-blocks-nocache-",
  env: { SEED_DEMO: "1", PAGE_CACHE: "0" },
});
const cached = await startBenchServer({
  port: port + 1,
  prefix: "inkwell-bench-blocks-",
  env: { SEED_DEMO: "1", INKWELL_SKIP_BUILD_CHECK: "1" },
});

const rows = [];
for (const server of [
  { ...uncached, name: "cache off" },
  { ...cached, name: "cache on" },
]) {
  const cookie = await signIn(server.base);
  const paths = {
    plain: await publish(server.base, cookie, "The plain post", PLAIN),
    rich: await publish(server.base, cookie, "The post with every block", RICH),
  };
  for (const path of Object.values(paths)) {
    await autocannon({ url: `${server.base}${path}`, connections, duration: warmup });
  }
  const figures = {};
  for (const [kind, path] of Object.entries(paths)) figures[kind] = await measure(server, path);
  for (const kind of ["plain", "rich"]) {
    const f = figures[kind];
    rows.push({
      server: server.name,
      post: kind,
      "req/s": f.rps,
      "p50 ms": f.p50,
      "p99 ms": f.p99,
      "CPU ms/req": f.cpu.toFixed(3),
      "errors/non-2xx": f.bad,
      "rich/plain CPU": kind === "rich" ? (f.cpu / figures.plain.cpu).toFixed(2) : "",
    });
  }
}
console.log(
  `\nText of each post: ${textLength(PLAIN)} (plain) and ${textLength(RICH)} (every block) characters; ${connections} connections, ${seconds} s each after ${warmup} s of warm-up, on 127.0.0.1\n`,
);
console.table(rows);
process.exit(0);
