/**
 * The place of the process's one post scheduler (started and stopped in
 * ./scheduler-process.server.ts). Writes that set, move or clear a post's schedule kick it
 * (./status-change.server.ts); this module imports neither, so neither depends on the other.
 */
import { processDueTimer } from "~/platform/due-timer.server";

export const postSchedulerTimer = processDueTimer("post-scheduler");

/** A scheduled time changed: the timer reads the next due time again. */
export function kickPostScheduler(): void {
  postSchedulerTimer.kick();
}
