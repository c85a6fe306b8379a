/**
 * `/metrics` and its neighbours (docs/operations.md "Health and metrics"): the scrape is valid
 * Prometheus text (every line read by a strict parser), the gauges read at scrape time follow the
 * queues and files, a cluster's registries merge into one text, and the endpoints answer before
 * anything else with `Cache-Control: no-store`, `/metrics` only to its bearer token.
 */
import type { Cluster, Worker } from "node:cluster";
import { createServer, type Server } from "node:http";
import client from "prom-client";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cachePurges } from "#db/schema";
import { getDb } from "~/platform/db.server";
import { httpRequests, newsletterMessages, registry } from "~/platform/metrics.server";
import { clusterMetricsText, metricsText } from "~/platform/metrics-scrape.server";
import { markWarm } from "~/platform/readiness.server";
import { requestOperations } from "~/web/operations-node.server";
import { parsePrometheusText, type Sample } from "../support/prometheus-text";

/** The test's own port (this helper's range). */
const PORT = 5401;
const TOKEN = "test-metrics-token-0123456789";

const value = (samples: Sample[], name: string, labels: Record<string, string> = {}) =>
  samples.find(
    (s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v),
  )?.value;

describe("the scrape", () => {
  it("is valid Prometheus text with the app's metrics, the queues and the default metrics", async () => {
    const db = getDb();
    db.insert(cachePurges)
      .values([
        { target: "http://cache", keys: "home", createdAt: Date.now() - 5_000, nextAttemptAt: 0 },
        { target: "http://cache", keys: "post-1", createdAt: Date.now(), nextAttemptAt: 0 },
        { target: "http://cache", keys: "old", createdAt: 0, nextAttemptAt: 0, sentAt: 1 },
      ])
      .run();
    httpRequests.inc({ route: "post", status: "200" });
    newsletterMessages.inc({ result: "sent" }, 3);
    const samples = parsePrometheusText(await metricsText());
    expect(value(samples, "inkwell_http_requests_total", { route: "post", status: "200" })).toBe(1);
    expect(value(samples, "inkwell_newsletter_messages_total", { result: "sent" })).toBe(3);
    expect(value(samples, "inkwell_queue_depth", { queue: "purges" })).toBe(2);
    expect(value(samples, "inkwell_queue_depth", { queue: "mail" })).toBe(0);
    expect(
      value(samples, "inkwell_queue_oldest_age_seconds", { queue: "purges" }),
    ).toBeGreaterThanOrEqual(5);
    expect(value(samples, "inkwell_queue_oldest_age_seconds", { queue: "mail" })).toBe(0);
    expect(value(samples, "inkwell_sqlite_file_bytes", { file: "db" })).toBeGreaterThan(0);
    expect(value(samples, "inkwell_page_cache_entries")).toBe(0);
    for (const name of [
      "nodejs_eventloop_lag_seconds",
      "process_resident_memory_bytes",
      "nodejs_heap_size_used_bytes",
    ]) {
      expect(
        samples.some((s) => s.name === name),
        name,
      ).toBe(true);
    }
  });

  it("the strict parser refuses what Prometheus would refuse", () => {
    expect(() => parsePrometheusText("x 1")).toThrow(/line feed/);
    expect(() => parsePrometheusText("x 1\n")).toThrow(/no TYPE/);
    expect(() => parsePrometheusText('# TYPE x gauge\nx{a="b} 1\n')).toThrow(/not a valid/);
    expect(() => parsePrometheusText("# TYPE x gauge\nx one\n")).toThrow(/not a valid/);
    expect(() =>
      parsePrometheusText(
        '# TYPE h histogram\nh_bucket{le="1"} 2\nh_bucket{le="+Inf"} 1\nh_count 1\n',
      ),
    ).toThrow(/cumulative/);
  });
});

/** A worker as the primary sees it, answering from `registry` (or never, when null). */
function fakeWorker(source: client.Registry | null): Worker {
  const listeners = new Set<(message: unknown) => void>();
  return {
    isConnected: () => true,
    on: (_event: string, fn: (message: unknown) => void) => listeners.add(fn),
    off: (_event: string, fn: (message: unknown) => void) => listeners.delete(fn),
    send(message: { id: string }) {
      if (!source) return true;
      void source.getMetricsAsJSON().then((metrics) => {
        for (const fn of listeners)
          fn({ type: "inkwell:metrics:collected", id: message.id, metrics });
      });
      return true;
    },
  } as unknown as Worker;
}

function workerRegistry(requests: number, queueDepth: number) {
  const own = new client.Registry();
  new client.Counter({
    name: "inkwell_http_requests_total",
    help: "Requests answered, by route group and status code.",
    labelNames: ["route", "status"],
    registers: [own],
  }).inc({ route: "home", status: "200" }, requests);
  new client.Gauge({
    name: "inkwell_queue_depth",
    help: "Items waiting in a durable queue (mail, deliveries, purges).",
    labelNames: ["queue"],
    aggregator: "max",
    registers: [own],
  }).set({ queue: "mail" }, queueDepth);
  return own;
}

describe("a cluster's scrape", () => {
  it("adds up the workers' counters, takes one reading of the database gauges, leaves out a silent worker", async () => {
    registry.resetMetrics();
    const cluster = {
      workers: {
        1: fakeWorker(workerRegistry(5, 7)),
        2: fakeWorker(workerRegistry(2, 7)),
        3: fakeWorker(null),
      },
    } as unknown as Cluster;
    const samples = parsePrometheusText(await clusterMetricsText(cluster));
    expect(value(samples, "inkwell_http_requests_total", { route: "home", status: "200" })).toBe(7);
    expect(value(samples, "inkwell_queue_depth", { queue: "mail" })).toBe(7);
    // The primary's own metrics are in it too.
    expect(samples.some((s) => s.name === "inkwell_worker_restarts_total")).toBe(true);
  });
});

describe("the endpoints", () => {
  let server: Server;
  const base = `http://127.0.0.1:${PORT}`;
  const build = { routes: { root: { id: "root", path: "" } } } as never;

  beforeAll(async () => {
    const operations = requestOperations(build);
    server = createServer((req, res) => {
      if (operations.begin(req, res)) return;
      res.writeHead(200, { "Content-Type": "text/plain" }).end("app");
    });
    await new Promise<void>((resolve) => server.listen(PORT, "127.0.0.1", resolve));
  });
  afterAll(async () => {
    delete process.env.METRICS_TOKEN;
    await new Promise((resolve) => server.close(resolve));
  });

  it("/healthz answers ok; /readyz 503 naming the failing check until warm, then 200", async () => {
    const health = await fetch(`${base}/healthz`);
    expect(health.status).toBe(200);
    expect(await health.text()).toBe("ok");
    expect(health.headers.get("cache-control")).toBe("no-store");
    const cold = await fetch(`${base}/readyz`);
    expect(cold.status).toBe(503);
    expect(cold.headers.get("cache-control")).toBe("no-store");
    expect(await cold.json()).toMatchObject({ status: "not ready", failing: ["warm"] });
    markWarm();
    const warm = await fetch(`${base}/readyz`);
    expect(warm.status).toBe(200);
    expect(await warm.json()).toMatchObject({ status: "ready", failing: [] });
    expect((await fetch(`${base}/readyz`, { method: "POST" })).status).toBe(405);
  });

  it("/metrics is 404 without METRICS_TOKEN, 401 without the right bearer token", async () => {
    delete process.env.METRICS_TOKEN;
    expect((await fetch(`${base}/metrics`)).status).toBe(404);
    process.env.METRICS_TOKEN = TOKEN;
    const none = await fetch(`${base}/metrics`);
    expect(none.status).toBe(401);
    expect(none.headers.get("www-authenticate")).toMatch(/^Bearer/);
    const wrong = await fetch(`${base}/metrics`, {
      headers: { Authorization: `Bearer ${TOKEN}x` },
    });
    expect(wrong.status).toBe(401);
    const right = await fetch(`${base}/metrics`, { headers: { Authorization: `Bearer ${TOKEN}` } });
    expect(right.status).toBe(200);
    expect(right.headers.get("content-type")).toBe(registry.contentType);
    expect(right.headers.get("cache-control")).toBe("no-store");
    const samples = parsePrometheusText(await right.text());
    // The requests above were counted in the health group, by status.
    expect(value(samples, "inkwell_http_requests_total", { route: "health", status: "401" })).toBe(
      2,
    );
  });

  it("sends back a safe incoming X-Request-Id, and a new one for anything else", async () => {
    const kept = await fetch(`${base}/`, { headers: { "X-Request-Id": "edge-42.a" } });
    expect(kept.headers.get("x-request-id")).toBe("edge-42.a");
    const replaced = await fetch(`${base}/`, { headers: { "X-Request-Id": "bad id<script>" } });
    expect(replaced.headers.get("x-request-id")).toMatch(/^[0-9a-f-]{36}$/);
  });
});
