/**
 * The structured log (docs/operations.md "Logs"): one JSON line per request and per job event,
 * written by pino to standard output. LOG_LEVEL chooses what is written (fatal, error, warn,
 * info (default), debug, trace, silent). Secrets never reach it: request and response headers
 * are never logged whole, and the paths below are censored should a caller pass them anyway.
 */
import pino from "pino";
import { processSingleton } from "~/platform/process-singleton.server";

const LEVELS = new Set(["fatal", "error", "warn", "info", "debug", "trace", "silent"]);

/** Field paths that may hold a secret; their values are written as "[Redacted]". */
export const REDACTED_PATHS = [
  "password",
  "*.password",
  "token",
  "*.token",
  "apiKey",
  "*.apiKey",
  "cookie",
  "*.cookie",
  "authorization",
  "*.authorization",
  "headers",
  "*.headers",
  "body",
  "*.body",
  "secret",
  "*.secret",
];

/** `"time":"…"` in ISO 8601, made once per millisecond however many lines share it. */
let stampedAt = 0;
let stamp = "";
function isoTime(): string {
  const now = Date.now();
  if (now !== stampedAt) {
    stampedAt = now;
    stamp = `,"time":"${new Date(now).toISOString()}"`;
  }
  return stamp;
}

function baseOptions(): pino.LoggerOptions {
  const wanted = (process.env.LOG_LEVEL ?? "info").toLowerCase();
  return {
    level: LEVELS.has(wanted) ? wanted : "info",
    base: { pid: process.pid },
    timestamp: isoTime,
  };
}

/**
 * Standard output, one synchronous write per line: nothing is lost when the process exits, and a
 * closed output (its reader gone) is noticed at the write and stops the logging, never the
 * process. (Buffered asynchronous writes were tried: sonic-boom's synchronous flush at exit
 * retries a write to a closed pipe forever, so a server whose parent had gone never exited.)
 */
const output = processSingleton("log.output", () => pino.destination({ dest: 1, sync: true }));

export const log = processSingleton("log", () =>
  pino({ ...baseOptions(), redact: { paths: REDACTED_PATHS, censor: "[Redacted]" } }, output),
);

/**
 * The request lines (app/web/operations-node.server.ts), to the same output: built from fixed
 * fields only (never headers, bodies or query strings), so they skip the redaction pass, which
 * was two thirds of a line's cost (about 20 µs of CPU a line with it, 6 µs without).
 */
export const requestLog = processSingleton("request-log", () => pino(baseOptions(), output));

/**
 * The `log(line)` function a background job is given: each line becomes a log entry of its own
 * with the job's name in `job` and the line as `msg`, at `level` (a line starting `ALERT` is
 * always an error).
 */
export function jobLog(job: string, level: "info" | "warn" | "error" = "info") {
  const child = log.child({ job });
  return (line: string) => {
    if (line.startsWith("ALERT")) child.error(line);
    else child[level](line);
  };
}
