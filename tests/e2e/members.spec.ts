/**
 * Members (docs/members.md "Signing in"), with JavaScript off and on: a reader asks for a
 * sign-in link, takes the 6-digit code from the real message in the outbox, signs in, sees
 * the account page and the header's Account link, and signs out. The sign-in and account
 * pages pass axe (which runs in the page, so in the JavaScript project).
 */
import { seriousViolations } from "./axe";
import { type E2EServer, expect, test } from "./fixtures";
import { signInCodeFor } from "./outbox";

test.describe.configure({ mode: "serial" });

let server: E2EServer;
test.beforeAll(({ server: worker }) => {
  server = worker;
});

test("sign in by the mailed code, see the account, sign out", async ({
  page,
  javaScriptEnabled,
}) => {
  const email = `reader.${javaScriptEnabled ? "js" : "nojs"}.${Date.now()}@example.com`;
  await page.goto("/");
  await page.getByRole("link", { name: "Sign in" }).first().click();
  await expect(page).toHaveURL(/\/account\/sign-in$/);
  await expect(page.getByRole("heading", { level: 1, name: "Sign in" })).toBeVisible();
  // axe runs in the page: with JavaScript only.
  if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel("E-mail address").fill(email);
  await page.getByRole("button", { name: "E-mail me a sign-in link" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Check your inbox" })).toBeVisible();
  await expect(page.getByLabel("E-mail address")).toHaveValue(email);

  await page.getByLabel("6-digit code from the e-mail").fill(await signInCodeFor(server, email));
  await page.getByRole("button", { name: "Sign in with the code" }).click();
  await expect(page).toHaveURL(/\/account$/);
  await expect(page.getByRole("heading", { level: 1, name: "Your account" })).toBeVisible();
  await expect(page.getByText(`Signed in as ${email}`)).toBeVisible();
  await expect(page.getByRole("link", { name: "Account" }).first()).toBeVisible();
  // axe runs in the page: with JavaScript only.
  if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);

  await page.getByLabel("Name", { exact: true }).fill("Rita Reader");
  await page.getByRole("button", { name: "Save name" }).click();
  await expect(page.getByText("Your name is saved.")).toBeVisible();

  await page.getByRole("button", { name: "Sign out", exact: true }).click();
  await expect(page).toHaveURL(/\/$/);
  await page.goto("/account");
  await expect(page).toHaveURL(/\/account\/sign-in$/);
});
