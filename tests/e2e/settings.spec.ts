/**
 * Settings that do what they say (docs/behaviour.md §site, §subscribers), turned on through
 * the Settings form and observed on the public site, with JavaScript off and on.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type E2EServer, expect, test } from "./fixtures";

let server: E2EServer;
let base = "";

test.beforeAll(({ server: worker }) => {
  server = worker;
  base = worker.url;
});

async function saveSettings(page: Page, change: (page: Page) => Promise<void>) {
  await page.goto(`${base}/admin/settings`);
  await change(page);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByText("Settings updated successfully").first()).toBeVisible();
}

function confirmationLinkFor(email: string): string {
  const outbox = join(server.dataDir, "outbox");
  const mail = readdirSync(outbox)
    .map((f) =>
      readFileSync(join(outbox, f), "utf8")
        .replace(/=\r?\n/g, "")
        .replace(/=3D/g, "="),
    )
    .find((m) => m.includes(`To: ${email}`) && m.includes("/newsletter/confirm?token="));
  const token = mail && /\/newsletter\/confirm\?token=([A-Za-z0-9_-]+)/.exec(mail)?.[1];
  if (!token) throw new Error(`no confirmation mail to ${email}`);
  return `${base}/newsletter/confirm?token=${token}`;
}

test("CSRF protection is shown as always on", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/settings`);
  const csrf = page.getByRole("checkbox", { name: "Enable CSRF Protection" });
  await expect(csrf).toBeChecked();
  await expect(csrf).toBeDisabled();
  await expect(
    page.getByText("Always on: every form and call from another site is refused"),
  ).toBeVisible();
});

test("with CAPTCHA on, a signup is confirmed by e-mail without JavaScript, or passes the check with it", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  // The widget's proof of work (up to 200,000 hashes) competes with the other worker for the CPU.
  test.setTimeout(90_000);
  await signInAs("Administrator");
  await saveSettings(page, (p) => p.getByRole("checkbox", { name: "Enable CAPTCHA" }).check());
  await page.context().clearCookies();
  const email = `captcha-${javaScriptEnabled ? "js" : "nojs"}@example.com`;

  await page.goto(`${base}/newsletter`);
  const form = page.locator("form").filter({ has: page.getByPlaceholder("Your Email*") });
  await form.getByPlaceholder("Your Name*").fill("Cap Reader");
  await form.getByPlaceholder("Your Email*").fill(email);
  if (javaScriptEnabled) {
    // The widget is served by the site and solves its challenge in the browser.
    const widget = form.locator("altcha-widget");
    await expect(widget).toBeVisible();
    // It starts when the form gets focus (the name and email were just typed).
    await expect(widget.getByText("Verified")).toBeVisible({ timeout: 45_000 });
    await form.getByRole("button", { name: "Subscribe" }).click();
    await expect(form.getByRole("status")).toHaveText(
      "Thank you for subscribing! Look out for our next newsletter.",
    );
    expect(
      server.queryOne<{ status: string }>("select status from subscribers where email = ?", email)
        .status,
    ).toBe("Active");
    return;
  }
  await expect(form.locator("altcha-widget")).toHaveCount(0);
  await form.getByRole("button", { name: "Subscribe" }).click();
  await expect(page.getByText("Check your inbox").first()).toBeVisible();
  expect(
    server.queryOne<{ status: string }>("select status from subscribers where email = ?", email)
      .status,
  ).toBe("Pending");

  await page.goto(confirmationLinkFor(email));
  await expect(page.getByRole("heading", { name: "Confirm your subscription" })).toBeVisible();
  expect(
    server.queryOne<{ status: string }>("select status from subscribers where email = ?", email)
      .status,
  ).toBe("Pending");
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByText("Your subscription is confirmed. Thank you!")).toBeVisible();
  expect(
    server.queryOne<{ status: string }>("select status from subscribers where email = ?", email)
      .status,
  ).toBe("Active");
});

test("Enable Lazy Loading and the CDN address, switched through the Settings form", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  const home = async () => (await page.request.get(`${base}/`)).text();
  expect(await home()).toContain('loading="lazy"');
  await saveSettings(page, (p) =>
    p.getByRole("checkbox", { name: "Enable Lazy Loading" }).uncheck(),
  );
  expect(await home()).not.toContain('loading="lazy"');

  await saveSettings(page, async (p) => {
    await p.getByRole("checkbox", { name: "Use CDN" }).check();
    await p.getByLabel("CDN address").fill("https://cdn.example.com");
  });
  const res = await page.request.get(`${base}/`);
  const html = await res.text();
  expect(html).toContain('"https://cdn.example.com/assets/');
  expect(html).toMatch(/src="https:\/\/cdn\.example\.com\//);
  expect(res.headers()["content-security-policy"]).toMatch(
    /script-src [^;]*https:\/\/cdn\.example\.com/,
  );
});
