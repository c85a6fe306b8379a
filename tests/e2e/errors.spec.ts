import { expect, test } from "./fixtures";

// Independent tests (each reads or writes only what it sets up): any worker may take any of them.
test.describe.configure({ mode: "parallel" });

test("an unknown path renders Page Not Found with status 404", async ({ page }) => {
  const res = await page.goto("/no/such/page/here");
  expect(res?.status()).toBe(404);
  await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Go Back" })).toBeVisible();
  // Inside the shared layout.
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", /noindex/);
});

test("unknown posts, categories and tags are 404s too", async ({ page }) => {
  for (const path of ["/999999/crypto/missing", "/category/nope", "/tag/nope"]) {
    const res = await page.goto(path);
    expect(res?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { name: "Page Not Found" })).toBeVisible();
  }
});

test("an unknown admin path asks a signed-out visitor to sign in first", async ({ page }) => {
  await page.goto("/admin/nope");
  await expect(page).toHaveURL(/\/admin\/login\?redirectTo=%2Fadmin%2Fnope$/);
});

test("/unauthorised-access renders Access Denied with status 403", async ({ page }) => {
  const res = await page.goto("/unauthorised-access");
  expect(res?.status()).toBe(403);
  await expect(page.getByRole("heading", { level: 1, name: "Access Denied" })).toBeVisible();
});

test("Go Back on the 403 page", async ({ page, javaScriptEnabled }) => {
  await page.goto("/");
  await page.getByRole("link", { name: "Explore" }).first().click();
  await expect(page).toHaveURL(/\/explore$/);
  await page.getByRole("link", { name: "Reach Out" }).first().click();
  await expect(page).toHaveURL(/\/reach-out$/);
  await page.goto("/unauthorised-access");
  const goBack = page.getByRole("link", { name: "Go Back" });
  // Without JavaScript it is a link home; with it, three steps back (docs/behaviour.md §reading).
  await expect(goBack).toHaveAttribute("href", "/");
  await goBack.click();
  if (javaScriptEnabled) {
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await page.goForward();
    await expect(page).toHaveURL(/\/explore$/);
  } else {
    await expect(page).toHaveURL(/127\.0\.0\.1:\d+\/$/);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  }
});

test("bad or cross-site requests get a 4xx, never a 500", async ({ page, baseURL }) => {
  const crossSite = await page.request.post("/action/set-theme", {
    headers: { Origin: "https://evil.example" },
    form: { theme: "dark" },
    maxRedirects: 0,
  });
  expect(crossSite.status()).toBe(403);
  expect(crossSite.headers()["set-cookie"]).toBeUndefined();

  const sameSite = await page.request.post("/action/set-theme", {
    headers: { Origin: baseURL as string },
    form: { theme: "dark" },
    maxRedirects: 0,
  });
  expect(sameSite.status()).toBe(302);

  const garbage = await page.request.post("/action/set-theme", {
    headers: { Origin: baseURL as string, "Content-Type": "text/plain" },
    data: "{not json",
  });
  expect(garbage.status()).toBe(400);

  for (const path of ["/category/%E0%A4%A", "/1/x/%ZZ"]) {
    expect((await page.request.get(path)).status(), path).toBe(400);
  }
});
