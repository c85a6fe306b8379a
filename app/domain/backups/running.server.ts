/**
 * `DATA_DIR/inkwell.pid`: written when the server starts, removed when it
 * stops, so `npm run restore` can refuse to replace the data of a running site.
 */
import { existsSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type Env, readEnv } from "~/platform/env.server";

const FILE = "inkwell.pid";

export function writePidFile(env: Env = readEnv()) {
  writeFileSync(join(env.dataDir, FILE), `${process.pid}\n`);
}

export function removePidFile(env: Env = readEnv()) {
  const path = join(env.dataDir, FILE);
  if (existsSync(path) && readFileSync(path, "utf8").trim() === String(process.pid)) {
    rmSync(path, { force: true });
  }
}

/** The pid of a live server using `dataDir`, or null. */
export function runningServer(dataDir: string): number | null {
  const path = join(dataDir, FILE);
  if (!existsSync(path)) return null;
  const pid = Number(readFileSync(path, "utf8").trim());
  if (!Number.isSafeInteger(pid) || pid <= 0) return null;
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    // EPERM: it exists but belongs to someone else; still running.
    return (error as NodeJS.ErrnoException).code === "EPERM" ? pid : null;
  }
}
