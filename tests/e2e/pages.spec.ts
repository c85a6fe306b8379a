/**
 * Pages end to end, with JavaScript off and on: the Administrator writes a
 * page, publishes it in the footer, a reader finds it at its slug and in the
 * footer; a reserved slug is refused; an Editor is sent away. Axe on the screens.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

test("a page created in the back office is served at its slug and linked in the footer", async ({
  page,
  signInAs,
  javaScriptEnabled,
  browser,
  baseURL,
}) => {
  await signInAs("Administrator");
  const slug = `masthead-${javaScriptEnabled ? "js" : "nojs"}-${Date.now()}`;
  await page.goto("/admin/pages/add");
  await page.getByLabel("Title", { exact: true }).fill("Our Masthead");
  await page.getByLabel("Slug", { exact: true }).fill(slug);
  await page.getByLabel("Meta Description").fill("Who edits what");
  if (javaScriptEnabled) {
    const editor = page.locator('[contenteditable="true"]').first();
    await editor.click();
    await page.keyboard.type("Editor in chief: Ada.");
  } else {
    await page.getByLabel("Content").fill("<p>Editor in chief: Ada.</p>");
  }
  await page.getByLabel("Link this page in").selectOption("footer");
  await page.getByRole("button", { name: "Publish Page" }).click();
  await expect(page).toHaveURL(/\/admin\/pages\/edit\/\d+$/);
  await expect(page.getByText("Page published").first()).toBeVisible();

  await page.goto("/admin/pages?status=published");
  await expect(page.getByRole("link", { name: /Published \(\d+\)/ })).toBeVisible();
  await expect(page.getByRole("link", { name: "Our Masthead" })).toBeVisible();

  const reader = await browser.newContext({ baseURL, javaScriptEnabled });
  const readerPage = await reader.newPage();
  await readerPage.goto("/");
  const footerLink = readerPage
    .getByRole("contentinfo")
    .getByRole("link", { name: "Our Masthead" });
  await expect(footerLink).toHaveAttribute("href", `/${slug}`);
  await readerPage.goto(`/${slug}`);
  await expect(readerPage.getByRole("heading", { level: 1, name: "Our Masthead" })).toBeVisible();
  await expect(readerPage.getByText("Editor in chief: Ada.")).toBeVisible();
  await reader.close();
});

test("the Administrator edits the Media Policy in the Pages screen; readers see it at its address", async ({
  page,
  signInAs,
  javaScriptEnabled,
  browser,
  baseURL,
  server,
}) => {
  const original = server.queryOne<{ content: string }>(
    "select content from pages where slug = 'media-policy'",
  ).content;
  try {
    await signInAs("Administrator");
    await page.goto("/admin/pages");
    await page.getByRole("table").getByRole("link", { name: "Media Policy", exact: true }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Edit Page" })).toBeVisible();
    // Its address and links are the site's: no Slug, no Navigation, no Save Draft.
    await expect(page.getByLabel("Slug", { exact: true })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save Draft" })).toHaveCount(0);
    const words = `Ask before reusing anything (${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}).`;
    if (javaScriptEnabled) {
      const editor = page.locator('[contenteditable="true"]').first();
      await editor.click();
      await page.keyboard.press("ControlOrMeta+a");
      await page.keyboard.type(words);
    } else {
      await page.getByLabel("Content").fill(`<p>${words}</p>`);
    }
    await page.getByRole("button", { name: "Update Page" }).click();
    await expect(page.getByText("Page updated").first()).toBeVisible();

    const reader = await browser.newContext({ baseURL, javaScriptEnabled });
    const readerPage = await reader.newPage();
    await readerPage.goto("/media-policy");
    await expect(readerPage.getByRole("heading", { level: 1, name: "Media Policy" })).toBeVisible();
    await expect(readerPage.getByText(words)).toBeVisible();
    await expect(readerPage.getByText("You are welcome to quote short passages")).toHaveCount(0);
    // What Settings add stays after the text.
    await expect(
      readerPage.getByRole("main").getByRole("link", { name: "media@inkwell.test" }),
    ).toBeVisible();
    await reader.close();
  } finally {
    server.withDb((db) =>
      db.prepare("update pages set content = ? where slug = 'media-policy'").run(original),
    );
  }
});

test("a reserved slug is refused with the message", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  await page.goto("/admin/pages/add");
  await page.getByLabel("Title", { exact: true }).fill("Explore clash");
  await page.getByLabel("Slug", { exact: true }).fill("explore");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page.getByRole("alert")).toContainText("taken by the site");
});

test("an Editor is sent to unauthorised-access", async ({ page, signInAs }) => {
  await signInAs("Editor");
  await page.goto("/admin/pages/add");
  await expect(page).toHaveURL(/\/unauthorised-access$/);
});

test("the Pages screens pass axe", async ({ page, signInAs, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  await signInAs("Administrator");
  for (const url of ["/admin/pages", "/admin/pages/add"]) {
    await page.goto(url);
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
      url,
    ).toEqual([]);
  }
});
