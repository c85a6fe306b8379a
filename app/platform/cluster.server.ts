/**
 * WORKERS=N (docs/operations.md "More than one core" and "Reloading without downtime"): the
 * process `npm start` runs becomes a primary that prepares the data once, then runs N workers
 * (server.js again, in `node:cluster` workers) sharing its listening socket. The primary serves
 * nothing itself. It replaces a worker that stops unexpectedly (waiting longer each time when
 * they keep stopping), replaces them one at a time on SIGHUP (a new one ready before the old
 * one stops: docs/decisions/252-reload-order.md), and on SIGTERM or SIGINT stops them all,
 * each finishing its requests in flight, then exits.
 */
import cluster, { type Worker } from "node:cluster";
import { availableParallelism } from "node:os";
import { jobLog } from "~/platform/log.server";
import { workerRestarts } from "~/platform/metrics.server";
import { serveClusterMetrics } from "~/platform/metrics-scrape.server";

/** A worker says it listens and is warm; the primary asks one to stop. */
const READY = "inkwell:ready";
const STOP = "inkwell:stop";

/** The longest a new worker may take to be ready (its warm start is bounded well below). */
const READY_TIMEOUT_MS = 90_000;
/** Unexpected stops counted for the back-off, over this window. */
const CRASH_WINDOW_MS = 60_000;
const MAX_BACKOFF_MS = 30_000;

export type StopReason = "reload" | "shutdown";

/** WORKERS: 0 (unset: one process, no primary), a count, or `auto` (one per core). */
export function workerCount(value = process.env.WORKERS): number {
  const v = value?.trim().toLowerCase();
  if (!v || v === "0") return 0;
  if (v === "auto") return availableParallelism();
  const n = Number(v);
  if (!Number.isInteger(n) || n < 1 || n > 256) {
    throw new Error(`WORKERS must be a number of workers or "auto", not "${value}"`);
  }
  return n;
}

/** In a worker: tell the primary this worker listens and is warm. */
export function reportReady(): void {
  process.send?.({ inkwell: READY });
}

/** In a worker: what to do when the primary asks it to stop (a reload or a shutdown). */
export function onStopRequest(stop: (reason: StopReason) => void): void {
  process.on("message", (message: { inkwell?: string; reason?: StopReason } | undefined) => {
    if (message?.inkwell === STOP) stop(message.reason ?? "shutdown");
  });
}

/** The wait before replacing a worker, after `recent` unexpected stops within CRASH_WINDOW_MS. */
export function restartDelay(recent: number): number {
  return recent <= 1 ? 0 : Math.min(MAX_BACKOFF_MS, 1000 * 2 ** (recent - 2));
}

type PrimaryOptions = {
  workers: number;
  /** A worker's own shutdown bound; the primary kills one that takes longer. */
  shutdownMs: number;
  log?: (line: string) => void;
  /** The first workers are ready (how many of them). */
  onReady?: (ready: number) => void;
  /** Last words before the primary exits (the pid file). */
  onExit?: () => Promise<void> | void;
};

/**
 * Runs the primary: forks the workers and looks after them until a signal stops it. Never
 * resolves: the primary exits once its workers have stopped.
 */
export function runPrimary(options: PrimaryOptions): Promise<never> {
  const log = options.log ?? jobLog("cluster");
  // A worker's /metrics asks the primary for the whole cluster's (docs/decisions/272-metrics-endpoint.md).
  serveClusterMetrics(cluster);
  const serving = new Set<Worker>();
  const starting = new Set<Worker>();
  const retiring = new Set<Worker>();
  const crashes: number[] = [];
  let stopping = false;
  let reloading = false;

  function fork(): { worker: Worker; ready: Promise<boolean> } {
    const worker = cluster.fork();
    starting.add(worker);
    const ready = new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => {
        log(`Worker ${worker.process.pid} was not ready within ${READY_TIMEOUT_MS / 1000} s`);
        resolve(false);
      }, READY_TIMEOUT_MS);
      worker.on("message", (message: { inkwell?: string } | undefined) => {
        if (message?.inkwell !== READY) return;
        clearTimeout(timer);
        resolve(true);
      });
      worker.once("exit", () => {
        clearTimeout(timer);
        resolve(false);
      });
    });
    void ready.then((ok) => {
      starting.delete(worker);
      if (ok && !retiring.has(worker)) serving.add(worker);
    });
    return { worker, ready };
  }

  /** Asks `worker` to stop (it finishes its requests); kills it past its bound. Resolves at its exit. */
  function retire(worker: Worker, reason: StopReason): Promise<void> {
    retiring.add(worker);
    serving.delete(worker);
    return new Promise<void>((resolve) => {
      if (worker.isDead()) return resolve();
      const kill = setTimeout(() => worker.process.kill("SIGKILL"), options.shutdownMs + 2_000);
      worker.once("exit", () => {
        clearTimeout(kill);
        resolve();
      });
      if (worker.isConnected()) worker.send({ inkwell: STOP, reason });
      else worker.process.kill("SIGTERM");
    });
  }

  cluster.on("exit", (worker, code, signal) => {
    serving.delete(worker);
    starting.delete(worker);
    if (retiring.delete(worker) || stopping) return;
    if (code === 0 && !signal) {
      // Stopped cleanly without being asked (a signal sent to it, or Ctrl-C reaching the whole
      // process group just before the primary's own): replaced unless the primary is stopping too.
      setTimeout(() => {
        if (!stopping && serving.size + starting.size < options.workers) fork();
      }, 1_000);
      return;
    }
    const how = signal ? `signal ${signal}` : `code ${code}`;
    workerRestarts.inc();
    const now = Date.now();
    crashes.push(now);
    while (crashes.length > 0 && crashes[0] < now - CRASH_WINDOW_MS) crashes.shift();
    // A worker that died while a reload was starting it is not replaced: the reload keeps the old.
    if (serving.size + starting.size >= options.workers) {
      log(`Worker ${worker.process.pid} stopped (${how})`);
      return;
    }
    const delay = restartDelay(crashes.length);
    log(
      `Worker ${worker.process.pid} stopped unexpectedly (${how}); replacing it` +
        (delay > 0 ? ` in ${delay / 1000} s (${crashes.length} stops in the last minute)` : ""),
    );
    setTimeout(() => {
      if (!stopping && serving.size + starting.size < options.workers) fork();
    }, delay);
  });

  async function reload() {
    if (stopping) return;
    if (reloading) return log("SIGHUP: a reload is already under way");
    reloading = true;
    const old = [...serving];
    log(`SIGHUP: replacing ${old.length} worker(s) one at a time…`);
    const started = Date.now();
    try {
      for (const previous of old) {
        if (stopping) return;
        const next = fork();
        if (!(await next.ready)) {
          log("Reload stopped: a new worker did not start; the others keep serving");
          return;
        }
        await retire(previous, "reload");
      }
      log(`Reloaded: ${old.length} worker(s) replaced in ${Date.now() - started} ms`);
    } finally {
      reloading = false;
    }
  }

  async function shutdown(signal: string) {
    if (stopping) return;
    stopping = true;
    log(`${signal}: stopping ${serving.size + starting.size} worker(s)…`);
    const all = [...new Set([...serving, ...starting, ...retiring])];
    await Promise.all(all.map((worker) => retire(worker, "shutdown")));
    try {
      await options.onExit?.();
    } finally {
      process.exit(0);
    }
  }

  process.on("SIGHUP", () => void reload());
  process.on("SIGTERM", () => void shutdown("SIGTERM"));
  process.on("SIGINT", () => void shutdown("SIGINT"));

  const first = Array.from({ length: options.workers }, () => fork().ready);
  void Promise.all(first).then((ready) => {
    const n = ready.filter(Boolean).length;
    if (n < options.workers) log(`${n} of ${options.workers} workers started`);
    if (n > 0) options.onReady?.(n);
  });
  return new Promise<never>(() => {});
}
