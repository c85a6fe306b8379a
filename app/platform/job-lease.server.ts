/**
 * The background jobs run in one process at a time (docs/operations.md "More than one core",
 * docs/decisions/251-job-lease.md): the holder of the `jobs` row of `job_leases`. The holder
 * renews it every RENEW_MS with one statement that succeeds only when the row is free, expired or
 * already its own; the others read when it expires and try again just after. A holder that stops
 * renewing (killed, stalled) loses it LEASE_MS after its last renewal and the first process to try
 * takes it. Losing the lease stops the jobs here; stopping the process gives it back at once.
 *
 * A job is registered once per process with `registerJob` (start-up keeps the list:
 * app/startup/jobs.server.ts) and started only while this process holds the lease. `poll` is
 * called at each renewal while it runs: work queued by another process (a post scheduled
 * through another worker) is seen within RENEW_MS.
 */
import type { Db } from "~/platform/db.server";
import { jobLeaseHeld } from "~/platform/metrics.server";
import { processSingleton } from "~/platform/process-singleton.server";

/** How long a lease lasts after its last renewal. */
export const LEASE_MS = 8_000;
/** How often the holder renews it, and others try to take it. */
export const RENEW_MS = 3_000;
/** The lease the background jobs share. */
export const JOBS_LEASE = "jobs";
/** A process waiting for the lease tries this long after it expires (and at least this often). */
const TRY_AFTER_MS = 100;

export type Job = {
  /** For the log ("post scheduler"). */
  name: string;
  /** Starts the job in this process (it has just taken the lease). */
  start(): void;
  /** Stops it; a promise when work in flight finishes later (a newsletter message). */
  stop(): Promise<void> | undefined | void;
  /** Looks for work another process queued (called at each renewal while the job runs). */
  poll?(): void;
};

type Runner = {
  jobs: Job[];
  running: boolean;
  /** Until when this process may act as the holder (epoch ms, by its own clock). */
  heldUntil: number;
  timer?: NodeJS.Timeout;
  db?: () => Db;
  log: (line: string) => void;
};

const runner = processSingleton<Runner>("job-lease", () => ({
  jobs: [],
  running: false,
  heldUntil: 0,
  log: console.log,
}));

/** This process's name in the lease row: its pid (`npm run` tools and tests look it up). */
export function leaseHolder(): string {
  return String(process.pid);
}

/**
 * Takes or renews lease `name` for `holder` until `now + ttlMs`: one statement, which changes
 * the row only when it is free, expired or already the holder's. True when the holder has it.
 */
export function acquireLease(
  db: Db,
  name: string,
  holder: string,
  now = Date.now(),
  ttlMs = LEASE_MS,
): boolean {
  const result = db.$client
    .prepare(
      `INSERT INTO job_leases (name, holder, acquired_at, expires_at) VALUES (?, ?, ?, ?)
       ON CONFLICT(name) DO UPDATE SET
         acquired_at = CASE WHEN job_leases.holder = excluded.holder
                            THEN job_leases.acquired_at ELSE excluded.acquired_at END,
         holder = excluded.holder,
         expires_at = excluded.expires_at
       WHERE job_leases.holder = excluded.holder OR job_leases.expires_at < excluded.acquired_at`,
    )
    .run(name, holder, now, now + ttlMs);
  return result.changes === 1;
}

/** Gives lease `name` back (only when `holder` has it), so another process takes it at once. */
export function releaseLease(db: Db, name: string, holder: string): void {
  db.$client.prepare("DELETE FROM job_leases WHERE name = ? AND holder = ?").run(name, holder);
}

/** Adds a job to the process's list (start-up, once per job); started when the lease is held. */
export function registerJob(job: Job): void {
  if (runner.jobs.some((j) => j.name === job.name)) return;
  runner.jobs.push(job);
  if (runner.running && holdsJobLease()) startJob(job);
}

/** How long before its expiry a holder stops counting on its lease (the other side's clock may be ahead). */
const MARGIN_MS = 1_000;

/** True while this process holds the jobs' lease (by its own clock: a stalled holder sees it expire). */
export function holdsJobLease(): boolean {
  return runner.running && Date.now() < runner.heldUntil - MARGIN_MS;
}

const started = new WeakSet<Job>();

function startJob(job: Job) {
  if (started.has(job)) return;
  started.add(job);
  try {
    job.start();
  } catch (error) {
    runner.log(`Jobs: ${job.name} failed to start: ${String(error)}`);
  }
}

function stopAll(): Promise<void>[] {
  const inFlight: Promise<void>[] = [];
  for (const job of runner.jobs) {
    if (!started.has(job)) continue;
    started.delete(job);
    try {
      const stopping = job.stop();
      if (stopping) inFlight.push(stopping);
    } catch (error) {
      runner.log(`Jobs: ${job.name} failed to stop: ${String(error)}`);
    }
  }
  return inFlight;
}

/** When another process's lease expires (epoch ms), or undefined when none is recorded. */
function leaseExpiry(db: Db): number | undefined {
  const row = db.$client
    .prepare("SELECT expires_at FROM job_leases WHERE name = ?")
    .get(JOBS_LEASE) as { expires_at: number } | undefined;
  return row?.expires_at;
}

/** One look at the lease, then the next one armed: the holder in RENEW_MS, others at the expiry. */
function tick(first = false) {
  if (!runner.running) return;
  try {
    lookAtLease(first);
  } catch (error) {
    runner.log(`Jobs: looking at the lease failed: ${String(error)}`);
  }
  let wait = RENEW_MS;
  if (runner.heldUntil === 0) {
    try {
      const db = runner.db?.();
      const expiry = db ? leaseExpiry(db) : undefined;
      if (expiry !== undefined) {
        wait = Math.min(RENEW_MS, Math.max(TRY_AFTER_MS, expiry - Date.now() + TRY_AFTER_MS));
      }
    } catch {
      // Tried again in RENEW_MS.
    }
  }
  runner.timer = setTimeout(() => tick(), wait);
  runner.timer.unref();
}

/** Takes or renews the lease, starting or stopping the jobs accordingly. */
function lookAtLease(first: boolean) {
  const db = runner.db?.();
  if (!db) return;
  const now = Date.now();
  let held: boolean;
  try {
    held = acquireLease(db, JOBS_LEASE, leaseHolder(), now);
  } catch (error) {
    // The database busy for longer than its wait: keep the jobs while the lease lasts, try again.
    held = now < runner.heldUntil - RENEW_MS;
    if (!held && runner.heldUntil > 0) runner.log(`Jobs: could not renew the lease: ${error}`);
  }
  const had = runner.heldUntil > 0;
  if (held) {
    runner.heldUntil = now + LEASE_MS;
    jobLeaseHeld.set(1);
    if (!had) {
      if (!first) runner.log(`Jobs: this process (pid ${process.pid}) took the jobs' lease`);
      for (const job of runner.jobs) startJob(job);
    } else {
      for (const job of runner.jobs) if (started.has(job)) job.poll?.();
    }
  } else if (had) {
    runner.heldUntil = 0;
    jobLeaseHeld.set(0);
    runner.log(`Jobs: this process (pid ${process.pid}) lost the jobs' lease; its jobs stop`);
    stopAll();
  } else {
    jobLeaseHeld.set(0);
  }
}

/**
 * Starts looking after the lease (start-up): takes it now when it is free, starting the jobs
 * before this returns, then renews it or waits for it.
 */
export function startJobLease(db: () => Db, log: (line: string) => void = console.log): void {
  if (runner.running) return;
  runner.running = true;
  runner.db = db;
  runner.log = log;
  tick(true);
}

/**
 * Stops the jobs and gives the lease back (shutdown). Returns what is still finishing (the
 * newsletter messages in flight).
 */
export function stopJobLease(): Promise<void>[] {
  if (!runner.running) return [];
  runner.running = false;
  if (runner.timer) clearTimeout(runner.timer);
  runner.timer = undefined;
  const inFlight = stopAll();
  if (runner.heldUntil > 0) {
    runner.heldUntil = 0;
    jobLeaseHeld.set(0);
    try {
      const db = runner.db?.();
      if (db) releaseLease(db, JOBS_LEASE, leaseHolder());
    } catch {
      // The database is gone: the lease expires on its own.
    }
  }
  return inFlight;
}

/** Forgets the registered jobs (tests). */
export function clearJobs(): void {
  stopJobLease();
  runner.jobs = [];
}
