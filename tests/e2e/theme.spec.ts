import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

// Independent tests (each reads or writes only what it sets up): any worker may take any of them.
test.describe.configure({ mode: "parallel" });

/**
 * Clicks the theme toggle and waits until the choice is stored: a form post
 * to /action/set-theme without JavaScript, remix-themes' fetch with it.
 */
async function toggleTheme(page: Page, to: "dark" | "light") {
  const stored = page.waitForResponse(
    (r) => r.url().endsWith("/action/set-theme") && r.request().method() === "POST",
  );
  await page.getByRole("button", { name: `Switch to ${to} mode` }).click();
  expect((await stored).status()).toBeLessThan(400);
  await expect(page.locator("html")).toHaveAttribute("data-theme", to);
}

// Runs in both projects. Either way the choice persists across reloads.
test("the theme toggle switches and persists across reloads", async ({ page }) => {
  await page.goto("/explore");
  const html = page.locator("html");
  await expect(html).not.toHaveAttribute("data-theme", "dark");

  await toggleTheme(page, "dark");
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(18, 18, 18)");
  await expect(page.locator("body")).toHaveCSS("color", "rgb(234, 234, 234)");

  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await page.goto("/");
  await expect(html).toHaveAttribute("data-theme", "dark");

  await toggleTheme(page, "light");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(247, 247, 247)");
  await expect(page.locator("body")).toHaveCSS("color", "rgb(34, 34, 34)");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "light");
});

test("the server renders the stored theme, so there is no flash", async ({ page }) => {
  await page.goto("/");
  await toggleTheme(page, "dark");
  const theme = (await page.context().cookies()).find((c) => c.name === "__theme");
  expect(theme?.httpOnly).toBe(true);
  const res = await page.request.get("/", { headers: { Cookie: `__theme=${theme?.value}` } });
  expect(await res.text()).toContain('<html lang="en" data-theme="dark">');
});

// The server cannot know the system preference, so what it renders must not depend on it.
test.describe("with the system in dark mode and no theme stored", () => {
  test.use({ colorScheme: "dark" });

  test("the page is dark and the first toggle click switches to light", async ({ page }) => {
    await page.goto("/explore");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(18, 18, 18)");
    await expect(page.getByRole("button", { name: "Switch to dark mode" })).toHaveCount(0);
    await toggleTheme(page, "light");
    await expect(page.locator("body")).toHaveCSS("background-color", "rgb(247, 247, 247)");
    await page.reload();
    await expect(page.locator("html")).toHaveAttribute("data-theme", "light");
  });

  test("home, a post and an admin page hydrate without a console error", async ({
    page,
    server,
    signInAs,
  }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "hydration needs JavaScript");
    const post = server.queryOne<{ url: string }>(
      "select url from posts where status = 'published' order by timestamp desc limit 1",
    );
    const errors: string[] = [];
    page.on("pageerror", (error) => errors.push(error.message));
    page.on("console", (message) => {
      if (message.type() === "error") errors.push(message.text());
    });
    await signInAs("Editor");
    for (const path of ["/", post.url, "/admin/posts"]) {
      await page.goto(path, { waitUntil: "networkidle" });
      // Hydrated: the toggle switches in place, without a navigation.
      await toggleTheme(page, "light");
      expect(errors, path).toEqual([]);
      await page.context().clearCookies({ name: "__theme" });
    }
  });
});
