import { expect, test } from "./fixtures";

// Independent tests (each reads or writes only what it sets up): any worker may take any of them.
test.describe.configure({ mode: "parallel" });

test("home, a category and a post are server-rendered from the seeded data", async ({
  page,
  javaScriptEnabled,
}) => {
  const home = await page.goto("/");
  expect(home?.status()).toBe(200);
  await expect(page).toHaveTitle("Inkwell");
  const firstStory = page.locator("article.post-card .post-card-title a").first();
  await expect(firstStory).toBeVisible();

  const category = await page.goto("/category/crypto");
  expect(category?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1, name: "Crypto" })).toBeVisible();
  await expect(page.locator("article.post-card")).toHaveCount(10);
  await page.getByRole("link", { name: "Load more" }).click();
  // Without JavaScript a link to ?limit=20; with it a fetcher that shows more in place.
  if (!javaScriptEnabled) await expect(page).toHaveURL(/limit=20/);
  // A retrying assertion: without JavaScript the link is a full page load.
  await expect(page.locator("article.post-card").nth(10)).toBeVisible();
  await expect(page.getByRole("heading", { level: 1, name: "Crypto" })).toBeVisible();

  const title =
    (await page.locator("article.post-card .post-card-title a").first().textContent()) ?? "";
  await page.locator("article.post-card .post-card-title a").first().click();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  // Other specs publish into Crypto on the same server: the newest post's body may hold any block.
  await expect(page.locator(".prose > *").first()).toBeVisible();
});

test("a page rendered afresh goes out whole, with its length", async ({ page, signInAs }) => {
  // Staff never get a cached page: theirs is rendered for them.
  await signInAs("Editor");
  const response = await page.request.get("/category/crypto", {
    headers: { "Accept-Encoding": "identity" },
  });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toBe("private, no-store");
  const body = await response.body();
  expect(response.headers()["content-length"]).toBe(String(body.length));
  expect(response.headers()["transfer-encoding"]).toBeUndefined();
  // Compressed whole, in one call, in the encoding asked for (app/platform/page-cache.server.ts).
  for (const encoding of ["br", "gzip"]) {
    const compressed = await page.request.get("/category/crypto", {
      headers: { "Accept-Encoding": encoding },
    });
    expect(compressed.headers()["content-encoding"]).toBe(encoding);
    expect(compressed.headers()["vary"]).toMatch(/Accept-Encoding/);
    expect(Number(compressed.headers()["content-length"])).toBeLessThan(body.length / 3);
    expect(compressed.headers()["transfer-encoding"]).toBeUndefined();
    expect((await compressed.text()).length).toBeGreaterThan(body.length / 2);
  }
});

test("the scripts are preloaded at low priority (docs/decisions/054-script-priority.md)", async ({
  request,
}) => {
  for (const path of ["/", "/category/crypto", "/admin/login"]) {
    const html = await (await request.get(path)).text();
    const head = html.slice(0, html.indexOf("</head>"));
    const preloads = head.match(/<link[^>]*rel="modulepreload"[^>]*>/g) ?? [];
    expect(preloads.length, path).toBeGreaterThan(2);
    for (const link of preloads) expect(link, path).toContain('fetchpriority="low"');
    expect(head, path).toMatch(/<link[^>]*rel="stylesheet"/);
  }
});

test("every page carries the SEO tags from the settings", async ({ page }) => {
  await page.goto("/explore");
  await expect(page).toHaveTitle("Explore | Inkwell");
  const head = page.locator("head");
  await expect(head.locator('meta[name="description"]')).toHaveAttribute("content", /.+/);
  await expect(head.locator('meta[name="keywords"]')).toHaveAttribute("content", /crypto/);
  await expect(head.locator('meta[name="robots"]')).toHaveAttribute("content", /index/);
  await expect(head.locator('link[rel="canonical"]')).toHaveAttribute(
    "href",
    /^http:\/\/127\.0\.0\.1:\d+\/explore$/,
  );
  await expect(head.locator('meta[property="og:title"]')).toHaveAttribute("content", "Explore");
  await expect(head.locator('meta[name="twitter:card"]')).toHaveAttribute("content", /summary/);
});

test("a post URL with the wrong slug redirects to the canonical one", async ({ page }) => {
  await page.goto("/category/crypto");
  const href = await page
    .locator("article.post-card .post-card-title a")
    .first()
    .getAttribute("href");
  const id = href?.split("/")[1];
  const res = await page.request.get(`/${id}/wrong-category/wrong-slug`, { maxRedirects: 0 });
  expect(res.status()).toBe(301);
  expect(res.headers().location).toBe(href);
});

test("the header, footer and navigation", async ({ page }) => {
  await page.goto("/reach-out");
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Inkwell home" })).toHaveAttribute("href", "/");
  const nav = page.getByRole("navigation", { name: "Main", exact: true });
  await expect(nav.getByRole("link", { name: "Reach Out" })).toHaveAttribute(
    "aria-current",
    "page",
  );
  // Home is current on "/" only.
  await expect(nav.getByRole("link", { name: "Home" })).not.toHaveAttribute("aria-current");
  await expect(banner.getByRole("link", { name: "Inkwell on X" })).toBeVisible();
  const footer = page.getByRole("contentinfo");
  await expect(footer).toContainText(`© ${new Date().getFullYear()} Inkwell`);
  await footer.getByRole("link", { name: "Privacy Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Privacy Policy" })).toBeVisible();
  await page.getByRole("contentinfo").getByRole("link", { name: "Media Policy" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Media Policy" })).toBeVisible();
  await expect(nav.getByRole("link", { name: "Reach Out" })).not.toHaveAttribute("aria-current");
  await nav.getByRole("link", { name: "Home" }).click();
  await expect(nav.getByRole("link", { name: "Home" })).toHaveAttribute("aria-current", "page");
});

test("the mobile menu opens (with or without JavaScript)", async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 740 });
  await page.goto("/");
  await expect(page.getByRole("navigation", { name: "Main", exact: true })).toBeHidden();
  const mobileNav = page.getByRole("navigation", { name: "Main (mobile)" });
  await expect(mobileNav).toBeHidden();
  await page.getByLabel("Menu").click();
  await expect(mobileNav).toBeVisible();
  await mobileNav.getByRole("link", { name: "Explore" }).click();
  await expect(page).toHaveURL(/\/explore$/);
});
