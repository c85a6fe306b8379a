/**
 * What `/metrics` answers (docs/operations.md "Health and metrics"): the registry of
 * app/platform/metrics.server.ts in Prometheus's text format, with the gauges read at scrape time
 * (the page cache's size, the durable queues, the SQLite files) filled in first and prom-client's
 * default process metrics (event-loop lag, heap, RSS, CPU).
 *
 * With several worker processes (node:cluster) one scrape covers them all: the worker that
 * receives it asks the primary (`metricsText`), the primary (`serveClusterMetrics`) asks every
 * worker for its registry, adds its own (worker restarts) and merges them with prom-client's
 * `AggregatorRegistry.aggregate`: counters and histograms add up, the database gauges take the
 * highest reading. A worker that does not answer within two seconds is left out of that scrape.
 */
import nodeCluster, { type Cluster, type Worker } from "node:cluster";
import { statSync } from "node:fs";
import client from "prom-client";
import { purgeQueueStats } from "~/platform/cache-purge-queue.server";
import { type Db, getDb } from "~/platform/db.server";
import { readEnv } from "~/platform/env.server";
import { log } from "~/platform/log.server";
import {
  pageCacheBytes,
  pageCacheEntries,
  queueDepth,
  queueOldestAge,
  registry,
  sqliteBytes,
} from "~/platform/metrics.server";
import { pageCacheStats } from "~/platform/page-cache.server";
import { processSingleton } from "~/platform/process-singleton.server";

const COLLECT = "inkwell:metrics:collect"; // primary → worker: your registry, please
const COLLECTED = "inkwell:metrics:collected"; // worker → primary: it, as JSON
const SCRAPE = "inkwell:metrics:scrape"; // worker → primary: the whole cluster's text, please
const SCRAPED = "inkwell:metrics:scraped"; // primary → worker: it
const WORKER_WAIT_MS = 2_000;
const PRIMARY_WAIT_MS = 4_000;

type Message = { type?: unknown; id?: unknown; text?: unknown; metrics?: unknown; error?: unknown };

/**
 * The mail queue: deliveries still to send of the newsletters being sent, aged from the
 * newsletter's queueing (epoch ms). The purge queue has its own reading (purgeQueueStats).
 */
const MAIL_QUEUE = `SELECT COUNT(*) AS depth, MIN(n.queued_at) AS oldest
  FROM newsletters n JOIN newsletter_deliveries d ON d.newsletter_id = n.id
  WHERE n.status IN ('queued', 'sending') AND d.status = 'pending'`;

function fileSize(path: string): number {
  try {
    return statSync(path).size;
  } catch {
    return 0; // no write-ahead log yet
  }
}

/** Reads the gauges whose value lives elsewhere (the page cache, the database, the disk). */
export function refreshScrapeGauges(db: Db = getDb(), now = Date.now()) {
  const stats = pageCacheStats();
  pageCacheEntries.set(stats.entries);
  pageCacheBytes.set(stats.bytes);
  const mail = db.$client.prepare(MAIL_QUEUE).get() as { depth: number; oldest: number | null };
  queueDepth.set({ queue: "mail" }, mail.depth);
  queueOldestAge.set(
    { queue: "mail" },
    mail.oldest === null ? 0 : Math.max(0, now - mail.oldest) / 1000,
  );
  const purges = purgeQueueStats(db, now);
  queueDepth.set({ queue: "purges" }, purges.depth);
  queueOldestAge.set({ queue: "purges" }, purges.oldestAgeSeconds);
  const path = readEnv().databasePath;
  sqliteBytes.set({ file: "db" }, fileSize(path));
  sqliteBytes.set({ file: "wal" }, fileSize(`${path}-wal`));
}

/** Once per process: prom-client's default metrics, and in a worker the answer to the primary. */
export function startMetrics() {
  processSingleton("metrics.started", () => {
    client.collectDefaultMetrics({ register: registry });
    if (nodeCluster.isWorker) process.on("message", answerPrimary);
    return true;
  });
}

function answerPrimary(message: Message) {
  if (message?.type !== COLLECT) return;
  const reply = (body: Record<string, unknown>) =>
    process.send?.({ type: COLLECTED, id: message.id, ...body });
  localMetricsJson().then(
    (metrics) => reply({ metrics }),
    (error) => reply({ error: String((error as Error)?.message ?? error) }),
  );
}

async function localMetricsJson() {
  refreshScrapeGauges();
  return registry.getMetricsAsJSON();
}

/** The scrape's text: this process's registry, or in a cluster worker the whole cluster's. */
export async function metricsText(): Promise<string> {
  startMetrics();
  if (nodeCluster.isWorker && process.send) {
    const text = await askPrimary().catch((error) => {
      log.warn({ err: error }, "The cluster's metrics did not arrive; answering this worker's");
      return undefined;
    });
    if (text !== undefined) return text;
  }
  refreshScrapeGauges();
  return registry.metrics();
}

let asked = 0;
function askPrimary(): Promise<string> {
  const id = `${process.pid}-${++asked}`;
  return new Promise((resolve, reject) => {
    const done = (message: Message) => {
      if (message?.type !== SCRAPED || message.id !== id) return;
      clearTimeout(timer);
      process.off("message", done);
      if (typeof message.text === "string") resolve(message.text);
      else reject(new Error(String(message.error ?? "no metrics")));
    };
    const timer = setTimeout(() => {
      process.off("message", done);
      reject(new Error(`the primary did not answer within ${PRIMARY_WAIT_MS} ms`));
    }, PRIMARY_WAIT_MS);
    process.on("message", done);
    process.send?.({ type: SCRAPE, id });
  });
}

/** One worker's registry as JSON, or null when it does not answer in time. */
function collectFrom(
  worker: Worker,
  id: string,
): Promise<client.MetricObjectWithValues<client.MetricValue<string>>[] | null> {
  return new Promise((resolve) => {
    const done = (message: Message) => {
      if (message?.type !== COLLECTED || message.id !== id) return;
      finish(Array.isArray(message.metrics) ? message.metrics : null);
    };
    const finish = (value: Parameters<typeof resolve>[0]) => {
      clearTimeout(timer);
      worker.off("message", done);
      resolve(value);
    };
    const timer = setTimeout(() => finish(null), WORKER_WAIT_MS);
    worker.on("message", done);
    try {
      worker.send({ type: COLLECT, id });
    } catch {
      finish(null);
    }
  });
}

let collected = 0;
/** In the primary: every live worker's registry and the primary's own, merged into one text. */
export async function clusterMetricsText(cluster: Cluster = nodeCluster): Promise<string> {
  const id = `primary-${++collected}`;
  const workers = Object.values(cluster.workers ?? {}).filter((w): w is Worker =>
    Boolean(w?.isConnected()),
  );
  const answers = await Promise.all(workers.map((w) => collectFrom(w, id)));
  const own = await registry.getMetricsAsJSON();
  const all = [own, ...answers.filter((a) => a !== null)];
  return client.AggregatorRegistry.aggregate(
    all as Parameters<typeof client.AggregatorRegistry.aggregate>[0],
  ).metrics();
}

/**
 * Call once in the cluster's primary: it answers the workers' scrapes with the whole cluster's
 * metrics. The primary keeps its own default metrics (its memory, its event loop) too.
 */
export function serveClusterMetrics(cluster: Cluster = nodeCluster) {
  startMetrics();
  cluster.on("message", (worker: Worker, message: Message) => {
    if (message?.type !== SCRAPE) return;
    clusterMetricsText(cluster).then(
      (text) => worker.send({ type: SCRAPED, id: message.id, text }),
      (error) => worker.send({ type: SCRAPED, id: message.id, error: String(error) }),
    );
  });
}
