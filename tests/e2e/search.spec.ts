/**
 * Reader search (docs/behaviour.md §search), with JavaScript off and on: the header's box leads to
 * the results, the matched words are marked, odd input is an ordinary page, and an unpublished
 * post is never found.
 */
import { expect, test } from "./fixtures";

test("the header's search box finds posts by a word of their text", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const box = page.getByRole("search").first().getByLabel("Search articles");
  await box.fill("bitcoin");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=bitcoin$/);
  await expect(page.getByRole("heading", { level: 1, name: "Search" })).toBeVisible();
  await expect(page.getByRole("status")).toContainText("for “bitcoin”");
  const cards = page.locator(".search-page article.post-card");
  expect(await cards.count()).toBeGreaterThan(0);
  await expect(page.locator(".post-card-snippet mark").first()).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("the mobile menu has the search box too", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto("/explore");
  await page.getByLabel("Menu").click();
  const box = page.getByLabel("Search articles").last();
  await box.fill("market");
  await box.press("Enter");
  await expect(page).toHaveURL(/\/search\?q=market$/);
});

test("odd input is read as words, no match says so and points to Explore", async ({ page }) => {
  for (const q of ['"unbalanced', "NEAR(", "*", "AND OR", "x".repeat(1000)]) {
    const res = await page.goto(`/search?q=${encodeURIComponent(q)}`);
    expect(res?.status()).toBe(200);
  }
  await page.goto("/search?q=%3Cb%3Enothingmatchesthis%3C%2Fb%3E");
  await expect(page.getByText("No posts match your search")).toBeVisible();
  await expect(page.getByRole("link", { name: "Explore page" })).toBeVisible();
  expect(await page.locator(".search-page b").count()).toBe(0);
});

test("a draft is never found by readers; publishing makes it findable at once", async ({
  page,
  server,
}) => {
  const word = `zanzibarquokka${test.info().project.name.replace(/\W/g, "")}`;
  const id = server.queryOne<{ id: number }>(
    "select id from posts where status = 'published' order by id limit 1",
  ).id;
  server.withDb((db) =>
    db
      .prepare("update posts set status = 'draft', content = content || ? where id = ?")
      .run(`<p>${word}</p>`, id),
  );
  await page.goto(`/search?q=${word}`);
  await expect(page.getByText("No posts match your search")).toBeVisible();
  server.withDb((db) => db.prepare("update posts set status = 'published' where id = ?").run(id));
  await page.goto(`/search?q=${word}`);
  await expect(page.locator(".search-page article.post-card")).toHaveCount(1);
});
