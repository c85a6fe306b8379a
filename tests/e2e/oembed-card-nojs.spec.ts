/**
 * The embed card `/embed/{id}` (docs/integrations.md "oEmbed") as the real server answers it,
 * without JavaScript: it renders, carries no script and sets no cookie, may be framed anywhere
 * (its own policy, no X-Frame-Options), and passes axe in light and dark.
 */
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

test("the embed card renders, frameable, scriptless, accessible", async ({
  page,
  server,
  browser,
}) => {
  const post = server.queryOne<{ id: number; title: string; url: string }>(
    "select id, title, url from posts where status = 'published' and visibility = 'public' order by id limit 1",
  );
  const response = await page.goto(`/embed/${post.id}`);
  expect(response?.status()).toBe(200);
  const headers = response?.headers() ?? {};
  expect(headers["set-cookie"]).toBeUndefined();
  expect(headers["x-frame-options"]).toBeUndefined();
  expect(headers["content-security-policy"]).toContain("frame-ancestors *");
  expect(headers["content-security-policy"]).not.toContain("frame-ancestors 'self'");
  await expect(page.getByRole("heading", { level: 1 })).toContainText(post.title);
  await expect(page.locator("script")).toHaveCount(0);
  const link = page.locator("h1 a");
  await expect(link).toHaveAccessibleName(/opens in a new tab/);
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveAttribute("href", `${server.url}${post.url}`);
  // axe runs in the page: a second context, with JavaScript, checks the same card in each scheme.
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ javaScriptEnabled: true, colorScheme });
    try {
      const checked = await context.newPage();
      await checked.goto(`${server.url}/embed/${post.id}`);
      expect(await seriousViolations(checked), colorScheme).toEqual([]);
    } finally {
      await context.close();
    }
  }
});

test("an unknown card is a 404", async ({ page }) => {
  const response = await page.goto("/embed/999999");
  expect(response?.status()).toBe(404);
});
