/**
 * The dashboard and analytics figures (docs/behaviour.md §site, §data), each computed by SQL
 * aggregates: a handful of queries whatever the number of posts or users.
 * Administrator only (docs/behaviour.md §access); the pages and `GET /get/dashboard-data`,
 * `GET /get/analytics-data` call these with the signed-in or apiKey user.
 *
 * Decisions where the product's rules were silent (see docs/decisions/):
 * - totalPosts counts every post that is not in the trash (drafts and posts
 *   under review included: it is the staff's workload, like the posts list).
 * - totalUsers counts every account (the card's label is "Bloggers").
 * - totalSubscribers counts subscribers whose status is Active (the people a
 *   newsletter reaches), not those who unsubscribed.
 * - Recent Posts: the 5 newest published posts. Recent Subscribers: the 5
 *   newest subscribers. Active Bloggers: the 5 users with the most recent
 *   published post, newest first.
 * - Analytics cover published posts. totalViews and totalShares are sums.
 *   avgTimeOnPage and bounceRate are averages weighted by each post's views
 *   (a post read 1,000 times counts 1,000 times as much as one read once);
 *   posts without views do not count, and with no views at all both are 0.
 * - totalComments counts approved comments (docs/behaviour.md §comments), on the
 *   dashboard and in analytics alike.
 * - Top-Performing Posts: the 5 published posts with the most views, then shares; or,
 *   sorted by comments, with the most approved comments, then views.
 */
import { and, count, desc, eq, isNotNull, ne, sql } from "drizzle-orm";
import { posts, subscribers, users } from "#db/schema";
import type { SessionUser } from "~/domain/access/actor.server";
import { can } from "~/domain/access/capabilities";
import { totalApproved } from "~/domain/comments/comments.server";
import { forbidden } from "~/domain/errors.server";
import { getDb } from "~/platform/db.server";
import { formatDuration } from "~/utils/time";

export const DASHBOARD_LIST_SIZE = 5;

export type DashboardData = {
  totalPosts: number;
  totalUsers: number;
  totalSubscribers: number;
  /** Approved comments. */
  totalComments: number;
  /** Readers who signed in at least once (docs/members.md "Back office"). */
  totalMembers: number;
  recentPosts: { photo: string | null; title: string; summary: string; url: string }[];
  recentSubscribers: { name: string; email: string; timestamp: number }[];
  activeBloggers: { photo: string | null; name: string; email: string }[];
};

export type AnalyticsData = {
  totalViews: number;
  /** "Xm Ys", like a post's avgTime (docs/behaviour.md §data). */
  avgTimeOnPage: string;
  avgTimeOnPageSeconds: number;
  /** 0–100, one decimal. */
  bounceRate: number;
  totalComments: number;
  totalShares: number;
  topPosts: {
    title: string;
    views: number;
    shares: number;
    comments: number;
    url: string;
    /** Likes and boosts from the fediverse (docs/federation.md "What is received"). */
    fediverseLikes: number;
    fediverseBoosts: number;
  }[];
};

export const TOP_POSTS_SORTS = ["views", "comments"] as const;
export type TopPostsSort = (typeof TOP_POSTS_SORTS)[number];

function assertAdministrator(actor: SessionUser) {
  if (!can(actor.role, "manageSite")) throw forbidden("Only an Administrator can see this");
}

export function getDashboardData(actor: SessionUser): DashboardData {
  assertAdministrator(actor);
  const db = getDb();
  const totalPosts =
    db.select({ n: count() }).from(posts).where(ne(posts.status, "trash")).get()?.n ?? 0;
  const totalUsers = db.select({ n: count() }).from(users).get()?.n ?? 0;
  const totalSubscribers =
    db.select({ n: count() }).from(subscribers).where(eq(subscribers.status, "Active")).get()?.n ??
    0;
  const recentPosts = db
    .select({ photo: posts.photo, title: posts.title, summary: posts.summary, url: posts.url })
    .from(posts)
    .where(eq(posts.status, "published"))
    .orderBy(desc(posts.timestamp), desc(posts.id))
    .limit(DASHBOARD_LIST_SIZE)
    .all();
  const recentSubscribers = db
    .select({ name: subscribers.name, email: subscribers.email, timestamp: subscribers.timestamp })
    .from(subscribers)
    // A Bounced address is not a subscriber the newsroom can reach.
    .where(ne(subscribers.status, "Bounced"))
    .orderBy(desc(subscribers.timestamp), desc(subscribers.id))
    .limit(DASHBOARD_LIST_SIZE)
    .all()
    .map((s) => ({ ...s, timestamp: s.timestamp.getTime() }));
  const latest = sql<number>`max(${posts.timestamp})`;
  const activeBloggers = db
    .select({ photo: users.photo, name: users.name, email: users.email, latest })
    .from(users)
    .innerJoin(posts, and(eq(posts.authorId, users.id), eq(posts.status, "published")))
    .groupBy(users.id)
    .orderBy(desc(latest))
    .limit(DASHBOARD_LIST_SIZE)
    .all()
    .map(({ photo, name, email }) => ({ photo, name, email }));
  return {
    totalPosts,
    totalUsers,
    totalSubscribers,
    totalComments: totalApproved(db),
    totalMembers:
      db.select({ n: count() }).from(subscribers).where(isNotNull(subscribers.memberSince)).get()
        ?.n ?? 0,
    recentPosts,
    recentSubscribers,
    activeBloggers,
  };
}

export function getAnalyticsData(actor: SessionUser, sort: TopPostsSort = "views"): AnalyticsData {
  assertAdministrator(actor);
  const db = getDb();
  const published = eq(posts.status, "published");
  const totals = db
    .select({
      views: sql<number>`coalesce(sum(${posts.views}), 0)`,
      shares: sql<number>`coalesce(sum(${posts.shares}), 0)`,
      weightedTime: sql<number>`coalesce(sum(${posts.avgTimeSeconds} * ${posts.views}), 0)`,
      weightedBounce: sql<number>`coalesce(sum(${posts.bounceRate} * ${posts.views}), 0)`,
    })
    .from(posts)
    .where(published)
    .get() ?? { views: 0, shares: 0, weightedTime: 0, weightedBounce: 0 };
  const views = Number(totals.views);
  const avgSeconds = views > 0 ? Math.round(Number(totals.weightedTime) / views) : 0;
  const bounceRate = views > 0 ? Math.round((Number(totals.weightedBounce) / views) * 10) / 10 : 0;
  // Qualified by hand: drizzle writes bare column names inside a sql`` select field.
  const commentCount = sql<number>`(select count(*) from "comments" c where c."post_id" = "posts"."id" and c."status" = 'approved')`;
  const reactions = (kind: "like" | "announce") =>
    sql<number>`(select count(*) from "ap_reactions" r where r."post_id" = "posts"."id" and r."kind" = ${kind})`;
  const topPosts = db
    .select({
      title: posts.title,
      views: posts.views,
      shares: posts.shares,
      comments: commentCount,
      url: posts.url,
      fediverseLikes: reactions("like"),
      fediverseBoosts: reactions("announce"),
    })
    .from(posts)
    .where(published)
    .orderBy(
      ...(sort === "comments"
        ? [desc(commentCount), desc(posts.views), desc(posts.id)]
        : [desc(posts.views), desc(posts.shares), desc(posts.id)]),
    )
    .limit(DASHBOARD_LIST_SIZE)
    .all()
    .map((p) => ({
      ...p,
      comments: Number(p.comments),
      fediverseLikes: Number(p.fediverseLikes),
      fediverseBoosts: Number(p.fediverseBoosts),
    }));
  return {
    totalViews: views,
    avgTimeOnPage: formatDuration(avgSeconds),
    avgTimeOnPageSeconds: avgSeconds,
    bounceRate,
    totalComments: totalApproved(db),
    totalShares: Number(totals.shares),
    topPosts,
  };
}
