/**
 * Dashboard › Statistics: views per day, new subscribers per day and posts
 * published per week, from the database, drawn as SVG with a table whose
 * totals are right.
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { beforeAll, describe, expect, it } from "vitest";
import { subscribers } from "#db/schema";
import { BarChart } from "~/components/admin/bar-chart";
import { getStatistics } from "~/domain/site/statistics.server";
import { getDb } from "~/platform/db.server";
import { bufferView, flushViews } from "~/platform/view-buffer.server";
import { loader as dashboardLoader } from "~/routes/admin.dashboard";
import { routeArgs } from "../helpers";
import { BASE, makePost, makeSubscriber, sessionCookie, setupNewsroom } from "./fixtures";

const DAY = 24 * 60 * 60 * 1000;
let n: ReturnType<typeof setupNewsroom>;

beforeAll(() => {
  n = setupNewsroom();
  const now = Date.now();
  const a = makePost({ title: "Counted one", author: n.staff.author });
  const b = makePost({ title: "Counted two", author: n.staff.author });
  makePost({ title: "Last week", author: n.staff.author, timestamp: new Date(now - 7 * DAY) });
  makePost({ title: "Long ago", author: n.staff.author, timestamp: new Date(now - 200 * DAY) });
  makePost({ title: "A draft", author: n.staff.author, status: "draft" });
  for (let i = 0; i < 3; i++) bufferView(n.db, a.id);
  for (let i = 0; i < 4; i++) bufferView(n.db, b.id);
  flushViews();
  makeSubscriber("one@example.com", ["News"]);
  makeSubscriber("two@example.com", ["News"]);
  const old = makeSubscriber("old@example.com", ["News"]);
  getDb()
    .update(subscribers)
    .set({ timestamp: new Date(now - 40 * DAY) })
    .where(eq(subscribers.id, old))
    .run();
});

describe("Dashboard › Statistics", () => {
  it("counts today's views, the last 30 days' subscribers and the last 12 weeks' published posts", () => {
    const s = getStatistics(n.staff.admin as never);
    expect(s.viewsPerDay.points).toHaveLength(30);
    expect(s.viewsPerDay.total).toBe(7);
    expect(s.viewsPerDay.points.at(-1)).toEqual({
      label: new Date().toISOString().slice(0, 10),
      value: 7,
    });
    expect(s.subscribersPerDay.total).toBe(2);
    expect(s.postsPerWeek.points).toHaveLength(12);
    expect(s.postsPerWeek.total).toBe(3);
    expect(s.postsPerWeek.points.at(-1)?.value).toBe(2);
    expect(s.postsPerWeek.points.at(-2)?.value).toBe(1);
    // Weeks start on Monday.
    for (const p of s.postsPerWeek.points) expect(new Date(p.label).getUTCDay()).toBe(1);
  });

  it("is for Administrators only", () => {
    expect(() => getStatistics(n.staff.editor as never)).toThrow(/Administrator/);
  });

  it("the dashboard draws each as an SVG with a table holding every value and the total", async () => {
    const { apiKey: _k, passwordHash: _h, ...admin } = n.staff.admin;
    const data = await dashboardLoader(
      routeArgs(
        new Request(`${BASE}/admin/dashboard`, { headers: { Cookie: await sessionCookie(admin) } }),
      ),
    );
    const html = renderToString(
      createElement(BarChart, {
        title: "Views per day",
        unit: "views",
        labelHeading: "Day",
        ...data.statistics.viewsPerDay,
      }),
    );
    expect(html).toContain("<svg");
    expect(html.match(/<rect/g)).toHaveLength(30);
    expect(html).toMatch(/<tfoot><tr><th scope="row">Total<\/th><td>7<\/td><\/tr><\/tfoot>/);
    expect(html.match(/<tbody>.*<\/tbody>/s)?.[0].match(/<tr>/g)).toHaveLength(30);
  });
});
