// The production server as the benchmarks start it: `node server.js` on
// 127.0.0.1:<port> with a fresh data folder, removed again when the script exits.
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What `npm start` passes to Node and sets in its environment (package.json "start"); kept equal to it. */
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=4"];
export const SERVER_NODE_ENV = { GLIBC_TUNABLES: "glibc.malloc.mmap_threshold=131072" };

/**
 * Starts the server and waits until it says it is serving.
 * `env` adds to (or overrides) the environment: SEED_DEMO, SMTP_URL, ...
 * `dataDir` starts it again on an earlier run's folder (a restart).
 */
export async function startBenchServer({ port, prefix, env = {}, dataDir: reuse }) {
  const base = `http://127.0.0.1:${port}`;
  const dataDir = reuse ?? mkdtempSync(join(tmpdir(), prefix));
  // The same Node flags as `npm start` (docs/decisions/052-render-memory.md).
  // BENCH_NODE_FLAGS adds Node flags for one run (a profile: "--cpu-prof --cpu-prof-dir=DIR").
  const extra = (process.env.BENCH_NODE_FLAGS ?? "").split(" ").filter(Boolean);
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, ...extra, "server.js"], {
    env: {
      ...process.env,
      ...SERVER_NODE_ENV,
      NODE_ENV: "production",
      PORT: String(port),
      HOST: "127.0.0.1",
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      ADMIN_PASSWORD: "bench-Admin-password-1",
      ...env,
    },
    stdio: ["ignore", "pipe", "inherit"],
  });
  const stop = () => {
    server.kill("SIGTERM");
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.on("exit", stop);
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => process.exit(130));

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

  /** A memory figure of the server from /proc (Linux), in MB: VmRSS now, or VmHWM, the peak. */
  const memoryMb = (field) => {
    try {
      const status = readFileSync(`/proc/${server.pid}/status`, "utf8");
      const kb = Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1]);
      return Number.isFinite(kb) ? kb / 1024 : Number.NaN;
    } catch {
      return Number.NaN;
    }
  };
  /** CPU time the server has used so far (user + system, from /proc/<pid>/stat), in ms. */
  const cpuMs = () => {
    try {
      const fields = readFileSync(`/proc/${server.pid}/stat`, "utf8").split(") ")[1].split(" ");
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
    } catch {
      return Number.NaN;
    }
  };
  return { base, dataDir, server, stop, memoryMb, cpuMs };
}
