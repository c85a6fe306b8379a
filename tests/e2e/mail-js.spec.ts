/**
 * The Mail screens with JavaScript (docs/behaviour.md §subscribers): Delete asks in a dialog
 * (Cancel keeps the subscriber), the outcome is a toast, and adding one
 * toasts too.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { type E2EServer, expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the JavaScript-on journey");

let _server: E2EServer;
let base = "";
const LIST = "/admin/mail/subscribers-list";

test.beforeAll(({ server: worker }) => {
  _server = worker;
  base = worker.url;
});

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("add a subscriber, then delete them through the confirmation dialog, with toasts", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(base + LIST);
  // Hydrated: Delete has become a button that opens the dialog.
  await expect(page.getByRole("button", { name: /^Delete / }).first()).toBeAttached();

  await page.getByLabel("Name", { exact: true }).fill("Jo Script");
  await page.getByLabel("Email", { exact: true }).fill("jo.script@example.com");
  await page.getByRole("button", { name: "Add Subscriber" }).click();
  await expect(toast(page, "Subscriber added successfully")).toBeVisible();
  const row = page.getByRole("row").filter({ hasText: "jo.script@example.com" });
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: "Delete jo.script@example.com" }).click();
  const dialog = page.getByRole("dialog", {
    name: "Are you sure you want to delete this subscriber?",
  });
  await expect(dialog).toBeVisible();
  await expect(dialog).toContainText("jo.script@example.com");
  await expect(page).not.toHaveURL(/confirm=/);
  await expect(dialog.getByRole("button", { name: "Cancel" })).toBeFocused();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();
  await row.getByRole("button", { name: "Delete jo.script@example.com" }).click();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: "Delete jo.script@example.com" }).click();
  await dialog.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(toast(page, "Deleted successfully")).toBeVisible();
  await expect(row).toHaveCount(0);
  // The outcome is a toast, not a second copy in the page.
  await expect(page.locator(".notice-success")).toHaveCount(0);
});

test("the Mail screens have no serious accessibility violations, light and dark", async ({
  page,
  signInAs,
}) => {
  // Six axe runs: on a busy 2-core machine they take longer than the default 30 s.
  test.setTimeout(120_000);
  await signInAs("Administrator");
  const problems: Record<string, unknown> = {};
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    for (const path of [LIST, `${LIST}/import`, "/admin/mail/send-newsletter"]) {
      await page.goto(base + path);
      const results = await new AxeBuilder({ page })
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      const serious = results.violations
        .filter((v) => v.impact === "serious" || v.impact === "critical")
        .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).slice(0, 3)}`);
      if (serious.length) problems[`${theme} ${path}`] = serious;
    }
  }
  // On a phone the tables are blocks in their named, focusable region (a wide table could scroll).
  const queued = await page.request.post(`${base}/admin/mail/send-newsletter`, {
    multipart: {
      audience: "All Subscribers",
      subject: "A subject long enough to make the Newsletters sent table wider than a phone",
      content: "<p>Hello</p>",
    },
  });
  expect(queued.ok()).toBe(true);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const path of [LIST, "/admin/mail/send-newsletter"]) {
    await page.goto(base + path);
    const region = page.locator(".table-wrap");
    await expect(region).toHaveCount(1);
    const results = await new AxeBuilder({ page })
      .withRules(["scrollable-region-focusable"])
      .analyze();
    if (results.violations.length) problems[`375px ${path}`] = results.violations.map((v) => v.id);
    await expect(region).toHaveAttribute("tabindex", "0");
    await expect(region).toHaveAccessibleName(path === LIST ? "Subscribers" : "Newsletters sent");
  }
  expect(problems).toEqual({});
});
