/**
 * The back office with JavaScript (docs/behaviour.md §backoffice): toasts with the
 * documented wording, the drawer and its outside click, collapsing groups, the
 * password generator and strength, the announcement that stays dismissed.
 */
import type { Page } from "@playwright/test";
import { E2E_ADMIN, expect, signInWithForm, signOut, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the JavaScript-on journey");

let base = "";

test.beforeAll(({ server }) => {
  base = server.url;
});

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** Hydration done: the drawer's open control has become a button. */
async function hydrated(page: Page) {
  await expect(page.locator(".admin-topbar button.drawer-open")).toBeAttached();
}

test("sign-in and settings toasts: loading, then success, with the documented wording", async ({
  page,
}) => {
  await signInWithForm(page, base, E2E_ADMIN.email, E2E_ADMIN.password);
  await expect(toast(page, "Signed in successfully")).toBeVisible();

  await page.goto(`${base}/admin/settings`);
  await hydrated(page);
  // Hold the save briefly, so the loading toast can be seen.
  await page.route("**/admin/settings*", async (route) => {
    if (route.request().method() === "POST") await new Promise((r) => setTimeout(r, 700));
    await route.continue();
  });
  await page.getByLabel("Site Name").fill("Inkwell Weekly");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(toast(page, "Updating settings...")).toBeVisible();
  await expect(toast(page, "Settings updated successfully")).toBeVisible();
  await expect(toast(page, "Updating settings...")).toBeHidden();
  await expect(page).toHaveTitle("Settings | Inkwell Weekly");
  // With JavaScript the outcome is a toast, not a second copy in the page.
  await expect(page.locator(".notice-success")).toHaveCount(0);

  await page.getByLabel("Site Name").fill("");
  await page
    .getByRole("button", { name: "Save Settings" })
    .evaluate((b) => b.closest("form")?.setAttribute("novalidate", ""));
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Error updating settings: Site name is required",
  );
  // One place per message: no toast repeating it.
  await expect(toast(page, "Error updating settings")).toHaveCount(0);
});

test("the login shows the site's brand and does not keep a refused password", async ({ page }) => {
  await page.goto(`${base}/admin/login`, { waitUntil: "networkidle" });
  await expect(page.getByRole("link", { name: "Inkwell" })).toHaveAttribute("href", "/");
  await page.getByLabel("Email").fill(E2E_ADMIN.email);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByRole("button", { name: "Submit" }).click();
  await expect(page.getByRole("alert")).toHaveText("Invalid email or password");
  await expect(page.getByLabel("Password")).toHaveValue("");
  await expect(page.getByLabel("Email")).toHaveValue(E2E_ADMIN.email);
});

test("the drawer opens and closes below 640px, also on an outside click; groups collapse", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/dashboard`);
  await hydrated(page);
  const sidebar = page.getByRole("complementary", { name: "Back office" });

  const posts = sidebar.locator("details", { hasText: "Posts" }).first();
  await expect(posts.getByRole("link", { name: "Add Post" })).toBeHidden();
  await posts.locator("summary").click();
  await expect(posts.getByRole("link", { name: "Add Post" })).toBeVisible();
  await posts.locator("summary").click();
  await expect(posts.getByRole("link", { name: "Add Post" })).toBeHidden();

  await page.setViewportSize({ width: 375, height: 800 });
  await expect(sidebar).toBeHidden();
  const open = page.getByRole("button", { name: "Open menu" });
  await open.click();
  await expect(sidebar).toBeVisible();
  await expect(open).toHaveAttribute("aria-expanded", "true");
  await sidebar.getByRole("button", { name: "Close menu" }).click();
  await expect(sidebar).toBeHidden();
  await open.click();
  await expect(sidebar).toBeVisible();
  await page.mouse.click(360, 600);
  await expect(sidebar).toBeHidden();
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
});

test("Add User: the generator and strength behave as docs/behaviour.md §users says; the toast confirms", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/users/add`);
  await hydrated(page);
  const password = page.getByLabel("Password", { exact: true });
  const strength = page.locator(".strength");

  for (const [value, expected] of [
    ["abc", "Weak"],
    ["abcdef", "Weak"],
    ["abc123", "Medium"],
    ["Abc123!x", "Strong"],
    ["Abc12!x", "Medium"],
  ]) {
    await password.fill(value);
    await expect(strength).toHaveText(`Strength: ${expected}`);
  }

  await expect(password).toHaveAttribute("type", "password");
  await page.getByRole("button", { name: "Show" }).click();
  await expect(password).toHaveAttribute("type", "text");
  await page.getByRole("button", { name: "Hide" }).click();
  await expect(password).toHaveAttribute("type", "password");

  const seen = new Set<string>();
  for (let i = 0; i < 5; i++) {
    await page.getByRole("button", { name: "Generate password" }).click();
    const generated = await password.inputValue();
    expect(generated).toHaveLength(12);
    expect(generated).toMatch(/[A-Z]/);
    expect(generated).toMatch(/[a-z]/);
    expect(generated).toMatch(/\d/);
    expect(generated).toMatch(/[^A-Za-z0-9]/);
    seen.add(generated);
    await expect(strength).toHaveText("Strength: Strong");
  }
  expect(seen.size).toBe(5);
  await expect(password).toHaveAttribute("type", "text");

  await page.getByLabel("Email").fill("generated@example.com");
  await page.getByLabel("Name").fill("Generated Person");
  await page.getByLabel("Role").selectOption("Author");
  await page.getByRole("button", { name: "Add User" }).click();
  await expect(toast(page, "User added successfully!")).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/users`);
  await expect(page.getByRole("cell", { name: "generated@example.com" })).toBeVisible();
});

test("Profile toasts: the documented messages as errors, then success", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/users/profile?mode=edit`);
  await hydrated(page);
  await page.getByLabel("Full Name").fill("");
  await page.getByRole("button", { name: "Save Profile" }).click();
  // A refused form's message shows once, beside the form (no toast as well).
  await expect(page.getByText("Please fill in all fields")).toBeVisible();
  await page.getByLabel("Full Name").fill("Chief Administrator");
  await page.getByRole("button", { name: "Save Profile" }).click();
  await expect(toast(page, "User updated successfully!")).toBeVisible();
  await expect(page.getByRole("complementary", { name: "Back office" })).toContainText(
    "Chief Administrator",
  );

  await page.getByRole("link", { name: "Change Password" }).click();
  await page.getByLabel("New Password").fill("Different-pass-1!");
  await page.getByLabel("Confirm Password").fill("Different-pass-2!");
  await page.getByRole("button", { name: "Update Password" }).click();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
  await expect(toast(page, "User updated successfully!")).toBeHidden();
  await expect(page.getByText("Passwords do not match")).toBeVisible();
});

test("the announcement stays dismissed after reload; older flags are removed", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/dashboard`);
  await hydrated(page);
  await page.evaluate(() => localStorage.setItem("announcementDismissed:admins:20240101", "true"));
  const heading = page.getByRole("heading", { name: "Attention All Admins" });
  await expect(heading).toBeVisible();
  await page.getByRole("button", { name: "Dismiss" }).click();
  await expect(heading).toHaveCount(0);
  await expect(page).toHaveURL(`${base}/admin/dashboard`);
  const flags = await page.evaluate(() =>
    Object.keys(localStorage).filter((k) => k.startsWith("announcementDismissed:")),
  );
  expect(flags).toEqual(["announcementDismissed:admins:20250324"]);
  await page.reload();
  await hydrated(page);
  await expect(heading).toHaveCount(0);

  await signOut(page, base);
});
