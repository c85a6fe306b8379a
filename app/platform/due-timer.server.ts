/**
 * The in-process timer behind scheduled posts and send-later newsletters
 * (docs/decisions/090-post-scheduler.md, 093-newsletter-send-later.md): it sleeps until the next
 * due time read from the database (never more than a minute), runs a round, and arms itself again.
 * Nothing lives only in memory; a failed round is tried again after a second. Each kind has one
 * timer per process (`processDueTimer`): bootstrap starts it, shutdown stops it, and the writes
 * that set, move or clear a due time kick it.
 */
import { min, type SQL } from "drizzle-orm";
import type { SQLiteColumn, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Db } from "~/platform/db.server";
import { processSingleton } from "~/platform/process-singleton.server";

/** The longest the timer sleeps before looking at the database again. */
const MAX_SLEEP_MS = 60_000;
/** After a failed round (the database busy, say), the next try. */
const RETRY_MS = 1_000;

/** The earliest time in `column` of the rows `where` picks (epoch ms): a timer's next due time. */
export function earliestDue(
  db: Db,
  table: SQLiteTable,
  column: SQLiteColumn,
  where: SQL | undefined,
): number | undefined {
  const row = db
    .select({ next: min(column) })
    .from(table)
    .where(where)
    .get();
  const next = row?.next as Date | number | null | undefined;
  if (next === null || next === undefined) return undefined;
  return next instanceof Date ? next.getTime() : Number(next);
}

export type DueWork<T> = {
  /** The timer's name in the log ("Scheduler", "Send later"). */
  name: string;
  /** Does what is due now; `quiet`: the caller reports it (the start-up catch-up). */
  run(quiet: boolean, log: (line: string) => void): T[];
  /** The next due time (epoch ms), or undefined when nothing waits. */
  nextDue(): number | undefined;
  /** What a failed round was doing, for the log ("publishing failed"). */
  failure: string;
  /** The log line for what the start-up catch-up did (only called when it did something). */
  caughtUp(done: T[]): string;
};

/** Where the timer's lines go (the console by default). */
export type DueTimerOptions = { log?: (line: string) => void; error?: (line: string) => void };

export class DueTimer<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(
    private readonly work: DueWork<T>,
    private readonly options: DueTimerOptions = {},
  ) {}

  /** Start-up: does what came due while the process was down, then sleeps until the next. */
  start(): T[] {
    const caught = this.round({ quiet: true });
    if (caught.length > 0) this.log(`${this.work.name}: ${this.work.caughtUp(caught)}`);
    return caught;
  }

  /** One round now: do what is due, then sleep until the next. */
  round({ quiet = false } = {}): T[] {
    try {
      const done = this.work.run(quiet, (line) => this.log(line));
      this.arm();
      return done;
    } catch (error) {
      // Never drop work: the next try reads the database again.
      const line = `${this.work.name}: ${this.work.failure}, retrying in 1 s: ${String(error)}`;
      (this.options.error ?? console.error)(line);
      this.arm(RETRY_MS);
      return [];
    }
  }

  /** Re-reads the next due time (something was scheduled, rescheduled or cancelled). */
  kick(): void {
    if (!this.stopped) this.arm();
  }

  stop(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
  }

  get isStopped(): boolean {
    return this.stopped;
  }

  private log(line: string) {
    (this.options.log ?? console.log)(line);
  }

  private arm(delay?: number): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    let wait = delay;
    if (wait === undefined) {
      const next = this.work.nextDue();
      wait = next === undefined ? MAX_SLEEP_MS : Math.min(MAX_SLEEP_MS, next - Date.now());
    }
    this.timer = setTimeout(() => void this.round(), Math.max(0, wait));
    this.timer.unref?.();
  }
}

/** The process's one timer of a kind, by `key`. */
export type ProcessDueTimer = {
  /** Starts it (one already running is only kicked); returns what the start-up catch-up did. */
  start<T>(create: () => DueTimer<T>): T[];
  /** A due time changed: the timer reads the next one again (nothing when it is not running). */
  kick(): void;
  stop(): void;
};

export function processDueTimer(key: string): ProcessDueTimer {
  const slot = processSingleton(`due-timer.${key}`, (): { timer?: DueTimer<unknown> } => ({}));
  return {
    start<T>(create: () => DueTimer<T>): T[] {
      const existing = slot.timer;
      if (existing && !existing.isStopped) {
        existing.kick();
        return [];
      }
      const timer = create();
      slot.timer = timer;
      return timer.start();
    },
    kick() {
      slot.timer?.kick();
    },
    stop() {
      slot.timer?.stop();
      slot.timer = undefined;
    },
  };
}
