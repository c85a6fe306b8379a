// `npm run lighthouse`: how the reader pages do on a phone (docs/performance.md
// "Readers on phones"). Starts the built product (it builds nothing: BUILD_DIR or
// build/) on a fresh seeded data folder, finds a post, runs Lighthouse's mobile
// preset (its default config) LIGHTHOUSE_RUNS times on home and on the post in
// Debian's Chromium, and prints the medians and every run's score and TBT; "TBT (CPU)"
// counts the same tasks by their thread time, steadier on a busy machine.
// Figures, not assertions: it fails only when it cannot run. On a shared machine
// the figures swing; read them as ranges.
//   LIGHTHOUSE_RUNS (default 5), LIGHTHOUSE_PORT (default 5700; Chromium's
//   debugging ports are the 20 above it), CHROMIUM_PATH (default /usr/bin/chromium),
//   LIGHTHOUSE_SAVE (a folder: each run's JSON report is written there)
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";
import { startBenchServer } from "./bench-server.mjs";
import { chromiumLaunchOptions } from "./chromium.mjs";

const runs = Number(process.env.LIGHTHOUSE_RUNS ?? 5);
const port = Number(process.env.LIGHTHOUSE_PORT ?? 5700);
const buildDir = process.env.BUILD_DIR || "build";
const saveDir = process.env.LIGHTHOUSE_SAVE;
// Headless, with the flags every tool here gives Debian's Chromium.
const CHROME_FLAGS = ["--headless=new", ...chromiumLaunchOptions.args];
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

if (!existsSync(join(buildDir, "server/index.js"))) {
  console.error(
    `No build in ${buildDir}/: run \`npm run build\` first (BUILD_DIR picks another folder).`,
  );
  process.exit(1);
}

const server = await startBenchServer({
  port,
  prefix: "inkwell-lighthouse-",
  env: { SEED_DEMO: "1", INKWELL_SKIP_BUILD_CHECK: "1", BUILD_DIR: buildDir },
});
const feed = await (await fetch(`${server.base}/get/freshly-pressed?limit=1`)).json();
const postUrl = (Array.isArray(feed) ? feed[0] : feed.data?.[0])?.url;
if (!postUrl) throw new Error("no published post to measure");
const pages = [
  { name: "home", path: "/" },
  { name: "post", path: postUrl },
];
// Each page once before measuring: the first render of a page fills the page cache.
for (const { path } of pages) await (await fetch(`${server.base}${path}`)).text();

let launches = 0;

/**
 * TBT again from the run's own trace, with each task's thread time (`tdur`: waiting for the CPU
 * left out) in place of its wall time: every main-thread task after the first paint, times four
 * (the simulated phone), counts what passes 50 ms. Steadier than Lighthouse's TBT when other work
 * shares the machine (docs/performance.md "Readers on phones").
 */
function cpuTbt(trace) {
  const events = trace?.traceEvents ?? [];
  const fcp = events.find((e) => e.name === "firstContentfulPaint");
  const main = events.find(
    (e) => e.name === "thread_name" && e.pid === fcp?.pid && e.args?.name === "CrRendererMain",
  );
  if (!fcp || !main) return Number.NaN;
  let tbt = 0;
  for (const e of events) {
    if (e.name !== "RunTask" || e.ph !== "X" || e.pid !== main.pid || e.tid !== main.tid) continue;
    if (e.ts < fcp.ts) continue;
    const ms = (4 * (e.tdur ?? e.dur)) / 1000;
    if (ms > 50) tbt += ms - 50;
  }
  return tbt;
}

/** One Lighthouse run in a fresh Chromium: the figures this script reports. */
async function measure(url) {
  // Each Chromium gets the next debugging port (of the 20 above the server's): a closing one
  // may still hold the last, and the launcher would take it for the new one.
  launches += 1;
  const chrome = await chromeLauncher.launch({
    chromePath: chromiumLaunchOptions.executablePath,
    chromeFlags: CHROME_FLAGS,
    port: port + 1 + (launches % 20),
  });
  try {
    const result = await lighthouse(url, {
      port: chrome.port,
      output: "json",
      logLevel: "error",
      onlyCategories: CATEGORIES,
    });
    if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
    const { lhr, artifacts } = result;
    if (lhr.runtimeError) throw new Error(`${url}: ${lhr.runtimeError.message}`);
    const audit = (id) => lhr.audits[id]?.numericValue ?? Number.NaN;
    const score = (id) => Math.round((lhr.categories[id]?.score ?? Number.NaN) * 100);
    return {
      lhr,
      performance: score("performance"),
      tbt: audit("total-blocking-time"),
      cpuTbt: cpuTbt(artifacts?.Trace),
      fcp: audit("first-contentful-paint"),
      lcp: audit("largest-contentful-paint"),
      cls: audit("cumulative-layout-shift"),
      si: audit("speed-index"),
      accessibility: score("accessibility"),
      bestPractices: score("best-practices"),
      seo: score("seo"),
    };
  } finally {
    await chrome.kill();
  }
}

/** Lighthouse now and then loses a trace on a busy machine (NO_NAVSTART): such a run is retried, twice at most. */
async function measureWithRetries(url) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await measure(url);
    } catch (error) {
      if (attempt === 3) throw error;
      console.error(`retrying: ${error.message}`);
    }
  }
}

const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

const results = {};
try {
  if (saveDir) mkdirSync(saveDir, { recursive: true });
  for (const { name, path } of pages) {
    results[name] = [];
    for (let i = 1; i <= runs; i++) {
      const run = await measureWithRetries(`${server.base}${path}`);
      if (saveDir) writeFileSync(join(saveDir, `${name}-${i}.json`), JSON.stringify(run.lhr));
      delete run.lhr;
      results[name].push(run);
      console.error(
        `${name} run ${i}/${runs}: performance ${run.performance}, TBT ${Math.round(run.tbt)} ms, TBT (CPU) ${Math.round(run.cpuTbt)} ms`,
      );
    }
  }
} catch (error) {
  console.error(error);
  process.exit(1);
}

const ms = (value) => `${Math.round(value)} ms`;
const columns = [
  ["performance", String],
  ["tbt", ms],
  ["cpuTbt", ms],
  ["fcp", ms],
  ["lcp", ms],
  ["cls", (v) => v.toFixed(3)],
  ["si", ms],
  ["accessibility", String],
  ["bestPractices", String],
  ["seo", String],
];
const header = ["page", "Perf", "TBT", "TBT (CPU)", "FCP", "LCP", "CLS", "SI", "A11y", "BP", "SEO"];
const rows = pages.map(({ name }) => [
  name,
  ...columns.map(([key, format]) => format(median(results[name].map((run) => run[key])))),
]);
console.log(`Lighthouse ${runs} runs a page, mobile preset, medians (${postUrl} as the post)`);
console.log(`| ${header.join(" | ")} |`);
console.log(`|${header.map(() => "---").join("|")}|`);
for (const row of rows) console.log(`| ${row.join(" | ")} |`);
for (const { name } of pages) {
  const each = results[name]
    .map((run) => `${run.performance}/${Math.round(run.tbt)}/${Math.round(run.cpuTbt)}`)
    .join(", ");
  console.log(`${name} runs (performance/TBT/TBT (CPU) ms): ${each}`);
}
server.stop();
process.exit(0);
