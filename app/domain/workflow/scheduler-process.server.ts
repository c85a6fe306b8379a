/**
 * The process's one post scheduler: bootstrap starts it (publishing what came
 * due while the process was down) and shutdown stops it; saves that schedule
 * or unschedule a post wake it (./scheduler-slot.server.ts), so no caller has to remember to.
 */
import { PostScheduler, type ScheduledPublish } from "~/domain/workflow/scheduler.server";
import { postSchedulerTimer } from "~/domain/workflow/scheduler-slot.server";
import { getDb } from "~/platform/db.server";
import type { DueTimerOptions } from "~/platform/due-timer.server";

export { kickPostScheduler } from "~/domain/workflow/scheduler-slot.server";

/** Starts the process's scheduler; returns what the start-up catch-up published. */
export function startPostScheduler(options: DueTimerOptions = {}): ScheduledPublish[] {
  return postSchedulerTimer.start(() => new PostScheduler(getDb, options));
}

export function stopPostScheduler(): void {
  postSchedulerTimer.stop();
}
