import { expect, test } from "vitest";
import * as m from "~/domain/workflow/schedule-time";

test("schedule times convert between the form and instants in a zone", () => {
  expect(new Date(m.localInputToInstant("2026-11-24T09:30")!).toISOString()).toBe(
    "2026-11-24T09:30:00.000Z",
  );
  expect(new Date(m.localInputToInstant("2026-11-24T09:30", "Europe/Paris")!).toISOString()).toBe(
    "2026-11-24T08:30:00.000Z",
  );
  expect(
    new Date(m.localInputToInstant("2026-07-24T09:30", "America/New_York")!).toISOString(),
  ).toBe("2026-07-24T13:30:00.000Z");
  expect(m.instantToLocalInput(Date.UTC(2026, 6, 24, 13, 30), "America/New_York")).toBe(
    "2026-07-24T09:30",
  );
  expect(m.formatScheduleTime(Date.UTC(2026, 10, 24, 8, 30))).toBe("2026-11-24 08:30 UTC");
  expect(m.localInputToInstant("2026-02-30T09:30")).toBeUndefined();
});

const iso = (ms: number | undefined) => (ms === undefined ? undefined : new Date(ms).toISOString());

test("a wall time that happens twice (clocks go back) is the earlier one", () => {
  // New York, 2026-11-01: 01:00–02:00 happens in EDT (UTC−4), then again in EST (UTC−5).
  expect(iso(m.localInputToInstant("2026-11-01T01:30", "America/New_York"))).toBe(
    "2026-11-01T05:30:00.000Z",
  );
  // Berlin, 2026-10-25: 02:00–03:00 in CEST (UTC+2), then in CET (UTC+1).
  expect(iso(m.localInputToInstant("2026-10-25T02:30", "Europe/Berlin"))).toBe(
    "2026-10-25T00:30:00.000Z",
  );
  // Either side of the repeated hour there is one reading.
  expect(iso(m.localInputToInstant("2026-11-01T00:59", "America/New_York"))).toBe(
    "2026-11-01T04:59:00.000Z",
  );
  expect(iso(m.localInputToInstant("2026-11-01T02:00", "America/New_York"))).toBe(
    "2026-11-01T07:00:00.000Z",
  );
});

test("a wall time that never happens (clocks go forward) moves on by the gap", () => {
  // New York, 2026-03-08: 02:00 EST becomes 03:00 EDT; 02:30 is read as 03:30 EDT.
  const gap = m.localInputToInstant("2026-03-08T02:30", "America/New_York");
  expect(iso(gap)).toBe("2026-03-08T07:30:00.000Z");
  expect(m.instantToLocalInput(gap!, "America/New_York")).toBe("2026-03-08T03:30");
  // Berlin, 2026-03-29: 02:00 CET becomes 03:00 CEST.
  expect(iso(m.localInputToInstant("2026-03-29T02:15", "Europe/Berlin"))).toBe(
    "2026-03-29T01:15:00.000Z",
  );
  // The minutes either side of the gap are exact.
  expect(iso(m.localInputToInstant("2026-03-08T01:59", "America/New_York"))).toBe(
    "2026-03-08T06:59:00.000Z",
  );
  expect(iso(m.localInputToInstant("2026-03-08T03:00", "America/New_York"))).toBe(
    "2026-03-08T07:00:00.000Z",
  );
  // A zone that moves by half an hour (Lord Howe, 2026-10-04 02:00 +10:30 → 02:30 +11:00).
  const lordHowe = m.localInputToInstant("2026-10-04T02:10", "Australia/Lord_Howe")!;
  expect(iso(lordHowe)).toBe("2026-10-03T15:40:00.000Z");
  expect(m.instantToLocalInput(lordHowe, "Australia/Lord_Howe")).toBe("2026-10-04T02:40");
});

test("every five minutes of a day round-trip through the field, across both changes", () => {
  for (const [zone, day] of [
    ["America/New_York", Date.UTC(2026, 2, 8, 5)],
    ["America/New_York", Date.UTC(2026, 10, 1, 4)],
    ["Europe/Berlin", Date.UTC(2026, 2, 28, 23)],
    ["Australia/Sydney", Date.UTC(2026, 3, 4, 14)],
  ] as const) {
    for (let t = day; t < day + 24 * 3600_000; t += 5 * 60_000) {
      const back = m.localInputToInstant(m.instantToLocalInput(t, zone), zone)!;
      // The instant itself, or (in a repeated hour) the earlier instant with the same wall time.
      expect(back === t || back === t - 3600_000).toBe(true);
      expect(m.instantToLocalInput(back, zone)).toBe(m.instantToLocalInput(t, zone));
    }
  }
});

test("scheduleInstant: epoch ms as they are, a wall time in the zone, an offset as it says", () => {
  const at = Date.UTC(2026, 10, 24, 8, 30);
  expect(m.scheduleInstant(at, "Asia/Tokyo")).toBe(at);
  expect(m.scheduleInstant(String(at), "Asia/Tokyo")).toBe(at);
  expect(iso(m.scheduleInstant("2026-11-24T17:30", "Asia/Tokyo"))).toBe("2026-11-24T08:30:00.000Z");
  expect(iso(m.scheduleInstant("2026-11-24T17:30:15", "Asia/Tokyo"))).toBe(
    "2026-11-24T08:30:15.000Z",
  );
  expect(m.scheduleInstant("2026-11-24T08:30:00Z", "Asia/Tokyo")).toBe(at);
  expect(m.scheduleInstant("2026-11-24T09:30:00+01:00", "Asia/Tokyo")).toBe(at);
  expect(m.scheduleInstant("next tuesday", "Asia/Tokyo")).toBeUndefined();
  expect(m.scheduleInstant("2026-11-24T24:30", "Asia/Tokyo")).toBeUndefined();
  expect(m.formatScheduleTime(at, "Asia/Tokyo")).toBe("2026-11-24 17:30 Asia/Tokyo");
});
