/**
 * The Fediverse screen (docs/federation.md "Following and blocking"), with JavaScript off and on:
 * block a server, see it on the blocklist, unblock it; and the Fediverse settings. No follower
 * exists, so nothing is sent anywhere.
 */
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

test("an Administrator blocks and unblocks a server on the Fediverse screen", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  const host = `spam-${javaScriptEnabled ? "js" : "nojs"}.example`;
  await signInAs("Administrator");
  await page.goto("/admin/fediverse");
  await expect(page.getByRole("heading", { level: 1, name: "Fediverse" })).toBeVisible();
  await expect(page.getByText("No followers yet.")).toBeVisible();
  // axe runs with JavaScript on (the same server-rendered markup): without it, its run does not
  // finish (the accessibility spec leaves that project out too).
  const axe = async () => {
    if (javaScriptEnabled) expect(await seriousViolations(page)).toEqual([]);
  };
  await axe();

  await page.getByLabel("What").selectOption("domain");
  await page.getByLabel("Server or account").fill(`https://${host}/`);
  await page.getByRole("button", { name: "Block", exact: true }).click();
  await expect(page.getByText("Added to the blocklist").first()).toBeVisible();
  const row = page.getByRole("row", { name: new RegExp(host) });
  await expect(row).toContainText("Server");
  await axe();

  await row.getByRole("button", { name: `Unblock ${host}` }).click();
  await expect(page.getByText("Removed from the blocklist").first()).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(host) })).toHaveCount(0);

  await page.goto("/admin/settings");
  await expect(page.getByLabel("Fediverse handle")).toBeVisible();
  await expect(page.getByLabel("Approve followers by hand")).toBeVisible();
});
