/**
 * Tables without JavaScript (docs/behaviour.md §tables): a pipe table typed in the plain field
 * becomes a table on the published page, which scrolls inside its own box at 375 px, never the
 * page, with no serious accessibility problems in either theme.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, signOut, test } from "./fixtures";

const WIDE_TABLE = [
  "| Coin | Price in US dollars | Change over the last twenty-four hours | Market capitalisation |",
  "|---|---:|---|---|",
  "| Bitcoin | 90,000 | +2.5 percent since yesterday morning | 1,800,000,000,000 |",
  "| Ether | 3,000 | -1.2 percent since yesterday morning | 360,000,000,000 |",
].join("\n");

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

test("a pipe table typed in the textarea is a table on the page that scrolls in its own box", async ({
  page,
  browser,
  signInAs,
  server,
}) => {
  test.setTimeout(120_000);
  const base = server.url;
  await signInAs("Author");
  await page.goto(`${base}/admin/posts/add`);
  await page.getByLabel("Title").fill("Prices in a table");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("A table typed as text.");
  await page.getByLabel("Content").fill(`<p>Today's prices:</p>\n${WIDE_TABLE}\n<p>Thanks.</p>`);
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  await expect(page.getByLabel("Content")).toHaveValue(/<figure class="ik-table"><table><thead>/);
  const url = (await page.locator(".admin-page-header a").getAttribute("href")) ?? "";

  await signOut(page, base);
  await page.setViewportSize({ width: 375, height: 800 });
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto(base + url);
    const box = page.getByRole("region", { name: "Table" });
    await expect(box).toBeVisible();
    await expect(box.getByRole("columnheader", { name: "Coin" })).toBeVisible();
    await expect(box.getByRole("cell", { name: "Bitcoin" })).toBeVisible();
    // The box scrolls; the page does not.
    const widths = await page.evaluate(() => ({
      page: document.documentElement.scrollWidth,
      viewport: window.innerWidth,
    }));
    expect(widths.page).toBeLessThanOrEqual(widths.viewport);
    expect(await box.evaluate((el) => el.scrollWidth > el.clientWidth && el.tabIndex === 0)).toBe(
      true,
    );
  }
  // axe runs in the page: the same published page, read with scripts on.
  const readerContext = await browser.newContext({
    javaScriptEnabled: true,
    viewport: { width: 375, height: 800 },
  });
  const reader = await readerContext.newPage();
  for (const theme of ["light", "dark"] as const) {
    await reader.emulateMedia({ colorScheme: theme });
    await reader.goto(base + url);
    const results = await new AxeBuilder({ page: reader })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const serious = results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
  }
  await readerContext.close();
});
