/**
 * Markup the W3C checker would refuse, and the reader pages without
 * JavaScript: no form inside phrasing content (a <span>, <a>, <p>, <label>,
 * <button>), headings that never skip a level, every "Read More" named with
 * its post; the author page and its Load more; Save Draft's confirm step;
 * Dashboard › Statistics drawn as SVG with tables.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function markupProblems(page: Page) {
  return page.evaluate(() => {
    const problems: string[] = [];
    const phrasing = "span, a, p, label, button, em, strong, small, b, i, h1, h2, h3, h4, h5, h6";
    for (const form of document.querySelectorAll("form")) {
      const parent = form.parentElement?.closest(phrasing);
      if (parent) problems.push(`form inside <${parent.tagName.toLowerCase()}>`);
    }
    let last = 0;
    for (const h of document.querySelectorAll("h1, h2, h3, h4, h5, h6")) {
      const level = Number(h.tagName[1]);
      if (last && level > last + 1) {
        problems.push(`h${last} then h${level} ("${h.textContent?.trim().slice(0, 40)}")`);
      }
      last = level;
    }
    for (const a of document.querySelectorAll("a.read-more")) {
      if ((a.textContent ?? "").trim().toLowerCase() === "read more") {
        problems.push("a Read More link named only Read More");
      }
    }
    return problems;
  });
}

test.describe.configure({ timeout: 120_000 });

test("public pages: no form in phrasing content, no heading jump, named Read More", async ({
  page,
}) => {
  await page.goto("/category/crypto");
  const post = await page
    .locator("article.post-card .post-card-title a")
    .first()
    .getAttribute("href");
  const author = await page.locator("article.post-card a.byline-name").first().getAttribute("href");
  const found: Record<string, string[]> = {};
  for (const path of ["/", "/explore", "/category/crypto", "/tag/bitcoin", author, post]) {
    if (!path) throw new Error("no post or author link on the crypto page");
    await page.goto(path);
    const problems = await markupProblems(page);
    if (problems.length) found[path] = problems;
  }
  expect(found).toEqual({});
});

test("back-office screens: no form in phrasing content, no heading jump", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  const found: Record<string, string[]> = {};
  for (const path of [
    "/admin/posts",
    "/admin/dashboard",
    "/admin/analytics",
    "/admin/users",
    "/admin/users/profile?mode=edit",
    "/admin/mail/subscribers-list",
    "/admin/media/library",
  ]) {
    await page.goto(path);
    const problems = await markupProblems(page);
    if (problems.length) found[path] = problems;
  }
  expect(found).toEqual({});
});

test("an author page: photo, name, posts 10 at a time with Load more, its feed; bylines link to it", async ({
  page,
}) => {
  await page.goto("/category/crypto");
  const byline = page.locator("article.post-card a.byline-name").first();
  const name = (await byline.textContent())?.trim() ?? "";
  await byline.click();
  await expect(page).toHaveURL(/\/author\/[a-z0-9-]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(name);
  const cards = page.locator("article.post-card");
  const shown = await cards.count();
  expect(shown).toBeGreaterThan(0);
  expect(shown).toBeLessThanOrEqual(10);
  const feed = await page
    .locator('link[rel="alternate"][type="application/rss+xml"][href*="/author/"]')
    .getAttribute("href");
  expect(feed).toMatch(/\/author\/[a-z0-9-]+\/rss\.xml$/);
  const total = Number(
    (await page.locator(".section-header .muted").first().textContent())?.split(" ")[0],
  );
  if (total > 10) {
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(cards).toHaveCount(Math.min(20, total));
  }
  const res = await page.request.get(new URL(feed ?? "", page.url()).pathname);
  expect(res.status()).toBe(200);
  expect(await res.text()).toContain("<rss");
});

test("Save Draft on a published post asks first, and only the confirmation unpublishes it", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto("/admin/posts?status=published");
  await page.locator("a[aria-label^='Edit “']").first().click();
  await expect(page.getByTestId("post-status")).toHaveText("Published");
  const url = await page.locator(".admin-page-header a").first().getAttribute("href");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByText("This takes the post off the site")).toBeVisible();
  // A reader (no session cookie) still sees it.
  const asReader = async () => (await fetch(new URL(url ?? "/", page.url()))).status;
  expect(await asReader()).toBe(200);
  await page.getByRole("button", { name: "Save as draft (unpublish)" }).click();
  await expect(page.getByTestId("post-status")).toHaveText("Draft");
  expect(await asReader()).toBe(404);
  // Put it back for the other tests.
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByTestId("post-status")).toHaveText("Published");
});

test("Dashboard › Statistics: three SVG charts, each with a table and its total", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto("/admin/dashboard");
  const charts = page.locator("figure.chart");
  await expect(charts).toHaveCount(3);
  for (let i = 0; i < 3; i++) {
    const chart = charts.nth(i);
    await expect(chart.locator("svg[role=img]")).toHaveCount(1);
    const cells = await chart.locator("tbody td").allTextContents();
    const sum = cells.reduce((s, c) => s + Number(c), 0);
    await expect(chart.locator("tfoot td")).toHaveText(String(sum));
  }
});
