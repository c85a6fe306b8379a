/**
 * Static pages (docs/behaviour.md §pages): saving with the slug rules, the
 * public route, header and footer navigation, the sitemap, the Pages screens
 * and their permission, against a real SQLite file.
 */
import { beforeEach, describe, expect, test } from "vitest";
import {
  deletePage,
  listPages,
  navigationPages,
  pageCounts,
  savePage,
  setPageStatus,
} from "~/domain/pages/pages.server";
import { SITE_PAGES } from "~/domain/pages/vocabulary";
import { pagesSitemap } from "~/domain/posts/feeds.server";
import { getDb } from "~/platform/db.server";
import { action as addAction } from "~/routes/admin.pages-add";
import { action as editAction, loader as editLoader } from "~/routes/admin.pages-edit";
import { loader as mediaLoader } from "~/routes/media-policy";
import { loader as pagePublicLoader } from "~/routes/page";
import { loader as privacyLoader } from "~/routes/privacy-policy";
import { loader as layoutLoader } from "~/routes/public-layout";
import { loader as reachOutLoader } from "~/routes/reach-out";
import { resetDatabase, settle } from "../helpers";
import { BASE, caught, makeUser, sessionCookie, setupNewsroom, tableCounts } from "./fixtures";

let env: ReturnType<typeof setupNewsroom>;
/** Reach Out and the two policies, seeded by migration 0028. */
const SITE_PAGE_COUNT = Object.keys(SITE_PAGES).length;
const about = {
  title: "About Us",
  slug: "",
  summary: "Who we are",
  content: "<p>We write.</p><script>alert(1)</script>",
  status: "published",
  nav: "footer",
  navOrder: 2,
};

beforeEach(() => {
  resetDatabase();
  env = setupNewsroom();
});

describe("pages", () => {
  test("a published page is served at its slug, sanitised, and linked where asked", async () => {
    const page = savePage(env.staff.admin, getDb(), about);
    expect(page.slug).toBe("about-us");
    const res = await settle(pagePublicLoader, new Request(`${BASE}/about-us`), {
      slug: "about-us",
    });
    expect(res.status).toBe(200);
    expect(res.data.content).toBe("<p>We write.</p>");
    savePage(env.staff.admin, getDb(), {
      ...about,
      title: "Masthead",
      nav: "header",
      navOrder: 1,
    });
    savePage(env.staff.admin, getDb(), { ...about, title: "Contact", navOrder: 1 });
    const nav = navigationPages(getDb());
    expect(nav.footer.map((p) => p.slug)).toEqual(["contact", "about-us"]);
    expect(nav.header.map((p) => p.slug)).toEqual(["masthead"]);
    expect(
      layoutLoader({ request: new Request("http://localhost/") } as Parameters<
        typeof layoutLoader
      >[0]).nav.footer,
    ).toHaveLength(2);
    expect(pagesSitemap()).toContain("/about-us</loc>");
  });

  test("drafts and trashed pages are 404 and left out of navigation and the sitemap", async () => {
    const page = savePage(env.staff.admin, getDb(), { ...about, status: "draft" });
    const get = () =>
      settle(pagePublicLoader, new Request(`${BASE}/about-us`), { slug: "about-us" });
    expect((await get()).status).toBe(404);
    expect(navigationPages(getDb()).footer).toEqual([]);
    expect(pagesSitemap()).not.toContain("/about-us<");
    setPageStatus(env.staff.admin, getDb(), page.id, "published");
    expect((await get()).status).toBe(200);
    setPageStatus(env.staff.admin, getDb(), page.id, "trash");
    expect((await get()).status).toBe(404);
    expect(pageCounts(env.staff.admin, getDb())).toMatchObject({ all: SITE_PAGE_COUNT, trash: 1 });
    deletePage(env.staff.admin, getDb(), page.id);
    expect(pageCounts(env.staff.admin, getDb()).trash).toBe(0);
  });

  test("slugs of existing routes, numbers, bad characters and duplicates are refused", async () => {
    const before = tableCounts();
    for (const slug of [
      "admin",
      "explore",
      "reach-out",
      "category",
      "sitemap.xml",
      "123",
      "A B!",
    ]) {
      const err = await caught(() => savePage(env.staff.admin, getDb(), { ...about, slug }));
      expect(err.status, slug).toBe(400);
    }
    expect(
      (await caught(() => savePage(env.staff.admin, getDb(), { ...about, title: "" }))).status,
    ).toBe(400);
    expect(tableCounts()).toEqual(before);
    savePage(env.staff.admin, getDb(), about);
    const dup = await caught(() => savePage(env.staff.admin, getDb(), about));
    expect(dup.status).toBe(400);
    expect(dup.message).toContain("another page");
  });

  test("only Administrators write pages; the Add Page form saves without JavaScript", async () => {
    for (const who of ["editor", "author", "contributor"] as const) {
      expect((await caught(() => savePage(env.staff[who], getDb(), about))).status).toBe(403);
    }
    const form = (cookie: string) =>
      new Request(`${BASE}/admin/pages/add`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        body: new URLSearchParams({ ...about, navOrder: "2" }),
      });
    const editor = await settle(addAction, form(await sessionCookie(makeUser("Editor"))));
    expect(editor.status).toBe(403);
    const ok = await settle(addAction, form(await sessionCookie(makeUser("Administrator"))));
    expect(ok.status).toBe(303);
    expect(ok.location).toMatch(/^\/admin\/pages\/edit\/\d+$/);
    expect(pageCounts(env.staff.admin, getDb()).published).toBe(SITE_PAGE_COUNT + 1);
  });

  test("Reach Out and the policies are seeded pages with the site's text, served at their addresses", async () => {
    for (const [slug, loader, words] of [
      ["reach-out", reachOutLoader, "We read everything our readers send us."],
      ["privacy-policy", privacyLoader, "We collect as little as we can."],
      ["media-policy", mediaLoader, "You are welcome to quote short passages"],
    ] as const) {
      const { page } = loader();
      expect(page.slug).toBe(slug);
      expect(page.content).toContain(words);
      expect(listPages(env.staff.admin, getDb(), "published").map((p) => p.slug)).toContain(slug);
      expect(pagesSitemap()).toContain(`/${slug}</loc>`);
    }
    // Listed once in the sitemap, as pages.
    expect(pagesSitemap().match(/\/reach-out<\/loc>/g)).toHaveLength(1);
  });

  test("the Administrator edits a site page in the Pages screen; its address, status and links are fixed", async () => {
    const row = listPages(env.staff.admin, getDb(), "all").find(
      (p) => p.slug === "privacy-policy",
    )!;
    const cookie = await sessionCookie(makeUser("Administrator"));
    const form = (fields: Record<string, string>) =>
      new Request(`${BASE}/admin/pages/edit/${row.id}`, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Cookie: cookie },
        // The edit form of a site page has no Slug nor Navigation fields.
        body: new URLSearchParams({
          title: "Privacy",
          summary: "What we keep",
          content: "<p>We keep almost nothing.</p>",
          status: "published",
          ...fields,
        }),
      });
    const params = { id: String(row.id) };
    const edit = await settle(
      editLoader,
      new Request(`${BASE}/admin/pages/edit/${row.id}`, { headers: { Cookie: cookie } }),
      params,
    );
    expect(edit.data.siteAdds).toContain("editorial address");
    const ok = await settle(editAction, form({}), params);
    expect(ok.status).toBe(303);
    expect(ok.location).toBe(`/admin/pages/edit/${row.id}`);
    expect(privacyLoader().page).toMatchObject({
      title: "Privacy",
      summary: "What we keep",
      content: "<p>We keep almost nothing.</p>",
      slug: "privacy-policy",
    });

    const before = tableCounts();
    for (const [fields, message] of [
      [{ slug: "privacy" }, "is fixed"],
      [{ status: "draft" }, "stays published"],
      [{ nav: "footer" }, "already linked"],
    ] as const) {
      const refused = await settle(editAction, form(fields), params);
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(refused.data.error).toContain(message);
    }
    for (const act of [
      () => setPageStatus(env.staff.admin, getDb(), row.id, "trash"),
      () => deletePage(env.staff.admin, getDb(), row.id),
    ]) {
      expect((await caught(act)).status).toBe(400);
    }
    expect(tableCounts()).toEqual(before);
    expect(privacyLoader().page.title).toBe("Privacy");
  });
});
