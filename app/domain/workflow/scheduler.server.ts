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
 * only, so once per post. The status change fires the page-cache triggers (migration 0003), so the
 * home page, category pages, feeds and sitemap show it on the next request.
 */
import { and, asc, eq, lte, min, sql } from "drizzle-orm";
import { posts } from "#db/schema";
import { notifySafely, notifyStaffSafely } from "~/domain/notifications/notify.server";
import { recordRevision } from "~/domain/workflow/revisions.server";
import type { Db } from "~/platform/db.server";
import { DueTimer } from "~/platform/due-timer.server";

/** What the scheduler published: the post, its due time and how late it went live (ms). */
export type ScheduledPublish = { id: number; publishAt: number; lateMs: number };

/** The earliest publish time of a scheduled post (epoch ms), if any. */
export function nextDueTime(db: Db): number | undefined {
  const row = db
    .select({ next: min(posts.publishAt) })
    .from(posts)
    .where(eq(posts.status, "scheduled"))
    .get();
  const next = row?.next as Date | number | null | undefined;
  if (next === null || next === undefined) return undefined;
  return next instanceof Date ? next.getTime() : Number(next);
}

/**
 * Publishes every scheduled post due at `now`: status `published`, public
 * time = the scheduled time, one revision by the scheduler. Returns only the
 * posts this call published (a post someone else published is skipped).
 */
export function publishDuePosts(db: Db, now: number = Date.now()): ScheduledPublish[] {
  const due = db
    .select({
      id: posts.id,
      publishAt: posts.publishAt,
      title: posts.title,
      authorId: posts.authorId,
    })
    .from(posts)
    .where(and(eq(posts.status, "scheduled"), lte(posts.publishAt, new Date(now))))
    .orderBy(asc(posts.publishAt), asc(posts.id))
    .all();
  const published: ScheduledPublish[] = [];
  for (const post of due) {
    const publishAt = post.publishAt?.getTime() ?? now;
    const done = db.transaction((tx) => {
      const txDb = tx as unknown as Db;
      const result = txDb
        .update(posts)
        .set({
          status: "published",
          timestamp: new Date(publishAt),
          publishAt: null,
          updatedAt: new Date(now),
          version: sql`${posts.version} + 1`,
        })
        .where(
          and(
            eq(posts.id, post.id),
            eq(posts.status, "scheduled"),
            lte(posts.publishAt, new Date(now)),
          ),
        )
        .run();
      if (result.changes !== 1) return false;
      recordRevision(txDb, post.id, null, "Published as scheduled", { now: new Date(now) });
      return true;
    });
    if (done) {
      published.push({ id: post.id, publishAt, lateMs: Math.max(0, now - publishAt) });
      // Once per post: only the writer whose update changed the row gets here.
      notifySafely(db, {
        kind: "post-live",
        message: `“${post.title}” went live as scheduled`,
        link: `/admin/posts/edit/${post.id}`,
      });
      notifyStaffSafely(db, { kind: "post-live", post, actorId: null });
    }
  }
  return published;
}

export type SchedulerOptions = { log?: (line: string) => void; error?: (line: string) => void };

/** The in-process timer. One per process (./scheduler-process.server.ts). */
export class PostScheduler {
  private readonly timer: DueTimer<ScheduledPublish>;

  constructor(
    getDb: () => Db,
    private readonly options: SchedulerOptions = {},
  ) {
    this.timer = new DueTimer({
      run: (quiet) => {
        const published = publishDuePosts(getDb());
        for (const p of published) {
          if (!quiet && p.lateMs > 1000) {
            this.log(`Scheduler: published post #${p.id} ${formatLateness(p.lateMs)} late`);
          }
        }
        return published;
      },
      nextDue: () => nextDueTime(getDb()),
      // Never drop a post: the next try reads the database again.
      failed: (error) =>
        this.options.error?.(`Scheduler: publishing failed, retrying in 1 s: ${String(error)}`) ??
        console.error("Scheduler: publishing failed, retrying in 1 s:", error),
    });
  }

  /** Start-up: publishes what came due while the process was down, then sleeps until the next. */
  start(): ScheduledPublish[] {
    const caught = this.timer.round({ quiet: true });
    if (caught.length > 0) {
      const worst = Math.max(...caught.map((p) => p.lateMs));
      this.log(
        `Scheduler: published ${caught.length} overdue post${caught.length > 1 ? "s" : ""} on start ` +
          `(${caught.map((p) => `#${p.id} ${formatLateness(p.lateMs)} late`).join(", ")}; worst ${formatLateness(worst)})`,
      );
    }
    return caught;
  }

  /** Re-reads the next due time (a post was scheduled, rescheduled or unscheduled). */
  kick(): void {
    this.timer.kick();
  }

  stop(): void {
    this.timer.stop();
  }

  get isStopped(): boolean {
    return this.timer.isStopped;
  }

  private log(line: string) {
    (this.options.log ?? console.log)(line);
  }
}

function formatLateness(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
