/**
 * The process's metrics, in Prometheus's model (docs/operations.md "Health and metrics"): every
 * counter, gauge and histogram `/metrics` exposes is declared here, once, and incremented where
 * the thing happens. Names follow Prometheus conventions (`inkwell_…_total` for counters, base
 * units: seconds and bytes); labels hold route groups, statuses and queue names, never user data.
 * Gauges read from the database or the process (queue depths, file sizes) are filled in when
 * the metrics are scraped (app/platform/metrics-scrape.server.ts).
 */
import client from "prom-client";
import { processSingleton } from "~/platform/process-singleton.server";

/** The one registry (prom-client's global one, which its cluster aggregation reads in workers). */
export const registry = client.register;

function once<T>(name: string, make: () => T): T {
  return processSingleton(`metric.${name}`, make);
}

export const httpRequests = once(
  "http_requests",
  () =>
    new client.Counter({
      name: "inkwell_http_requests_total",
      help: "Requests answered, by route group and status code.",
      labelNames: ["route", "status"] as const,
    }),
);

export const httpDuration = once(
  "http_duration",
  () =>
    new client.Histogram({
      name: "inkwell_http_request_duration_seconds",
      help: "Time from a request's arrival to its answer's headers, by route group.",
      labelNames: ["route"] as const,
      buckets: [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
    }),
);

export const renderDuration = once(
  "render_duration",
  () =>
    new client.Histogram({
      name: "inkwell_render_duration_seconds",
      help: "Time to render a reader page the page cache may keep (a miss), by page kind.",
      labelNames: ["kind"] as const,
      buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
    }),
);

export const pageCacheHits = once(
  "page_cache_hits",
  () =>
    new client.Counter({
      name: "inkwell_page_cache_hits_total",
      help: "Reader pages answered from the page cache.",
    }),
);

export const pageCacheMisses = once(
  "page_cache_misses",
  () =>
    new client.Counter({
      name: "inkwell_page_cache_misses_total",
      help: "Reader pages the page cache did not hold (rendered, or waiting for one render).",
    }),
);

export const pageCacheEvictions = once(
  "page_cache_evictions",
  () =>
    new client.Counter({
      name: "inkwell_page_cache_evictions_total",
      help: "Kept pages removed, by reason (budget, age, change).",
      labelNames: ["reason"] as const,
    }),
);

export const pageCacheBytes = once(
  "page_cache_bytes",
  () =>
    new client.Gauge({
      name: "inkwell_page_cache_bytes",
      help: "Bytes the page cache holds (bodies, compressed variants and headers).",
    }),
);

export const pageCacheEntries = once(
  "page_cache_entries",
  () =>
    new client.Gauge({
      name: "inkwell_page_cache_entries",
      help: "Pages the page cache holds.",
    }),
);

export const purgesSent = once(
  "purges_sent",
  () =>
    new client.Counter({
      name: "inkwell_cache_purges_sent_total",
      help: "Purge requests a shared cache in front accepted.",
    }),
);

export const purgesFailed = once(
  "purges_failed",
  () =>
    new client.Counter({
      name: "inkwell_cache_purges_failed_total",
      help: "Purge requests that failed (each attempt).",
    }),
);

export const queueDepth = once(
  "queue_depth",
  () =>
    new client.Gauge({
      name: "inkwell_queue_depth",
      help: "Items waiting in a durable queue (mail, deliveries, purges).",
      labelNames: ["queue"] as const,
      // Every worker reads the same database: the cluster total is one reading, not their sum.
      aggregator: "max",
    }),
);

export const queueOldestAge = once(
  "queue_oldest_age",
  () =>
    new client.Gauge({
      name: "inkwell_queue_oldest_age_seconds",
      help: "Age of the oldest item waiting in a durable queue (0 when empty).",
      labelNames: ["queue"] as const,
      // Every worker reads the same database: the cluster total is one reading, not their sum.
      aggregator: "max",
    }),
);

export const newsletterMessages = once(
  "newsletter_messages",
  () =>
    new client.Counter({
      name: "inkwell_newsletter_messages_total",
      help: "Newsletter messages handed to the mail transport, by result (sent, failed).",
      labelNames: ["result"] as const,
    }),
);

export const schedulerLateness = once(
  "scheduler_lateness",
  () =>
    new client.Histogram({
      name: "inkwell_scheduler_lateness_seconds",
      help: "How long after its due time a scheduled post went live.",
      buckets: [0.1, 0.25, 0.5, 1, 2, 5, 10, 30, 60, 300],
    }),
);

export const sqliteBytes = once(
  "sqlite_bytes",
  () =>
    new client.Gauge({
      name: "inkwell_sqlite_file_bytes",
      help: "Size of the SQLite database file and of its write-ahead log.",
      labelNames: ["file"] as const,
      // Every worker reads the same database: the cluster total is one reading, not their sum.
      aggregator: "max",
    }),
);

export const workerRestarts = once(
  "worker_restarts",
  () =>
    new client.Counter({
      name: "inkwell_worker_restarts_total",
      help: "Worker processes replaced after they stopped unexpectedly.",
    }),
);

export const jobLeaseHeld = once(
  "job_lease_held",
  () =>
    new client.Gauge({
      name: "inkwell_job_lease_held",
      help: "1 in the process that holds the background jobs' lease, else 0.",
    }),
);
