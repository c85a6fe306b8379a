/**
 * One scrape covers every worker of a node:cluster (docs/operations.md "Health and metrics"):
 * real forked workers, the worker scraped asks the primary, the primary collects every worker's
 * registry and its own and answers with them merged.
 */
import cluster, { type Worker } from "node:cluster";
import { statSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterAll, expect, it } from "vitest";
import { readEnv } from "~/platform/env.server";
import { workerRestarts } from "~/platform/metrics.server";
import { serveClusterMetrics } from "~/platform/metrics-scrape.server";
import { parsePrometheusText } from "../support/prometheus-text";

const workers: Worker[] = [];

function fork(requests: number): Promise<Worker> {
  const worker = cluster.fork({ REQUESTS: String(requests) });
  workers.push(worker);
  return new Promise((resolve, reject) => {
    worker.once("message", (m) => (m === "ready" ? resolve(worker) : reject(new Error(String(m)))));
    worker.once("exit", (code) => reject(new Error(`worker exited ${code}`)));
  });
}

afterAll(() => {
  for (const w of workers) w.kill();
});

it("a worker's scrape answers the whole cluster's metrics", async () => {
  cluster.setupPrimary({
    exec: fileURLToPath(new URL("../support/metrics-cluster-worker.ts", import.meta.url)),
    execArgv: ["--import", "tsx"],
  });
  serveClusterMetrics(cluster);
  workerRestarts.inc(); // the primary's own
  const [first] = await Promise.all([fork(3), fork(4)]);
  const scraped = new Promise<string>((resolve) =>
    first.on("message", (m: { scraped?: string }) => m.scraped && resolve(m.scraped)),
  );
  first.send("scrape");
  const samples = parsePrometheusText(await scraped);
  const value = (name: string, labels: Record<string, string> = {}) =>
    samples.find(
      (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
    )?.value;
  expect(value("inkwell_http_requests_total", { route: "home", status: "200" })).toBe(7);
  expect(value("inkwell_worker_restarts_total")).toBe(1);
  // Both databases' readings are one reading, not twice the size.
  expect(value("inkwell_sqlite_file_bytes", { file: "db" })).toBe(
    statSync(readEnv().databasePath).size,
  );
}, 30_000);
