/**
 * Content API tokens on Integrations (docs/integrations.md "Content API tokens"), with
 * JavaScript off and on: create one with an allowed origin, see it once, read published posts
 * with it (CORS answers its origin), see it listed as used, revoke it and see it refused.
 */
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

const ORIGIN = "https://front.example";

test("an Administrator creates a token, uses it and revokes it", async ({
  page,
  request,
  signInAs,
  javaScriptEnabled,
}) => {
  const name = `Front end ${javaScriptEnabled ? "js" : "nojs"}`;
  await signInAs("Administrator");
  await page.goto("/admin/integrations");
  await expect(page.getByRole("heading", { level: 2, name: "Content API tokens" })).toBeVisible();
  // axe runs with JavaScript on: the same server-rendered markup (without JavaScript its run on
  // this screen did not finish here, on a machine at load 13).
  const axe = async () => {
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
  };
  await axe();

  await page.getByLabel("Token name").fill(name);
  await page.getByLabel("Allowed origins (CORS)").fill(ORIGIN);
  await page.getByRole("button", { name: "Create token" }).click();

  await expect(page.getByRole("heading", { name: `Token "${name}" created` })).toBeVisible();
  const token = await page.getByLabel("Your new token").inputValue();
  expect(token).toMatch(/^inkct_/);
  await axe();

  const read = await request.get("/get/leading-conversations", {
    headers: { Authorization: `Bearer ${token}`, Origin: ORIGIN },
  });
  expect(read.status()).toBe(200);
  expect(read.headers()["access-control-allow-origin"]).toBe(ORIGIN);
  const settings = await request.get("/get/setting-data", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(settings.status()).toBe(403);

  // Listed without the secret, with its last use.
  await page.goto("/admin/integrations");
  const row = page.getByRole("row", { name: new RegExp(name) });
  await expect(row).toContainText(ORIGIN);
  await expect(row).toContainText("Active");
  await expect(row).not.toContainText("Never");
  await expect(page.getByText(token)).toHaveCount(0);

  await row.getByRole("link", { name: `Revoke ${name}` }).click();
  await expect(page.getByRole("heading", { name: "Revoke token?" })).toBeVisible();
  await page.getByRole("button", { name: `Revoke ${name}` }).click();
  await expect(page.getByText(`Token "${name}" revoked`).first()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Revoked");

  const after = await request.get("/get/leading-conversations", {
    headers: { Authorization: `Bearer ${token}` },
  });
  expect(after.status()).toBe(401);
});

test("a token with an origin that is not one is refused, the form kept", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto("/admin/integrations");
  await page.getByLabel("Token name").fill("Bad origin");
  await page.getByLabel("Allowed origins (CORS)").fill("https://front.example/app");
  await page.getByRole("button", { name: "Create token" }).click();
  await expect(page.getByText(/Token not created: .*not an origin/).first()).toBeVisible();
  await expect(page.getByLabel("Token name")).toHaveValue("Bad origin");
});
