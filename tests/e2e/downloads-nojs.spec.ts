/**
 * The back office's file downloads without JavaScript (docs/behaviour.md
 * §import): Tools → Export's archive and WXR file and a backup from Tools →
 * Backups arrive as files under their own names, not as a page.
 */
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

test("Export's archive and WXR file download under their names", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  await page.goto("/admin/tools/export");
  const day = new Date().toISOString().slice(0, 10);
  for (const [link, name] of [
    ["Download the archive", `inkwell-export-${day}.tar.gz`],
    ["Download the WXR file", `inkwell-posts-${day}.xml`],
  ]) {
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: link }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(name);
    expect(await download.failure()).toBeNull();
  }
  // The older address answers the file too.
  const old = await page.request.get("/admin/tools/export?download=wxr");
  expect(old.headers()["content-type"]).toBe("application/xml; charset=utf-8");
  expect(await old.text()).toMatch(/^<\?xml/);
});

test("a backup taken with Back up now downloads under its name", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  await page.goto("/admin/tools/backups");
  await page.getByRole("button", { name: "Back up now" }).click();
  await expect(page.getByRole("status")).toContainText("Backup written and verified");
  const link = page.getByRole("list", { name: "Backups on disk" }).getByRole("link").first();
  const name = (await link.textContent()) ?? "";
  expect(name).toMatch(/^inkwell-backup-.+\.tar\.gz$/);
  const [download] = await Promise.all([page.waitForEvent("download"), link.click()]);
  expect(download.suggestedFilename()).toBe(name);
  expect(await download.failure()).toBeNull();
});
