/**
 * Reader comments end to end, with JavaScript off and on: a reader posts
 * (moderation is on in the demo settings), sees their own comment waiting
 * while another reader does not, the Administrator approves it on
 * /admin/comments, and then everyone sees it and its count. Markup stays text.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

async function firstPostPath(page: Page, category: string) {
  await page.goto(`/category/${category}`);
  const href = await page
    .locator("article.post-card .post-card-title a")
    .first()
    .getAttribute("href");
  if (!href) throw new Error(`no post on the ${category} page`);
  return href;
}

async function postComment(page: Page, body: string) {
  const form = page.locator("form#respond");
  await form.getByLabel("Name (required)").fill("Rita Reader");
  await form.getByLabel("Email (required, never shown)").fill("rita.e2e@example.org");
  await form.getByLabel("Comment (required)").fill(body);
  await form.getByRole("button", { name: "Post Comment" }).click();
}

test("a reader's comment waits for the Administrator, then shows with its count", async ({
  page: adminPage,
  browser,
  signInAs,
  baseURL,
  javaScriptEnabled,
}) => {
  // Three browsers and a dozen pages: more than the default time on a busy 2-core machine.
  test.setTimeout(90_000);
  const readerContext = await browser.newContext({ baseURL, javaScriptEnabled });
  const page = await readerContext.newPage();
  const path = await firstPostPath(page, "crypto");
  await page.goto(path);
  const heading = page.getByRole("heading", { level: 2, name: /Comments?$/ });
  const before = Number((await heading.textContent())?.match(/\d+/)?.[0] ?? 0);
  const body = `Markup <b>stays</b> text ${Date.now()}\n\nSee https://example.com/source`;
  await postComment(page, body);

  await expect(page).toHaveURL(/#comment-\d+$/);
  // Posted: the form is empty again (with JavaScript it is emptied in place; without, it is new).
  await expect(page.locator("form#respond").getByLabel("Comment (required)")).toHaveValue("");
  const id = new URL(page.url()).hash.slice(1);
  await expect(page.getByRole("status").filter({ hasText: "awaiting moderation" })).toBeVisible();
  const mine = page.locator(`#${id}`);
  await expect(mine.getByText("Your comment is awaiting moderation.")).toBeVisible();
  await expect(mine.getByText(/Markup <b>stays<\/b> text/)).toBeVisible();
  await expect(mine.getByRole("link", { name: "https://example.com/source" })).toHaveAttribute(
    "rel",
    /nofollow ugc/,
  );
  await expect(page.locator("body")).not.toContainText("rita.e2e@example.org");

  // Another reader does not see it.
  const other = await browser.newContext({ baseURL, javaScriptEnabled });
  const otherPage = await other.newPage();
  await otherPage.goto(path);
  await expect(otherPage.locator(`#${id}`)).toHaveCount(0);

  // The Administrator approves it from the Pending tab.
  await signInAs("Administrator");
  await adminPage.goto("/admin/comments?status=pending");
  await expect(adminPage.getByRole("link", { name: /Pending \(\d+\)/ })).toBeVisible();
  const row = adminPage.getByRole("row").filter({ hasText: body.split("\n")[0] ?? "" });
  await row.getByRole("button", { name: "Approve: the comment by Rita Reader" }).click();
  await expect(adminPage.getByText("Comment approved")).toBeVisible();
  await expect(row).toHaveCount(0);

  await otherPage.goto(path);
  await expect(otherPage.locator(`#${id}`)).toContainText("Markup <b>stays</b> text");
  await expect(otherPage.getByRole("heading", { level: 2, name: /Comments?$/ })).toHaveText(
    new RegExp(`^${before + 1} Comments?$`),
  );
  await other.close();
  await readerContext.close();
});

test("with CAPTCHA on, a comment passes the check with JavaScript, or waits for moderation without it", async ({
  page,
  server,
  javaScriptEnabled,
}) => {
  test.setTimeout(60_000);
  // The fixture puts the settings row back after the test.
  server.withDb((db) =>
    db
      .prepare(
        "update settings set enable_captcha = 1, enable_comment_moderation = 0, enable_spam_filters = 0 where id = 1",
      )
      .run(),
  );
  await page.goto(await firstPostPath(page, "freshly-pressed"));
  const form = page.locator("form#respond");
  const body = `Checked by the CAPTCHA ${javaScriptEnabled ? "js" : "nojs"} ${Date.now()}`;
  await form.getByLabel("Name (required)").fill("Cap Reader");
  await form.getByLabel("Email (required, never shown)").fill("cap.e2e@example.org");
  await form.getByLabel("Comment (required)").fill(body);
  if (javaScriptEnabled) {
    const widget = form.locator("altcha-widget");
    await expect(widget).toBeVisible();
    await expect(widget.getByText("Verified")).toBeVisible({ timeout: 20_000 });
  } else {
    await expect(form.locator("altcha-widget")).toHaveCount(0);
  }
  await form.getByRole("button", { name: "Post Comment" }).click();
  await expect(page).toHaveURL(/#comment-\d+$/);
  const status = server.queryOne<{ status: string }>(
    "select status from comments where body = ?",
    body,
  ).status;
  if (javaScriptEnabled) {
    await expect(page.getByText("Thank you! Your comment is published.")).toBeVisible();
    expect(status).toBe("approved");
  } else {
    await expect(page.getByText("Thank you! Your comment is awaiting moderation.")).toBeVisible();
    expect(status).toBe("pending");
  }
});

test("a blank comment shows the message and keeps what was typed", async ({ page }) => {
  await page.goto(await firstPostPath(page, "crypto"));
  const form = page.locator("form#respond");
  await form.getByLabel("Name (required)").fill("Rita Kept");
  await form.getByLabel("Email (required, never shown)").fill("rita@example.org");
  // Spaces pass the browser's own check; the server refuses them.
  await form.getByLabel("Comment (required)").fill("   ");
  await form.getByRole("button", { name: "Post Comment" }).click();
  await expect(page.getByText("Comment is required")).toBeVisible();
  await expect(page.locator("form#respond").getByLabel("Name (required)")).toHaveValue("Rita Kept");
});

test("the comments screen and a post with comments pass axe", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  test.skip(!javaScriptEnabled, "axe runs in the page");
  const path = await firstPostPath(page, "crypto");
  await page.goto(path);
  await postComment(page, "An accessible comment https://example.com");
  await expect(page).toHaveURL(/#comment-\d+$/);
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
    ).toEqual([]);
  }
  await signInAs("Administrator");
  for (const url of ["/admin/comments", "/admin/comments?status=pending"]) {
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
