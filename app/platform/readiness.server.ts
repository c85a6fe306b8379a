/**
 * Whether this process is ready for readers (docs/operations.md "Health and metrics"): `/readyz`
 * says ready only once the warm start has kept the pages readers ask for first. A process
 * without a warm start (tests, `WARM_START=0`) is marked warm at once by its start-up.
 */
import { processSingleton } from "~/platform/process-singleton.server";

type Readiness = { warm: boolean; warmedAt: number | null; stopping: boolean };

const readiness = processSingleton<Readiness>("readiness", () => ({
  warm: false,
  warmedAt: null,
  stopping: false,
}));

/** The warm start is done: the process may take traffic. */
export function markWarm() {
  readiness.warm = true;
  readiness.warmedAt = Date.now();
}

/** The process is shutting down: a load balancer should send it nothing new. */
export function markStopping() {
  readiness.stopping = true;
}

export function isWarm(): boolean {
  return readiness.warm;
}

export function isStopping(): boolean {
  return readiness.stopping;
}
