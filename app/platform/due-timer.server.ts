/**
 * The in-process timer behind scheduled posts and send-later newsletters
 * (docs/decisions/090-post-scheduler.md, 093-newsletter-send-later.md): it sleeps until the next
 * due time read from the database (never more than a minute), runs a round, and arms itself again.
 * Nothing lives only in memory; a failed round is tried again after a second.
 */

/** The longest the timer sleeps before looking at the database again. */
const MAX_SLEEP_MS = 60_000;
/** After a failed round (the database busy, say), the next try. */
const RETRY_MS = 1_000;

export type DueWork<T> = {
  /** Does what is due now; `quiet`: the caller reports it (the start-up catch-up). */
  run(quiet: boolean): T[];
  /** The next due time (epoch ms), or undefined when nothing waits. */
  nextDue(): number | undefined;
  /** A round failed; it is tried again in a second. */
  failed(error: unknown): void;
};

export class DueTimer<T> {
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;

  constructor(private readonly work: DueWork<T>) {}

  /** One round now: do what is due, then sleep until the next. */
  round({ quiet = false } = {}): T[] {
    try {
      const done = this.work.run(quiet);
      this.arm();
      return done;
    } catch (error) {
      this.work.failed(error);
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
