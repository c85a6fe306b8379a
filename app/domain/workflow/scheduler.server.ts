/**
 * Scheduled posts go live here (docs/behaviour.md §workflow). A timer in the
 * process (never a visitor's request) sleeps until the next due time, read
 * from the database each time, so nothing lives only in memory; saves that
 * schedule or unschedule wake it. On start every overdue post is published
 * at once and its lateness logged.
 *
 * Publishing is one conditional UPDATE (`... WHERE status = 'scheduled' AND
 * publish_at <= now`): whichever timer, process or manual Publish gets there
 * first wins, the others change nothing, so a post is never published twice.
 * The Administrators' alert and the author's e-mail go out from that writer
 * only, so once per post (./status-change.server.ts). The status change fires the page-cache triggers (migration 0003), so the
 * home page, category pages, feeds and sitemap show it on the next request.
 */
import { and, asc, eq, lte } from "drizzle-orm";
import { posts } from "#db/schema";
import { changeStatus, postStateColumns } from "~/domain/workflow/status-change.server";
import type { Db } from "~/platform/db.server";
import { DueTimer, type DueTimerOptions, earliestDue } from "~/platform/due-timer.server";
import { schedulerLateness } from "~/platform/metrics.server";

/** What the scheduler published: the post, its due time and how late it went live (ms). */
export type ScheduledPublish = { id: number; publishAt: number; lateMs: number };

/** The earliest publish time of a scheduled post (epoch ms), if any. */
export function nextDueTime(db: Db): number | undefined {
  return earliestDue(db, posts, posts.publishAt, eq(posts.status, "scheduled"));
}

/**
 * Publishes every scheduled post due at `now` (`changeStatus`'s go-live step): status
 * `published`, public time = the scheduled time, one revision by the scheduler. Returns only the
 * posts this call published (a post someone else published is skipped).
 */
export function publishDuePosts(db: Db, now: number = Date.now()): ScheduledPublish[] {
  const due = db
    .select(postStateColumns)
    .from(posts)
    .where(and(eq(posts.status, "scheduled"), lte(posts.publishAt, new Date(now))))
    .orderBy(asc(posts.publishAt), asc(posts.id))
    .all();
  const published: ScheduledPublish[] = [];
  for (const post of due) {
    const publishAt = post.publishAt?.getTime() ?? now;
    if (changeStatus(db, null, { post, to: "published", step: "go-live", now: new Date(now) })) {
      published.push({ id: post.id, publishAt, lateMs: Math.max(0, now - publishAt) });
    }
  }
  return published;
}

/** The in-process timer. One per process (./scheduler-process.server.ts). */
export class PostScheduler extends DueTimer<ScheduledPublish> {
  constructor(getDb: () => Db, options: DueTimerOptions = {}) {
    super(
      {
        name: "Scheduler",
        run: (quiet, log) => {
          const published = publishDuePosts(getDb());
          for (const p of published) {
            schedulerLateness.observe(p.lateMs / 1000);
            if (!quiet && p.lateMs > 1000) {
              log(`Scheduler: published post #${p.id} ${formatLateness(p.lateMs)} late`);
            }
          }
          return published;
        },
        nextDue: () => nextDueTime(getDb()),
        failure: "publishing failed",
        caughtUp: (caught) => {
          const worst = Math.max(...caught.map((p) => p.lateMs));
          return (
            `published ${caught.length} overdue post${caught.length > 1 ? "s" : ""} on start ` +
            `(${caught.map((p) => `#${p.id} ${formatLateness(p.lateMs)} late`).join(", ")}; worst ${formatLateness(worst)})`
          );
        },
      },
      options,
    );
  }
}

function formatLateness(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
