// `node scripts/bench-varnish.mjs`: Varnish in front (docs/operations.md "A shared cache in
// front (Varnish)"), side by side in one run. One varnishd with deploy/varnish/inkwell.vcl and
// two listening addresses: one in front of the product (started with CACHE_PURGE_URLS pointing
// at it), one in front of a plain Node `http` server holding the same bytes and headers
// (scripts/bench-plain-server.mjs). Home, a post, a category and a tag through each, with
// autocannon (gzip accepted, as browsers do); prints req/s, p50, p99, the product's CPU ms per
// request during its run, and the ratio product/plain (both should be Varnish hits: about 1).
// Figures, not assertions: run it on a quiet machine.
//   BENCH_PORT (default 4840, uses four ports), BENCH_SECONDS (5), BENCH_CONNECTIONS (16),
//   VARNISHD (/usr/sbin/varnishd)
import { spawn } from "node:child_process";
import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { get } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import autocannon from "autocannon";
import { startBenchServer } from "./bench-server.mjs";

const port = Number(process.env.BENCH_PORT ?? 4840);
const seconds = Number(process.env.BENCH_SECONDS ?? 5);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 16);
const varnishd = process.env.VARNISHD ?? "/usr/sbin/varnishd";
const PORTS = { inkwell: port, plain: port + 1, varnishInkwell: port + 2, varnishPlain: port + 3 };
const ACCEPT = { "Accept-Encoding": "gzip, deflate, br" };

const work = mkdtempSync(join(tmpdir(), "inkwell-bench-varnish-"));
chmodSync(work, 0o755); // varnishd reads the VCL as its own user
const children = [];
process.on("exit", () => {
  for (const child of children) child.kill("SIGTERM");
  rmSync(work, { recursive: true, force: true });
});

// The product's VCL with a second backend, chosen by the address the request came in on.
const vcl = readFileSync("deploy/varnish/inkwell.vcl", "utf8")
  .replace('.port = "3500";', `.port = "${PORTS.inkwell}";`)
  .replace(
    "acl purgers {",
    `backend plain {\n    .host = "127.0.0.1";\n    .port = "${PORTS.plain}";\n}\n\nacl purgers {`,
  )
  .replace(
    "sub vcl_recv {",
    'sub vcl_recv {\n    if (local.socket == "plain") {\n        set req.backend_hint = plain;\n    }',
  );
const vclPath = join(work, "bench.vcl");
writeFileSync(vclPath, vcl);

const inkwell = await startBenchServer({
  port: PORTS.inkwell,
  prefix: "inkwell-bench-varnish-data-",
  env: {
    SEED_DEMO: "1",
    CACHE_PURGE_URLS: `varnish://127.0.0.1:${PORTS.varnishInkwell}`,
  },
});

const varnish = spawn(
  varnishd,
  [
    "-F",
    ...(process.env.BENCH_VARNISH_JAIL ? ["-j", process.env.BENCH_VARNISH_JAIL] : []),
    "-n",
    join(work, "varnish"),
    "-a",
    `inkwell=127.0.0.1:${PORTS.varnishInkwell}`,
    "-a",
    `plain=127.0.0.1:${PORTS.varnishPlain}`,
    "-f",
    vclPath,
    "-s",
    "malloc,256m",
    "-T",
    "none",
  ],
  { stdio: ["ignore", "ignore", "pipe"] },
);
children.push(varnish);
let varnishOutput = "";
varnish.stderr.on("data", (d) => {
  varnishOutput += d;
});
const through = {
  inkwell: `http://127.0.0.1:${PORTS.varnishInkwell}`,
  plain: `http://127.0.0.1:${PORTS.varnishPlain}`,
};
for (let tries = 0; !(await fetch(`${through.inkwell}/robots.txt`).catch(() => null)); tries++) {
  if (tries > 100 || varnish.exitCode !== null) {
    throw new Error(`varnishd did not start:\n${varnishOutput}`);
  }
  await new Promise((r) => setTimeout(r, 100));
}

const explore = await (await fetch(`${inkwell.base}/explore`)).text();
const feed = await (await fetch(`${inkwell.base}/get/freshly-pressed?limit=1`)).json();
const postPath = (Array.isArray(feed) ? feed[0] : feed.data?.[0])?.url;
const tagPath = /href="(\/tag\/[^"]+)"/.exec(explore)?.[1];
const categoryPath = /href="(\/category\/[^"/]+)"/.exec(explore)?.[1];
if (!postPath || !tagPath || !categoryPath) throw new Error("no post, tag or category to measure");
const targets = [
  { name: "home", path: "/" },
  { name: "post", path: postPath },
  { name: "category", path: categoryPath },
  { name: "tag", path: tagPath },
];

// The plain server gets the product's own answers: the gzip bytes Varnish asks for, and the
// headers (Cache-Control, the keys, ETag) that make Varnish keep them the same way.
const pages = {};
for (const { path } of targets) {
  const res = await fetch(`${inkwell.base}${path}`, { headers: { "Accept-Encoding": "gzip" } });
  const headers = {};
  for (const [name, value] of res.headers) {
    if (!["content-length", "content-type", "date", "connection", "keep-alive"].includes(name)) {
      headers[name] = value;
    }
  }
  // fetch() decompresses; the bytes as sent are asked for again without it.
  const raw = await new Promise((resolve, reject) => {
    get(`${inkwell.base}${path}`, { headers: { "Accept-Encoding": "gzip" } }, (answer) => {
      const chunks = [];
      answer.on("data", (c) => chunks.push(c));
      answer.on("end", () => resolve(Buffer.concat(chunks)));
    }).on("error", reject);
  });
  pages[path] = {
    type: res.headers.get("Content-Type"),
    body: raw.toString("base64"),
    headers,
  };
}
const pagesFile = join(work, "pages.json");
writeFileSync(pagesFile, JSON.stringify(pages));
const plain = spawn(
  process.execPath,
  ["scripts/bench-plain-server.mjs", pagesFile, String(PORTS.plain)],
  { stdio: ["ignore", "pipe", "inherit"] },
);
children.push(plain);
await new Promise((resolve) => plain.stdout.once("data", resolve));

async function measure(base, path) {
  // Fills Varnish (a miss, then hits) and warms it; then the measured run.
  await autocannon({ url: `${base}${path}`, connections, duration: 1, headers: ACCEPT });
  const before = inkwell.cpuMs();
  const result = await autocannon({
    url: `${base}${path}`,
    connections,
    duration: seconds,
    headers: ACCEPT,
  });
  const requests = result.requests.total;
  return {
    rps: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    inkwellCpu: requests ? (inkwell.cpuMs() - before) / requests : Number.NaN,
    bad: result.non2xx + result.errors,
    bytes: Math.round(result.throughput.average / Math.max(1, result.requests.average)),
  };
}

const rows = [];
for (const target of targets) {
  const viaInkwell = await measure(through.inkwell, target.path);
  const viaPlain = await measure(through.plain, target.path);
  for (const [server, f] of [
    ["Varnish → Inkwell", viaInkwell],
    ["Varnish → plain", viaPlain],
  ]) {
    rows.push({
      page: target.name,
      server,
      "req/s": f.rps,
      "p50 ms": f.p50,
      "p99 ms": f.p99,
      "bytes/answer": f.bytes,
      "Inkwell CPU ms/req": f.inkwellCpu.toFixed(4),
      "errors/non-2xx": f.bad,
      "inkwell/plain": f === viaInkwell ? (viaInkwell.rps / viaPlain.rps).toFixed(2) : "",
    });
  }
}
console.log(
  `\n${connections} connections, ${seconds} s each (after 1 s filling Varnish), on 127.0.0.1, gzip accepted\n`,
);
console.table(rows);
process.exit(0);
