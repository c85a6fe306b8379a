/**
 * The process's one post scheduler: bootstrap starts it (publishing what came
 * due while the process was down) and shutdown stops it; saves that schedule
 * or unschedule a post wake it, so no caller has to remember to. Kept on
 * globalThis so a dev-server reload does not start a second one.
 */
import {
  PostScheduler,
  type ScheduledPublish,
  type SchedulerOptions,
} from "~/domain/workflow/scheduler.server";
import { getDb } from "~/platform/db.server";

const globalForScheduler = globalThis as typeof globalThis & {
  __inkwellPostScheduler?: PostScheduler;
};

/** Starts the process's scheduler; returns what the start-up catch-up published. */
export function startPostScheduler(options: SchedulerOptions = {}): ScheduledPublish[] {
  const existing = globalForScheduler.__inkwellPostScheduler;
  if (existing && !existing.isStopped) {
    existing.kick();
    return [];
  }
  const scheduler = new PostScheduler(getDb, options);
  globalForScheduler.__inkwellPostScheduler = scheduler;
  return scheduler.start();
}

/** A scheduled time changed: the timer reads the next due time again. */
export function kickPostScheduler(): void {
  globalForScheduler.__inkwellPostScheduler?.kick();
}

export function stopPostScheduler(): void {
  globalForScheduler.__inkwellPostScheduler?.stop();
  globalForScheduler.__inkwellPostScheduler = undefined;
}
