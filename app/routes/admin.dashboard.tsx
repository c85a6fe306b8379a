import type { ReactNode } from "react";
import { data, Link, useRouteLoaderData } from "react-router";
import { Announcement, DASHBOARD_ANNOUNCEMENT } from "~/components/admin/announcement";
import { Avatar } from "~/components/admin/avatar";
import { BarChart } from "~/components/admin/bar-chart";
import { StatCard } from "~/components/admin/list-page";
import { adminMeta, siteNameOf } from "~/components/admin/meta";
import { NoticesPanel } from "~/components/admin/notices-panel";
import { followerCounts } from "~/domain/federation/followers-admin.server";
import { listNotices, markNoticesRead } from "~/domain/notifications/notify.server";
import { getDashboardData } from "~/domain/site/dashboard.server";
import { getSettings } from "~/domain/site/settings.server";
import { getStatistics } from "~/domain/site/statistics.server";
import { countReviewing } from "~/domain/workflow/review.server";
import { useLazyLoading, useMediaUrl } from "~/hooks/use-site-options";
import { getDb } from "~/platform/db.server";
import type { loader as layoutLoader } from "~/routes/admin.layout";
import { formatSiteDate } from "~/utils/site-date";
import { relativeTime } from "~/utils/time";
import { adminUser } from "~/web/auth.server";
import { redirectWithFlash } from "~/web/flash.server";
import { readForm } from "~/web/forms.server";
import type { Route } from "./+types/admin.dashboard";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Dashboard", "/admin/dashboard");

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const db = getDb();
  const now = Date.now();
  return {
    data: getDashboardData(user),
    statistics: getStatistics(user, now),
    reviewing: countReviewing(user),
    now,
    alerts: getSettings(db).enableAdminAlerts ? listNotices(db) : null,
    followers: followerCounts(db),
  };
}

/** Mark read: one notice, or all of them. */
export async function action(args: Route.ActionArgs) {
  await adminUser(args);
  const form = await readForm(args.request);
  const id = Number(form.fields.id);
  if (form.fields.intent === "read" && Number.isInteger(id)) markNoticesRead(getDb(), id);
  else if (form.fields.intent === "read-all") markNoticesRead(getDb());
  else return data({ error: "Unknown action" }, { status: 400 });
  return redirectWithFlash("/admin/dashboard", { type: "success", message: "Marked as read" });
}

/** "2026-11-23" (a day of the site's calendar) → "23 Nov". */
const shortDay = (isoDay: string) =>
  formatSiteDate(`${isoDay}T00:00:00Z`, "UTC", { time: false, year: false });

export default function Dashboard({ loaderData, matches }: Route.ComponentProps) {
  const { data: dashboard, now, alerts, statistics } = loaderData;
  const data = dashboard;
  const dismissed = useRouteLoaderData<typeof layoutLoader>("routes/admin.layout")?.dismissed ?? {};
  const siteName = siteNameOf(matches);
  const lazy = useLazyLoading();
  const media = useMediaUrl();
  const cards = [
    { title: "Total Posts", label: "Posts", value: data.totalPosts, to: "/admin/posts" },
    { title: "Total Users", label: "Bloggers", value: data.totalUsers, to: "/admin/users" },
    {
      title: "Total Subscribers",
      // Only Active ones: not Pending, Inactive, Unsubscribed or Bounced (docs/behaviour.md §site).
      label: "Active subscribers",
      value: data.totalSubscribers,
      to: "/admin/mail/subscribers-list",
    },
    {
      title: "Total Comments",
      label: "Approved",
      value: data.totalComments,
      to: "/admin/comments?status=approved",
    },
    {
      title: "Members",
      label: "Readers with accounts",
      value: data.totalMembers,
      to: "/admin/mail/subscribers-list?member=member",
    },
    {
      title: "Reviewing",
      label: "Waiting for review",
      value: loaderData.reviewing,
      to: "/admin/posts?status=reviewing",
    },
    {
      title: "Fediverse Followers",
      label: "Following the site and its authors",
      value: loaderData.followers.total,
      to: "/admin/fediverse",
    },
  ];
  return (
    <>
      <header className="admin-page-header">
        <h1>
          Dashboard <span className="muted">– {siteName}</span>
        </h1>
      </header>
      <Announcement
        id={DASHBOARD_ANNOUNCEMENT.id}
        date={DASHBOARD_ANNOUNCEMENT.date}
        title="Attention All Admins"
        dismissed={(dismissed[DASHBOARD_ANNOUNCEMENT.id] ?? "") >= DASHBOARD_ANNOUNCEMENT.date}
      >
        <p>
          We have updated the platform. New guidelines for the admin dashboard are in place, and
          some pages are still being built: if something you need is missing, contact support.
        </p>
      </Announcement>
      {alerts ? <NoticesPanel notices={alerts.notices} unread={alerts.unread} now={now} /> : null}
      <section className="stat-cards" aria-label="Summary">
        {cards.map((card) => (
          <StatCard
            key={card.title}
            title={card.title}
            value={card.value.toLocaleString("en")}
            unit={card.label}
            more={card.to}
          />
        ))}
      </section>
      <section className="admin-panel" aria-labelledby="statistics">
        <h2 id="statistics">Statistics</h2>
        <div className="charts">
          {(
            [
              ["Views per day (last 30 days)", "views", "Day", statistics.viewsPerDay],
              [
                "New subscribers per day (last 30 days)",
                "subscribers",
                "Day",
                statistics.subscribersPerDay,
              ],
              [
                "Posts published per week (last 12 weeks)",
                "posts",
                "Week of",
                statistics.postsPerWeek,
              ],
            ] as const
          ).map(([title, unit, labelHeading, series]) => (
            <BarChart
              key={title}
              title={title}
              unit={unit}
              labelHeading={labelHeading}
              formatLabel={shortDay}
              {...series}
            />
          ))}
        </div>
        <p className="muted">
          Views, time on page, bounce rate and the top posts are on the{" "}
          <Link to="/admin/analytics">Analytics</Link> screen.
        </p>
      </section>
      <div className="dashboard-lists">
        <ItemPanel
          id="recent-posts"
          title="Recent Posts"
          empty="No posts yet."
          items={data.recentPosts}
          itemKey={(post) => post.url}
        >
          {(post) => (
            <>
              {post.photo ? (
                <img
                  className="item-thumb"
                  src={media(post.photo)}
                  alt=""
                  width="64"
                  height="48"
                  loading={lazy}
                />
              ) : null}
              <div>
                <a href={post.url} className="item-title">
                  {post.title}
                </a>
                <p className="item-text">{post.summary}</p>
              </div>
            </>
          )}
        </ItemPanel>
        <ItemPanel
          id="recent-subscribers"
          title="Recent Subscribers"
          empty="No subscribers yet."
          items={data.recentSubscribers}
          itemKey={(s) => s.email}
        >
          {(s) => (
            <>
              <Person name={s.name} email={s.email} />
              <time className="muted item-time" dateTime={new Date(s.timestamp).toISOString()}>
                {relativeTime(s.timestamp, now)}
              </time>
            </>
          )}
        </ItemPanel>
        <ItemPanel
          id="active-bloggers"
          title="Active Bloggers"
          empty="Nobody has published yet."
          items={data.activeBloggers}
          itemKey={(b) => b.email}
        >
          {(b) => (
            <>
              <Avatar name={b.name} photo={b.photo} size={40} />
              <Person name={b.name} email={b.email} />
            </>
          )}
        </ItemPanel>
      </div>
    </>
  );
}

/** A dashboard panel listing recent items, or saying there are none. */
function ItemPanel<T>({
  id,
  title,
  empty,
  items,
  itemKey,
  children,
}: {
  id: string;
  title: string;
  empty: string;
  items: readonly T[];
  itemKey: (item: T) => string;
  children: (item: T) => ReactNode;
}) {
  return (
    <section className="admin-panel" aria-labelledby={id}>
      <h2 id={id}>{title}</h2>
      <ul className="item-list">
        {items.map((item) => (
          <li key={itemKey(item)} className="item">
            {children(item)}
          </li>
        ))}
      </ul>
      {items.length === 0 ? <p className="empty">{empty}</p> : null}
    </section>
  );
}

/** A person in a panel: name over email. */
function Person({ name, email }: { name: string; email: string }) {
  return (
    <div>
      <p className="item-title">{name}</p>
      <p className="item-text">{email}</p>
    </div>
  );
}
