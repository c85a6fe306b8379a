/**
 * Who took a delivery row (docs/decisions/308-deliveries-of-a-gone-process.md): each taken row
 * names its process in `leased_by`, and the process that starts sending gives back at once the
 * rows of a taker that no longer runs, instead of waiting for their lease to pass.
 */
import { and, eq } from "drizzle-orm";
import { deliveries } from "#db/schema";
import type { Db } from "./db.server";
import { processSingleton } from "./process-singleton.server";

/**
 * This process in `leased_by`: its pid and start time, so a later process given the same pid
 * (a container's restart) is not mistaken for it.
 */
export const DELIVERY_HOLDER = processSingleton(
  "delivery-holder",
  () => `${process.pid}-${Date.now().toString(36)}`,
);

/** Whether the process `holder` names may still be running (on this machine, as SQLite is). */
function holderRuns(holder: string): boolean {
  if (holder === DELIVERY_HOLDER) return true;
  const pid = Number(holder.split("-")[0]);
  if (!Number.isInteger(pid) || pid <= 0) return true;
  if (pid === process.pid) return false;
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it runs, as another user. ESRCH: no such process.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}

/**
 * Gives back the rows taken by processes that no longer run (killed mid-send): due now instead of
 * when their lease passes. Called when this process becomes the one that sends; a taker that still
 * runs (it lost the jobs' lease while stalled) keeps its rows until their lease passes.
 */
export function releaseOrphanedDeliveries(db: Db, now = Date.now()): number {
  const holders = db.$client
    .prepare(
      `SELECT DISTINCT leased_by FROM deliveries
       WHERE status IN ('pending', 'sending') AND status = 'sending' AND leased_by IS NOT NULL`,
    )
    .pluck()
    .all() as string[];
  let released = 0;
  for (const holder of holders) {
    if (holderRuns(holder)) continue;
    released += db
      .update(deliveries)
      .set({ status: "pending", nextAt: now, leaseUntil: null, leasedBy: null })
      .where(and(eq(deliveries.status, "sending"), eq(deliveries.leasedBy, holder)))
      .run().changes;
  }
  return released;
}
