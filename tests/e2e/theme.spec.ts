import { expect, test } from "@playwright/test";

// Runs in both projects: with JavaScript off the toggle is a plain form post,
// with it on remix-themes switches in place. Either way the choice persists.
test("the theme toggle switches and persists across reloads", async ({ page }) => {
  await page.goto("/explore");
  const html = page.locator("html");
  await expect(html).not.toHaveAttribute("data-theme", "dark");

  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await expect(page).toHaveURL(/\/explore$/);
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(18, 18, 18)");

  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "dark");
  await page.goto("/");
  await expect(html).toHaveAttribute("data-theme", "dark");

  await page.getByRole("button", { name: "Switch to light mode" }).click();
  await expect(html).toHaveAttribute("data-theme", "light");
  await expect(page.locator("body")).toHaveCSS("background-color", "rgb(247, 247, 247)");
  await page.reload();
  await expect(html).toHaveAttribute("data-theme", "light");
});

test("the server renders the stored theme, so there is no flash", async ({ page, request }) => {
  await page.goto("/");
  await page.getByRole("button", { name: "Switch to dark mode" }).click();
  await expect(page.locator("html")).toHaveAttribute("data-theme", "dark");
  const cookies = await page.context().cookies();
  const theme = cookies.find((c) => c.name === "__theme");
  expect(theme?.httpOnly).toBe(true);
  const res = await request.get("/", { headers: { Cookie: `__theme=${theme?.value}` } });
  expect(await res.text()).toContain('data-theme="dark"');
});
