import { Link } from "react-router";
import { StatCard } from "~/components/admin/list-page";
import { ListTable, numColumn } from "~/components/admin/list-table";
import { adminMeta } from "~/components/admin/meta";
import { PageHeader } from "~/components/admin/page-header";
import { getAnalyticsData } from "~/domain/site/dashboard.server";
import { adminUser } from "~/web/auth.server";
import type { Route } from "./+types/admin.analytics";

export const meta: Route.MetaFunction = ({ matches }) =>
  adminMeta(matches, "Analytics", "/admin/analytics");

export async function loader(args: Route.LoaderArgs) {
  const user = await adminUser(args);
  const sort =
    new URL(args.request.url).searchParams.get("sort") === "comments" ? "comments" : "views";
  return { ...getAnalyticsData(user, sort), sort };
}

export default function Analytics({ loaderData: data }: Route.ComponentProps) {
  const cards = [
    { title: "Total Views", value: data.totalViews.toLocaleString("en") },
    { title: "Avg Time on Page", value: data.avgTimeOnPage },
    { title: "Bounce Rate", value: `${data.bounceRate}%` },
    { title: "Total Comments", value: data.totalComments.toLocaleString("en") },
    { title: "Shares", value: data.totalShares.toLocaleString("en") },
  ];
  return (
    <>
      <PageHeader
        title="Analytics"
        subtitle="Published posts. Averages are weighted by views; comments are approved comments."
      />
      <section className="stat-cards" aria-label="Totals">
        {cards.map((card) => (
          <StatCard key={card.title} title={card.title} value={card.value} />
        ))}
      </section>
      <section className="admin-panel" aria-labelledby="top-posts">
        <h2 id="top-posts">Top-Performing Posts</h2>
        <nav className="tabs" aria-label="Sort top posts">
          <Link to="/admin/analytics" aria-current={data.sort === "views" ? "page" : undefined}>
            By views
          </Link>
          <Link
            to="/admin/analytics?sort=comments"
            aria-current={data.sort === "comments" ? "page" : undefined}
          >
            By comments
          </Link>
        </nav>
        {data.topPosts.length === 0 ? (
          <p className="empty">No published posts yet.</p>
        ) : (
          <ListTable
            label="Top-performing posts table"
            columns={[
              "Title",
              numColumn("Views"),
              numColumn("Shares"),
              numColumn("Comments"),
              numColumn("Fediverse likes"),
              numColumn("Fediverse boosts"),
            ]}
          >
            {data.topPosts.map((post) => (
              <tr key={post.url}>
                <td>
                  <a href={post.url}>{post.title}</a>
                </td>
                <td className="num" data-label="Views">
                  {post.views.toLocaleString("en")}
                </td>
                <td className="num" data-label="Shares">
                  {post.shares.toLocaleString("en")}
                </td>
                <td className="num" data-label="Comments">
                  {post.comments.toLocaleString("en")}
                </td>
                <td className="num" data-label="Fediverse likes">
                  {post.fediverseLikes.toLocaleString("en")}
                </td>
                <td className="num" data-label="Fediverse boosts">
                  {post.fediverseBoosts.toLocaleString("en")}
                </td>
              </tr>
            ))}
          </ListTable>
        )}
      </section>
    </>
  );
}
