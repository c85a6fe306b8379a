/**
 * The library screens with JavaScript: the slug follows the name as it is
 * typed, Edit toggles the form with Cancel, the outcome is a toast, and Copy
 * URL copies the site-relative URL and toasts "Copied successfully".
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { type E2EServer, expect, PNG_FILE, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the JavaScript-on journey");

let _server: E2EServer;
let base = "";

test.beforeAll(({ server: worker }) => {
  _server = worker;
  base = worker.url;
});

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** Hydration done: the drawer's open control has become a button. */
async function hydrated(page: Page) {
  await expect(page.locator(".admin-topbar button.drawer-open")).toBeAttached();
}

test("the slug follows the name live; Edit toggles the form, Cancel goes back to Add New", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/posts/tags`);
  await hydrated(page);
  const name = page.getByLabel("Name");
  const slug = page.getByLabel("Slug");
  await name.pressSequentially("Solar Power & Wind");
  await expect(slug).toHaveValue("solar-power--wind");
  await name.fill("Solar Power");
  await expect(slug).toHaveValue("solar-power");
  await page.getByLabel("Description").fill("Panels and turbines");
  await page.getByRole("button", { name: "Add New Tag" }).click();
  await expect(toast(page, "Tag added successfully!")).toBeVisible();
  // With JavaScript the message is a toast, not a second copy in the page.
  await expect(page.locator(".notice-success")).toHaveCount(0);
  await expect(name).toHaveValue("");

  await page.getByRole("link", { name: "Edit Solar Power" }).click();
  await expect(page.getByRole("heading", { name: "Edit Tag" })).toBeVisible();
  await expect(name).toHaveValue("Solar Power");
  await expect(page.getByRole("link", { name: "Cancel" })).toBeVisible();
  await name.fill("Solar Energy");
  await expect(slug).toHaveValue("solar-energy");
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("heading", { name: "Add New Tag" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Cancel" })).toHaveCount(0);
  await expect(name).toHaveValue("");
  await expect(page.getByRole("rowheader", { name: "Solar Power", exact: true })).toBeVisible();

  await page.getByRole("link", { name: "Edit Solar Power" }).click();
  await expect(name).toHaveValue("Solar Power");
  await name.fill("Solar Energy");
  await page.getByRole("button", { name: "Update Tag" }).click();
  await expect(toast(page, "Tag updated successfully!")).toBeVisible();
  await expect(page.getByRole("rowheader", { name: "Solar Energy", exact: true })).toBeVisible();

  await name.fill("Bitcoin");
  await page.getByLabel("Description").fill("dup");
  await page.getByRole("button", { name: "Add New Tag" }).click();
  // A refused form's message is in the page once, not a toast as well.
  await expect(page.getByRole("alert")).toContainText(
    'Error adding tag: A tag with the slug "bitcoin" already exists',
  );
  await expect(toast(page, "Error adding tag")).toHaveCount(0);
});

test("Copy URL copies the file's site-relative URL and toasts", async ({
  page,
  context,
  signInAs,
}) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"], { origin: base });
  await signInAs("Administrator");
  await page.goto(`${base}/admin/media/add`);
  await hydrated(page);
  await page.getByLabel("Choose a file").setInputFiles(PNG_FILE);
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page).toHaveURL(`${base}/admin/media/library`);
  await expect(toast(page, "Image uploaded successfully")).toBeVisible();

  const view = page.getByRole("link", { name: `View ${PNG_FILE.name}` });
  const href = await view.getAttribute("href");
  await page.getByRole("button", { name: `Copy URL of ${PNG_FILE.name}` }).click();
  await expect(toast(page, "Copied successfully")).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(href);
  expect(href).toMatch(/^\/uploads\//);
});

test("the library screens pass axe (WCAG 2.1 AA, serious and critical) in both themes", async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000); // twelve axe runs on a shared 2-core machine
  await signInAs("Administrator");
  await page.goto(`${base}/admin/media/library`);
  const uid = new URL(
    await page
      .getByRole("link", { name: /^Delete/ })
      .first()
      .evaluate((a) => (a as HTMLAnchorElement).href),
  ).searchParams.get("delete");
  const screens = [
    "/admin/posts/categories",
    "/admin/posts/categories?edit=crypto",
    "/admin/posts/tags?delete=bitcoin",
    "/admin/media/library",
    `/admin/media/library?delete=${uid}`,
    "/admin/media/add",
  ];
  const found: Record<string, string[]> = {};
  for (const colorScheme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme });
    for (const path of screens) {
      await page.goto(base + path);
      await hydrated(page);
      const { violations } = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
      if (bad.length)
        found[`${colorScheme} ${path}`] = bad.map((v) => `${v.id}: ${v.nodes[0]?.target}`);
    }
  }
  expect(found).toEqual({});
});

test("at 375 px the library and Categories/Tags tables fit the phone, rows as blocks, in a named region (axe)", async ({
  page,
  signInAs,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs("Administrator");
  const screens = [
    { path: "/admin/media/library", name: "Media files" },
    { path: "/admin/posts/categories", name: "All categories" },
    { path: "/admin/posts/tags", name: "All tags" },
  ];
  const found: Record<string, string[]> = {};
  for (const { path, name } of screens) {
    await page.goto(base + path);
    await hydrated(page);
    const region = page.getByRole("region", { name });
    // Each row is a block that reads top to bottom: nothing scrolls sideways.
    expect(await region.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      375,
    );
    await expect(region.locator("tbody tr").first()).toHaveCSS("display", "block");
    const { violations } = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const bad = violations.filter((v) => v.impact === "serious" || v.impact === "critical");
    if (bad.length) found[path] = bad.map((v) => `${v.id}: ${v.nodes[0]?.target}`);
  }
  expect(found).toEqual({});
});
