/**
 * Dashboard › Statistics (docs/behaviour.md §site): three series, each one
 * grouped SQL query, every day or week of the range present (zero when empty).
 * - Views per day, the last 30 UTC days: the per-day totals the view buffer
 *   writes with the posts' counts (`daily_views`).
 * - New subscribers per day, the last 30 UTC days: by subscription time.
 * - Posts published per week, the last 12 weeks (weeks start on Monday, UTC):
 *   published posts by publication time.
 */
import { and, eq, gte, sql } from "drizzle-orm";
import { dailyViews, posts, subscribers } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { forbidden } from "~/domain/errors.server";
import { getDb } from "~/platform/db.server";

export const STATISTICS_DAYS = 30;
export const STATISTICS_WEEKS = 12;
const DAY_MS = 24 * 60 * 60 * 1000;

export type Point = { label: string; value: number };
export type Series = { points: Point[]; total: number };
export type Statistics = { viewsPerDay: Series; subscribersPerDay: Series; postsPerWeek: Series };

const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The UTC midnight of the Monday of `ms`'s week. */
function weekStart(ms: number): number {
  const day = Math.floor(ms / DAY_MS) * DAY_MS;
  const weekday = (new Date(day).getUTCDay() + 6) % 7; // Monday 0
  return day - weekday * DAY_MS;
}

function series(keys: string[], counts: Map<string, number>): Series {
  const points = keys.map((label) => ({ label, value: counts.get(label) ?? 0 }));
  return { points, total: points.reduce((sum, p) => sum + p.value, 0) };
}

export function getStatistics(actor: SessionUser, now = Date.now()): Statistics {
  if (!can(actor.role, "manageSite")) throw forbidden("Only an Administrator can see statistics");
  const db = getDb();
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  const firstDay = today - (STATISTICS_DAYS - 1) * DAY_MS;
  const days = Array.from({ length: STATISTICS_DAYS }, (_, i) => isoDay(firstDay + i * DAY_MS));

  const views = db
    .select({ day: dailyViews.day, n: dailyViews.views })
    .from(dailyViews)
    .where(gte(dailyViews.day, days[0]))
    .all();

  const subDay = sql<string>`strftime('%Y-%m-%d', ${subscribers.timestamp} / 1000, 'unixepoch')`;
  const subs = db
    .select({ day: subDay, n: sql<number>`count(*)` })
    .from(subscribers)
    .where(gte(subscribers.timestamp, new Date(firstDay)))
    .groupBy(subDay)
    .all();

  const firstWeek = weekStart(now) - (STATISTICS_WEEKS - 1) * 7 * DAY_MS;
  const weeks = Array.from({ length: STATISTICS_WEEKS }, (_, i) =>
    isoDay(firstWeek + i * 7 * DAY_MS),
  );
  // Days since the epoch; 1970-01-01 was a Thursday, so +3 makes Monday day 0 of a week.
  const postWeek = sql<number>`((${posts.timestamp} / 86400000) + 3) / 7`;
  const published = db
    .select({ week: postWeek, n: sql<number>`count(*)` })
    .from(posts)
    .where(and(eq(posts.status, "published"), gte(posts.timestamp, new Date(firstWeek))))
    .groupBy(postWeek)
    .all();
  const weekCounts = new Map(
    published.map((r) => [isoDay((Number(r.week) * 7 - 3) * DAY_MS), Number(r.n)]),
  );

  return {
    viewsPerDay: series(days, new Map(views.map((r) => [r.day, Number(r.n)]))),
    subscribersPerDay: series(days, new Map(subs.map((r) => [r.day, Number(r.n)]))),
    postsPerWeek: series(weeks, weekCounts),
  };
}
