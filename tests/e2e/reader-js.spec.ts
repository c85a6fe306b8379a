/** What only JavaScript adds: carousel buttons, the PNG export, the unload beacon. */
import { readFileSync } from "node:fs";
import { imageSize } from "image-size";
import { expect, test } from "./fixtures";

// Independent tests (each reads or writes only what it sets up): any worker may take any of them.
test.describe.configure({ mode: "parallel" });

test.beforeEach(({ javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "needs JavaScript");
});

test("a page hydrates from the loader data written into it, without a request for data", async ({
  page,
}) => {
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  page.on("console", (message) => {
    if (message.type() === "error") errors.push(message.text());
  });
  const dataRequests: string[] = [];
  page.on("request", (request) => {
    if (request.url().includes(".data")) dataRequests.push(request.url());
  });
  const html = await (await page.request.get("/category/crypto")).text();
  // The whole serialised data, then the stream's close (entry.server.tsx settleHandoff).
  expect(html).toMatch(/streamController\.enqueue\(".+"\);/);
  expect(html).toContain("window.__reactRouterContext.streamController.close();");
  await page.goto("/category/crypto");
  const loaded = await page.waitForFunction(() => {
    const router = (
      window as unknown as {
        __reactRouterDataRouter?: { state: { initialized: boolean; loaderData: object } };
      }
    ).__reactRouterDataRouter;
    return router?.state.initialized ? Object.keys(router.state.loaderData) : null;
  });
  expect(await loaded.jsonValue()).toEqual(expect.arrayContaining(["root"]));
  expect(dataRequests).toEqual([]);
  expect(errors).toEqual([]);
});

test("a menu link fetches its page ahead on hover, then navigates without a reload", async ({
  page,
}) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await page.evaluate(() => {
    (window as unknown as { stayed: boolean }).stayed = true;
  });
  const explore = page
    .getByRole("navigation", { name: "Main", exact: true })
    .getByRole("link", { name: "Explore" });
  await explore.hover();
  // React Router's prefetch links for the page's data.
  await expect(page.locator('link[rel="prefetch"][href*="explore"]')).toHaveCount(1);
  await explore.click();
  await expect(page).toHaveURL(/\/explore$/);
  await expect(explore).toHaveAttribute("aria-current", "page");
  expect(await page.evaluate(() => (window as unknown as { stayed?: boolean }).stayed)).toBe(true);
});

test("the carousel wraps around both ways", async ({ page }) => {
  await page.goto("/");
  const section = page.getByRole("region", { name: "Crypto Updates", exact: true });
  const position = section.locator(".carousel-position");
  await expect(position).toHaveText(/^1 of (\d+)$/);
  const total = Number((await position.textContent())?.split(" of ")[1]);
  const items = section.locator(".carousel-item");
  await section.getByRole("button", { name: "Previous: Crypto Updates" }).click();
  await expect(position).toHaveText(`${total} of ${total}`);
  await expect(items.last()).toBeInViewport();
  await section.getByRole("button", { name: "Next: Crypto Updates" }).click();
  await expect(position).toHaveText(`1 of ${total}`);
  await expect(items.first()).toBeInViewport();
});

test("at 1280 px every Next moves the carousel until it wraps to the start", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  const section = page.getByRole("region", { name: "Sponsored", exact: true });
  const track = section.locator(".carousel-track");
  const position = section.locator(".carousel-position");
  // Four cards show at once, so the positions are fewer than the cards.
  await expect(position).toHaveText(/^1 of (\d+)$/);
  const cards = await section.locator(".carousel-item").count();
  const total = Number((await position.textContent())?.split(" of ")[1]);
  expect(total).toBeLessThan(cards);
  let left = await track.evaluate((t) => t.scrollLeft);
  for (let i = 2; i <= total; i++) {
    await section.getByRole("button", { name: "Next: Sponsored" }).click();
    await expect(position).toHaveText(`${i} of ${total}`);
    await expect.poll(() => track.evaluate((t) => t.scrollLeft)).toBeGreaterThan(left + 50);
    left = await track.evaluate((t) => t.scrollLeft);
  }
  // The last step scrolls smoothly: wait until it has reached the end.
  await expect
    .poll(() => track.evaluate((t) => t.scrollLeft - (t.scrollWidth - t.clientWidth - 1)))
    .toBeGreaterThanOrEqual(0);
  await section.getByRole("button", { name: "Next: Sponsored" }).click();
  await expect(position).toHaveText(`1 of ${total}`);
  await expect.poll(() => track.evaluate((t) => t.scrollLeft)).toBe(0);
});

test("the social card downloads as a 500×500 PNG", async ({ page }) => {
  await page.goto("/category/freshly-pressed");
  await page.locator("article.post-card .post-card-title a").first().click();
  await expect(page.getByTestId("social-card")).toBeVisible();
  const download = page.waitForEvent("download");
  await page.getByRole("button", { name: "Download PNG" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^social-card-\d+\.png$/);
  const bytes = readFileSync(await file.path());
  expect(imageSize(bytes)).toMatchObject({ width: 500, height: 500, type: "png" });
});

test("leaving a post sends the visit beacon, which changes the metrics", async ({
  page,
  server,
}) => {
  await page.goto("/category/crypto");
  await page.locator("article.post-card .post-card-title a").first().click();
  await expect(page).toHaveURL(/\/\d+\/crypto\/[^/]+$/);
  await expect(page.getByRole("button", { name: /Like/ })).toBeVisible();
  const id = Number(new URL(page.url()).pathname.split("/")[1]);
  const metrics = () =>
    server.queryOne<{ b: number; a: number }>(
      "select bounce_rate as b, avg_time_seconds as a from posts where id = ?",
      id,
    );
  const before = metrics();
  const beacon = page.waitForRequest(
    (r) => r.url().endsWith(`/posts/update/${id}`) && r.method() === "POST",
  );
  await page.getByRole("link", { name: "Explore" }).first().click();
  const body = JSON.parse((await beacon).postData() ?? "{}");
  expect(typeof body.avgTime).toBe("number");
  // A visit of a second or two is a bounce: +5, clamped to 100 (docs/behaviour.md §engagement).
  await expect.poll(() => metrics().b).toBe(Math.min(100, before.b + 5));
});
