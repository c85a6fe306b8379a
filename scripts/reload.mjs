/**
 * `npm run reload`: asks the running server (its primary, with WORKERS) to replace its workers
 * one at a time, picking up a new build without dropping a request (docs/operations.md
 * "Reloading without downtime"). It finds the server through DATA_DIR/inkwell.pid (the server
 * writes it at start) and sends it SIGHUP; the server's log tells how the reload went.
 */
import { existsSync, readFileSync } from "node:fs";
import { join, resolve } from "node:path";

const dataDir = resolve(process.env.DATA_DIR || "./data");
const pidFile = join(dataDir, "inkwell.pid");
if (!existsSync(pidFile)) {
  console.error(`No server is running on ${dataDir} (no ${pidFile}).`);
  process.exit(1);
}
const pid = Number(readFileSync(pidFile, "utf8").trim());
try {
  process.kill(pid, 0);
} catch {
  console.error(`${pidFile} names process ${pid}, which is not running.`);
  process.exit(1);
}
process.kill(pid, "SIGHUP");
console.log(
  `Asked the server (pid ${pid}) to reload: its workers are replaced one at a time; its log says when it is done.`,
);
console.log("Without WORKERS the server only logs that reloading needs them.");
