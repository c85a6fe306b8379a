/**
 * The reader's flows, run in both projects (JavaScript off and on).
 * With JavaScript, a marker on `window` proves a flow made no full reload.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Independent tests (each reads or writes only what it sets up): any worker may take any of them.
test.describe.configure({ mode: "parallel" });

async function markWindow(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await page.evaluate(() => Object.assign(window, { __noReload: 1 }));
}
async function expectNoReload(page: Page, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) {
    expect(await page.evaluate(() => (window as { __noReload?: number }).__noReload)).toBe(1);
  }
}

test("home shows all six sections with demo content", async ({ page }) => {
  await page.goto("/");
  const main = page.getByRole("main");
  await expect(
    main.getByRole("region", { name: "Featured story" }).getByRole("link").nth(1),
  ).toBeVisible();
  for (const name of [
    "This Week's Leading Conversations",
    "Freshly Pressed",
    "Sponsored",
    "Newsletters",
    "Crypto Updates",
  ]) {
    const section = main.getByRole("region", { name, exact: true });
    await expect(section.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(section.locator("h3 a, .leading-title").first()).toBeVisible();
  }
  await expect(main.getByRole("link", { name: "Load more: Freshly Pressed" })).toHaveAttribute(
    "href",
    "/category/freshly-pressed",
  );
  await expect(main.getByRole("link", { name: "Load more: Newsletters" })).toHaveAttribute(
    "href",
    "/category/newsletters",
  );
  await expect(main.getByRole("link", { name: "Load more: Crypto Updates" })).toHaveAttribute(
    "href",
    "/category/crypto",
  );
  await expect(main.getByPlaceholder("Your Name*")).toBeVisible();
});

test("explore links every category and #tag to its slug", async ({ page }) => {
  await page.goto("/explore");
  await expect(page.getByRole("link", { name: "Freshly Pressed" })).toHaveAttribute(
    "href",
    "/category/freshly-pressed",
  );
  await expect(page.getByRole("link", { name: "#Interest Rates" })).toHaveAttribute(
    "href",
    "/tag/interest-rates",
  );
  await page.getByRole("link", { name: "#Bitcoin" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "#Bitcoin" })).toBeVisible();
  await expect(page.locator("article.post-card").first()).toBeVisible();
  await expect(page.getByText(/^\d+ posts?$/)).toBeVisible();
});

test("a category's Load more grows by 10 and disappears at the end", async ({
  page,
  javaScriptEnabled,
}) => {
  await page.goto("/category/crypto");
  const total = Number((await page.getByText(/^\d+ posts$/).textContent())?.split(" ")[0]);
  expect(total).toBeGreaterThan(10);
  await expect(page.locator("article.post-card")).toHaveCount(10);
  await markWindow(page, javaScriptEnabled);
  for (let shown = 10; shown < total; shown += 10) {
    await page.getByRole("link", { name: "Load more" }).click();
    await expect(page.locator("article.post-card")).toHaveCount(Math.min(shown + 10, total));
  }
  await expect(page.getByRole("link", { name: "Load more" })).toHaveCount(0);
  await expectNoReload(page, javaScriptEnabled);
});

async function openPostWithCard(page: Page) {
  await page.goto("/category/freshly-pressed");
  await page.locator("article.post-card .post-card-title a").first().click();
  await expect(page).toHaveURL(/\/\d+\/freshly-pressed\/[^/]+$/);
  await expect(page.getByRole("button", { name: /Like/ })).toBeVisible();
  return page.url();
}

test("like: +1, and the heart stays red after a reload", async ({
  page,
  javaScriptEnabled,
  server,
}) => {
  const url = await openPostWithCard(page);
  const id = Number(new URL(url).pathname.split("/")[1]);
  const before = server.queryOne<{ likes: number }>(
    "select likes from posts where id = ?",
    id,
  ).likes;
  await markWindow(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Like this post" }).click();
  await expect(page.getByRole("button", { name: "Liked" })).toHaveAttribute("aria-pressed", "true");
  await expect(page.getByTestId("like-count")).toHaveText(String(before + 1));
  await expectNoReload(page, javaScriptEnabled);
  await expect
    .poll(
      () => server.queryOne<{ likes: number }>("select likes from posts where id = ?", id).likes,
    )
    .toBe(before + 1);
  await page.reload();
  await expect(page.getByRole("button", { name: "Liked" })).toBeVisible();
  await expect(page.locator(".like-button.is-liked")).toHaveCount(1);
});

test("a share link counts a share", async ({ page, context, server }) => {
  // Nothing leaves the machine: the networks' pages are answered locally.
  await context.route(/^https:\/\/(x\.com|www\.pinterest\.com|www\.facebook\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<p>shared</p>" }),
  );
  const url = await openPostWithCard(page);
  const id = Number(new URL(url).pathname.split("/")[1]);
  const shares = () =>
    server.queryOne<{ shares: number }>("select shares from posts where id = ?", id).shares;
  const before = shares();
  const popup = page.waitForEvent("popup");
  await page.getByRole("link", { name: "X", exact: true }).click();
  const tab = await popup;
  await expect(tab).toHaveURL(/^https:\/\/x\.com\/intent\/post\?url=http/);
  await expect.poll(shares).toBe(before + 1);
});

test("newsletter: join, join again with the same email, and a missing name", async ({
  page,
  javaScriptEnabled,
  server,
}, info) => {
  const email = `reader-${info.project.name}@example.com`;
  const count = () =>
    server.queryOne<{ n: number }>("select count(*) as n from subscribers where email = ?", email)
      .n;
  await page.goto("/reach-out");
  const form = page.locator("form").filter({ has: page.getByPlaceholder("Your Name*") });
  await expect(form.getByLabel("News Emails")).toBeChecked();
  await expect(form.getByLabel("Promotions & Offers")).toBeChecked();
  await expect(form.getByLabel("Music Updates")).not.toBeChecked();
  await markWindow(page, javaScriptEnabled);

  await form.getByPlaceholder("Your Name*").fill("Rea Der");
  await form.getByPlaceholder("Your Email*").fill(email);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.locator(".form-message.is-success")).toHaveText(/Thank you for subscribing/);
  await expect(form.getByPlaceholder("Your Name*")).toHaveValue("");
  await expect(form.getByPlaceholder("Your Email*")).toHaveValue("");
  expect(count()).toBe(1);

  await form.getByPlaceholder("Your Name*").fill("Rea Der");
  await form.getByPlaceholder("Your Email*").fill(email);
  await form.getByLabel("Music Updates").check();
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(form.locator(".form-message.is-success")).toHaveText(/already subscribed/);
  expect(count()).toBe(1);

  const other = `nobody-${info.project.name}@example.com`;
  await form.getByPlaceholder("Your Email*").fill(other);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.locator(".form-message.is-error")).toHaveText("Name is required");
  await expect(page.getByPlaceholder("Your Email*")).toHaveValue("");
  expect(
    server.queryOne<{ n: number }>("select count(*) as n from subscribers where email = ?", other)
      .n,
  ).toBe(0);
  await expectNoReload(page, javaScriptEnabled);
});

test("unsubscribe: the button posts, then an unknown email says so", async ({
  page,
  javaScriptEnabled,
  server,
}) => {
  const email = "amelia.hart@example.com";
  const row = server.queryOne<{ status: string } | undefined>(
    "select status from subscribers where email = ?",
    email,
  );
  expect(row).toBeDefined();
  await page.goto(`/unsubscribe?email=${encodeURIComponent(email)}`);
  await expect(page.getByText(email)).toBeVisible();
  await markWindow(page, javaScriptEnabled);
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.locator(".form-message.is-success")).toHaveText(
    "You have unsubscribed successfully!",
  );
  await expectNoReload(page, javaScriptEnabled);
  // Done: the question and its button are gone; the page says where to go next.
  await expect(page.getByRole("button", { name: "Unsubscribe" })).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Subscribe again" })).toHaveAttribute(
    "href",
    "/newsletter",
  );
  await expect
    .poll(
      () =>
        server.queryOne<{ status: string }>("select status from subscribers where email = ?", email)
          .status,
    )
    .toBe("Unsubscribed");

  await page.goto("/unsubscribe?email=stranger%40example.com");
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.locator(".form-message.is-error")).toHaveText(
    "We couldn't find a subscription for that email address.",
  );
});

test("reach out and both policies have their text and addresses", async ({ page }) => {
  await page.goto("/reach-out");
  await expect(page.getByRole("link", { name: "editorial@inkwell.test" })).toBeVisible();
  await expect(page.getByRole("link", { name: "business@inkwell.test" })).toBeVisible();
  await page.goto("/privacy-policy");
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await page.goto("/media-policy");
  await expect(
    page.getByRole("main").getByRole("link", { name: "media@inkwell.test" }),
  ).toBeVisible();
});

test("feeds, sitemap and robots answer for search engines", async ({ request }) => {
  const rss = await request.get("/rss.xml");
  expect(rss.headers()["content-type"]).toMatch(/application\/rss\+xml/);
  expect(await rss.text()).toMatch(/<rss version="2.0"[\s\S]*<item>[\s\S]*<\/rss>/);
  expect((await request.get("/category/crypto/rss.xml")).status()).toBe(200);
  expect((await request.get("/category/nope/rss.xml")).status()).toBe(404);
  const sitemap = await (await request.get("/sitemap.xml")).text();
  expect(sitemap).toContain("/category/freshly-pressed</loc>");
  expect(sitemap).toContain("/tag/bitcoin</loc>");
  expect(await (await request.get("/robots.txt")).text()).toMatch(/Sitemap: http/);
});
