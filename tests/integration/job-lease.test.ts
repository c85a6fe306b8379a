/**
 * The jobs' lease (app/platform/job-lease.server.ts): one holder at a time, taken over only once
 * it expired, renewed by its holder; the jobs run only while it is held and stop when it is lost;
 * shutdown gives it back.
 */
import { afterEach, describe, expect, test } from "vitest";
import { getDb } from "~/platform/db.server";
import {
  acquireLease,
  clearJobs,
  holdsJobLease,
  JOBS_LEASE,
  LEASE_MS,
  leaseHolder,
  registerJob,
  releaseLease,
  startJobLease,
  stopJobLease,
} from "~/platform/job-lease.server";

afterEach(() => {
  clearJobs();
  getDb().$client.prepare("DELETE FROM job_leases").run();
});

function row() {
  return getDb().$client.prepare("SELECT * FROM job_leases WHERE name = ?").get(JOBS_LEASE) as
    | { holder: string; acquired_at: number; expires_at: number }
    | undefined;
}

describe("acquireLease", () => {
  test("one holder at a time until it expires; the holder renews", () => {
    const db = getDb();
    const t = 1_000_000;
    expect(acquireLease(db, JOBS_LEASE, "a", t)).toBe(true);
    expect(acquireLease(db, JOBS_LEASE, "b", t + 1000)).toBe(false);
    expect(acquireLease(db, JOBS_LEASE, "a", t + 3000)).toBe(true);
    expect(row()).toMatchObject({ holder: "a", acquired_at: t, expires_at: t + 3000 + LEASE_MS });
    // Still valid just before the renewed expiry; taken once it passed.
    expect(acquireLease(db, JOBS_LEASE, "b", t + 3000 + LEASE_MS - 1)).toBe(false);
    expect(acquireLease(db, JOBS_LEASE, "b", t + 3000 + LEASE_MS + 1)).toBe(true);
    expect(row()?.holder).toBe("b");
    expect(acquireLease(db, JOBS_LEASE, "a", t + 15_000)).toBe(false);
  });

  test("a released lease is free at once; only its holder releases it", () => {
    const db = getDb();
    expect(acquireLease(db, JOBS_LEASE, "a")).toBe(true);
    releaseLease(db, JOBS_LEASE, "b");
    expect(acquireLease(db, JOBS_LEASE, "b")).toBe(false);
    releaseLease(db, JOBS_LEASE, "a");
    expect(acquireLease(db, JOBS_LEASE, "b")).toBe(true);
  });
});

describe("the jobs", () => {
  function recorder() {
    const events: string[] = [];
    registerJob({
      name: "test job",
      start: () => events.push("start"),
      stop: () => void events.push("stop"),
      poll: () => events.push("poll"),
    });
    return events;
  }

  test("start with a free lease, stop and give it back at shutdown", () => {
    const events = recorder();
    startJobLease(getDb, () => {});
    expect(events).toEqual(["start"]);
    expect(holdsJobLease()).toBe(true);
    expect(row()?.holder).toBe(leaseHolder());
    stopJobLease();
    expect(events).toEqual(["start", "stop"]);
    expect(row()).toBeUndefined();
  });

  test("wait while another process holds it, and start when it expires", async () => {
    const { vi } = await import("vitest");
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    try {
      acquireLease(getDb(), JOBS_LEASE, "other", Date.now());
      const events = recorder();
      startJobLease(getDb, () => {});
      expect(events).toEqual([]);
      expect(holdsJobLease()).toBe(false);
      // Taken just after it expires, not at the next renewal period.
      vi.advanceTimersByTime(LEASE_MS - 500);
      expect(events).toEqual([]);
      vi.advanceTimersByTime(700);
      expect(events).toContain("start");
      expect(row()?.holder).toBe(leaseHolder());
      // Taken over by another while this one stalled: the jobs stop here.
      getDb()
        .$client.prepare("UPDATE job_leases SET holder = 'other', expires_at = ? WHERE name = ?")
        .run(Date.now() + 60_000, JOBS_LEASE);
      vi.advanceTimersByTime(3_000);
      expect(events.at(-1)).toBe("stop");
      expect(holdsJobLease()).toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });
});
