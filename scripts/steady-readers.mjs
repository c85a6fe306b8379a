// A steady reader load for the benches: `rate` GETs a second of one page, each sent at its own
// time whatever the earlier ones are doing (an open-loop client), on up to `connections` keep-alive
// connections. A request's latency runs from the moment it was due, not from when it went out, so
// a stall of the server (or of this client) shows as the full wait of every reader it held up.
//
// It runs in a worker thread, so work on the bench's main thread (a receiving server, say) does
// not stall it. autocannon's rate mode is not used: it sends each second's requests in a burst at
// the start of the second, and its coordinated-omission correction takes 1 ms as the interval
// between requests (1/rate, in seconds, rounded up), so one 40 ms answer counts as 40 samples
// (docs/performance.md "Federation").
//
//   const readers = steadyReaders(url, { rate: 200, connections: 8 });
//   …
//   const { count, p50, p99, max, over, slow, errors, non2xx } = await readers.stop();
import { Agent, get } from "node:http";
import { isMainThread, parentPort, Worker, workerData } from "node:worker_threads";

/** Starts the load; `stop()` ends it and resolves with its figures (milliseconds). */
export function steadyReaders(url, { rate, connections }) {
  const worker = new Worker(new URL(import.meta.url), { workerData: { url, rate, connections } });
  const done = new Promise((resolve, reject) => {
    worker.once("message", resolve);
    worker.once("error", reject);
  });
  return {
    async stop() {
      worker.postMessage("stop");
      const result = await done;
      await worker.terminate();
      return result;
    },
  };
}

/** p50, p99 and max of latencies, and the count over `over` ms. */
function summary(latencies, over = 20) {
  const sorted = Float64Array.from(latencies).sort();
  const at = (q) =>
    sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? Number.NaN;
  return {
    count: sorted.length,
    p50: at(0.5),
    p99: at(0.99),
    max: sorted[sorted.length - 1] ?? Number.NaN,
    over: sorted.filter((ms) => ms > over).length,
  };
}

async function run({ url, rate, connections }) {
  const { hostname, port, pathname, search } = new URL(url);
  const agent = new Agent({ keepAlive: true, maxSockets: connections });
  const latencies = [];
  /** [when it was due (epoch ms), latency] of the answers over 20 ms. */
  const slow = [];
  let errors = 0;
  let non2xx = 0;
  let stopping = false;
  parentPort.once("message", () => {
    stopping = true;
  });
  const inFlight = new Set();
  const send = (due) => {
    const answered = new Promise((resolve) => {
      const req = get({ host: hostname, port, path: pathname + search, agent }, (res) => {
        res.resume();
        res.on("end", () => {
          const ms = performance.now() - due;
          latencies.push(ms);
          if (ms > 20) slow.push([Math.round(performance.timeOrigin + due), Math.round(ms)]);
          if (res.statusCode < 200 || res.statusCode >= 300) non2xx++;
          resolve();
        });
      });
      req.setTimeout(10_000, () => req.destroy(new Error("timeout")));
      req.on("error", () => {
        errors++;
        resolve();
      });
    });
    inFlight.add(answered);
    answered.then(() => inFlight.delete(answered));
  };
  const interval = 1000 / rate;
  const started = performance.now();
  for (let i = 0; !stopping; ) {
    // Every request due by now goes out now, each timed from its own due moment.
    const now = performance.now();
    for (; started + i * interval <= now; i++) send(started + i * interval);
    await new Promise((r) =>
      setTimeout(r, Math.max(0, started + i * interval - performance.now())),
    );
  }
  await Promise.all(inFlight);
  agent.destroy();
  parentPort.postMessage({
    ...summary(latencies),
    slow,
    errors,
    non2xx,
    seconds: (performance.now() - started) / 1000,
  });
}

if (!isMainThread && workerData?.url) await run(workerData);
