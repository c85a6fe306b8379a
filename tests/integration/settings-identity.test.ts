/**
 * Settings › Site Identity, observed in the rendered pages, the feed and the
 * posts of a deleted author (docs/behaviour.md §site).
 */
import { eq } from "drizzle-orm";
import { createElement } from "react";
import { renderToString } from "react-dom/server";
import { createRoutesStub, Outlet } from "react-router";
import { ThemeProvider } from "remix-themes";
import { beforeAll, describe, expect, it } from "vitest";
import { posts, settings, users } from "#db/schema";
import { runFirstRun } from "#db/seed";
import { toSessionUser } from "~/domain/access/actor.server";
import { getSiteInfo, siteTimeZone, updateSettings } from "~/domain/site/settings.server";
import { deleteUser } from "~/domain/users/users.server";
import { getDb } from "~/platform/db.server";
import { action as settingsAction } from "~/routes/admin.settings";
import { loader as rssLoader } from "~/routes/feeds/rss";
import Home, { loader as homeLoader } from "~/routes/home";
import PublicLayout from "~/routes/public-layout";
import ReachOut, { loader as reachOutLoader } from "~/routes/reach-out";
import { formatSiteDate } from "~/utils/site-date";
import { settle } from "../helpers";
import { BASE, sessionCookie } from "./fixtures";

const admin = () =>
  toSessionUser(getDb().select().from(users).where(eq(users.role, "Administrator")).get()!);

beforeAll(() => {
  runFirstRun(getDb(), {
    adminEmail: "admin@inkwell.test",
    adminPassword: undefined,
    seedDemo: true,
  });
});

function render(path: string, Page: unknown, pageData: unknown = null): string {
  const Stub = createRoutesStub([
    {
      id: "root",
      path: "/",
      Component: () =>
        createElement(ThemeProvider, {
          specifiedTheme: null,
          themeAction: "/action/set-theme",
          children: createElement(Outlet),
        }),
      children: [
        {
          id: "layout",
          Component: PublicLayout as never,
          children: [
            {
              id: "page",
              path: path === "/" ? undefined : path.slice(1),
              index: path === "/" ? true : undefined,
              Component: Page as never,
            } as never,
          ],
        },
      ],
    },
  ]);
  return renderToString(
    createElement(Stub, {
      initialEntries: [path],
      hydrationData: {
        loaderData: { root: { site: getSiteInfo(getDb()) }, layout: null, page: pageData },
      },
    }),
  );
}

describe("Site identity", () => {
  it("is saved by the Settings form and shown on Reach Out, in the header and the footer", async () => {
    const cookie = await sessionCookie(admin());
    const body = new URLSearchParams({
      siteName: "Inkwell",
      maxImageSize: "5",
      contactEditorial: "Desk@Example.org",
      contactBusiness: "",
      contactMedia: "press@example.org",
      postalAddress: "2 Quay Street, Harbourtown",
      socialX: "",
      socialMastodon: "https://mastodon.example/@inkwell",
      copyrightHolder: "Inkwell Media Ltd",
      timeZone: "Europe/Berlin",
    });
    const saved = await settle(
      settingsAction,
      new Request(`${BASE}/admin/settings`, { method: "POST", body, headers: { Cookie: cookie } }),
    );
    expect(saved.status).toBe(303);
    expect(getDb().select().from(settings).get()).toMatchObject({
      contactEditorial: "desk@example.org",
      timeZone: "Europe/Berlin",
    });

    const html = render("/reach-out", ReachOut, reachOutLoader());
    expect(html).toContain('href="mailto:desk@example.org"');
    expect(html).toContain('href="mailto:press@example.org"');
    expect(html).not.toContain("Advertising, sponsorships"); // no business address: no section
    expect(html).toContain("2 Quay Street, Harbourtown");
    expect(html).toContain('href="https://mastodon.example/@inkwell"');
    expect(html).not.toMatch(/Inkwell on X/); // empty profiles are not shown
    expect(html).toContain("Inkwell Media Ltd<!-- -->. All rights reserved.");
  });

  it("puts dates in the site's time zone", () => {
    updateSettings(admin(), { timeZone: "Asia/Tokyo" });
    expect(siteTimeZone(getDb())).toBe("Asia/Tokyo");
    const html = render("/", Home, homeLoader());
    const first = getDb().select().from(posts).where(eq(posts.status, "published")).get()!;
    expect(formatSiteDate(new Date("2026-01-01T00:00:00Z"), "Asia/Tokyo")).toMatch(/09:00/);
    expect(html).toMatch(/title="\d{1,2} \w{3} \d{4}, \d{2}:\d{2} GMT\+9"/);
    expect(first).toBeTruthy();
    expect(() => updateSettings(admin(), { timeZone: "Mars/Olympus" })).toThrow(/IANA/);
    updateSettings(admin(), { timeZone: "UTC" });
  });

  it("names the copyright holder and the editorial address in the feed", async () => {
    updateSettings(admin(), { copyrightHolder: "Feed Holder", contactEditorial: "ed@example.org" });
    const xml = await (rssLoader() as Response).text();
    expect(xml).toMatch(/<copyright>© \d{4} Feed Holder<\/copyright>/);
    expect(xml).toContain("<managingEditor>ed@example.org (Inkwell)</managingEditor>");
  });
});

describe("a deleted author", () => {
  it("keeps their name on their posts", () => {
    const db = getDb();
    const post = db.select().from(posts).where(eq(posts.status, "published")).get()!;
    const author = db.select().from(users).where(eq(users.id, post.authorId!)).get()!;
    if (author.role === "Administrator") throw new Error("the first post's author is the admin");
    deleteUser(admin(), author.uid);
    const html = render("/", Home, homeLoader());
    expect(html).toContain(author.name);
    expect(html).not.toContain("Inkwell Staff");
  });
});
