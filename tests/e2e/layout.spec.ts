/**
 * Layout measured in the browser (element boxes and scroll widths), at 375 px and 1280 px: nothing
 * wider than the screen, nothing on top of its label, nothing left without its label on a phone.
 */
import type { Page } from "@playwright/test";
import { type E2EServer, expect, test } from "./fixtures";

const PHONE = { width: 375, height: 800 };
const DESKTOP = { width: 1280, height: 900 };

/** How far the page is wider than the window (0 when it fits). */
const overflow = (page: Page) =>
  page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);

function publishedPost(server: E2EServer, withCard = false) {
  return server.queryOne<{ id: number; url: string; title: string }>(
    `SELECT id, url, title FROM posts WHERE status = 'published' ${
      withCard ? "AND social_card IS NOT NULL" : ""
    } ORDER BY id LIMIT 1`,
  );
}

test("a post's social card fits a 375 px phone", async ({ page, server }) => {
  const post = publishedPost(server, true);
  await page.setViewportSize(PHONE);
  await page.goto(post.url);
  const card = page.getByTestId("social-card");
  await expect(card).toBeVisible();
  const box = await card.boundingBox();
  expect(box).not.toBeNull();
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(PHONE.width);
  expect(Math.round(box?.width ?? 0)).toBe(Math.round(box?.height ?? 0)); // still square
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test("a long unbroken title wraps instead of widening the page", async ({ page, server }) => {
  const post = publishedPost(server);
  const long = `Un${"breakable".repeat(30)}`;
  server.withDb((db) => db.prepare("UPDATE posts SET title = ? WHERE id = ?").run(long, post.id));
  try {
    for (const size of [DESKTOP, PHONE]) {
      await page.setViewportSize(size);
      await page.goto(post.url);
      await expect(page.getByRole("heading", { level: 1 })).toContainText("Unbreakable");
      expect(await overflow(page), `${size.width} px`).toBeLessThanOrEqual(0);
    }
  } finally {
    server.withDb((db) =>
      db.prepare("UPDATE posts SET title = ? WHERE id = ?").run(post.title, post.id),
    );
  }
});

test("bylines keep the time on the author's line at 375 px", async ({ page }) => {
  await page.setViewportSize(PHONE);
  await page.goto("/");
  const bylines = page.locator(".post-grid .byline");
  expect(await bylines.count()).toBeGreaterThan(0);
  const lines = await bylines.evaluateAll((all) =>
    all.map((b) => {
      const name = b.querySelector(".byline-name")?.getBoundingClientRect();
      const when = b.querySelector(".byline-when")?.getBoundingClientRect();
      return name && when
        ? Math.abs(name.top + name.height / 2 - (when.top + when.height / 2))
        : 99;
    }),
  );
  for (const offset of lines) expect(offset).toBeLessThan(4);
});

test("the comment form's button and text box are styled", async ({ page, server }) => {
  await page.goto(publishedPost(server).url);
  const form = page.locator("form#respond");
  const padding = (selector: string) =>
    form
      .locator(selector)
      .first()
      .evaluate((el) => Number.parseFloat(getComputedStyle(el).paddingLeft));
  expect(await padding("button[type=submit]")).toBeGreaterThanOrEqual(8);
  expect(await padding("textarea")).toBeGreaterThanOrEqual(8);
  const button = form.getByRole("button", { name: "Post Comment" });
  const height = (await button.boundingBox())?.height ?? 0;
  expect(height).toBeGreaterThanOrEqual(44);
});

test("Settings › Home Page: no control sits on its label at 375 px", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  await page.setViewportSize(PHONE);
  await page.goto("/admin/settings");
  const home = page.getByRole("group", { name: "Home Page" });
  const controls = home.locator("select, input");
  expect(await controls.count()).toBe(8);
  const overlaps = await controls.evaluateAll((all) =>
    all.map((control) => {
      const label = control.id
        ? document.querySelector(`label[for="${control.id}"]`)
        : control.closest("label");
      const text = label?.firstChild;
      if (!text) return `${control.getAttribute("name")}: no label`;
      const range = document.createRange();
      range.selectNode(text);
      const words = range.getBoundingClientRect();
      const box = control.getBoundingClientRect();
      const clear = words.bottom <= box.top + 1 || box.right <= words.left;
      return clear && box.right <= window.innerWidth ? "" : `${control.getAttribute("name")}`;
    }),
  );
  expect(overlaps.filter(Boolean)).toEqual([]);
  expect(await overflow(page)).toBeLessThanOrEqual(0);
});

test("Analytics' top posts name each number at 375 px", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  await page.setViewportSize(PHONE);
  await page.goto("/admin/analytics");
  const cells = page.locator(".admin-table tbody td.num");
  expect(await cells.count()).toBeGreaterThan(0);
  const labels = await cells.evaluateAll((all) =>
    all.map((td) => getComputedStyle(td, "::before").content),
  );
  for (const label of labels)
    expect(label).toMatch(/^"(Views|Shares|Comments|Fediverse likes|Fediverse boosts)"$/);
});

test("Add Post on a phone shows every tag, with no inner scroll", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  await page.setViewportSize(PHONE);
  await page.goto("/admin/posts/add");
  const tags = page.getByRole("group", { name: "Tags" });
  await expect(tags).toBeVisible();
  const hidden = await tags.evaluate((el) => el.scrollHeight - el.clientHeight);
  expect(hidden).toBeLessThanOrEqual(1);
});
