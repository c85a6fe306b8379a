/**
 * The post screens with JavaScript (docs/behaviour.md §posts): the social card preview
 * follows the typing and the description stops at 200 characters; blank
 * required fields toast "All fields are required" without a request; saves
 * toast the messages of docs/behaviour.md §posts; Delete asks in a dialog.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { type E2EServer, expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the JavaScript journey");

let server: E2EServer;
let base = "";

test.beforeAll(({ server: worker }) => {
  server = worker;
  base = worker.url;
});

/** Posts in this server's database (read-only). */
function postCount(): number {
  return server.queryOne<{ n: number }>("select count(*) as n from posts").n;
}

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

test("the social card preview follows the typing; the description stops at 200 characters", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  // Network idle: the rich-text field's editor (a lazy chunk, when there is one) has loaded.
  await page.goto(`${base}/admin/posts/add`, { waitUntil: "networkidle" });
  const preview = page.getByTestId("social-card-preview");
  await expect(preview).toHaveCount(0);
  await page.getByLabel("Add a social card (optional)").check();
  await expect(preview).toBeVisible();

  await page.getByLabel("Card name").fill("Rates, explained");
  await expect(preview.locator(".social-card-name")).toHaveText("Rates, explained");
  await page.getByLabel("Card name").fill("N".repeat(60));
  await expect(preview.locator(".social-card-name")).toHaveText(`${"N".repeat(50)}...`);

  const description = page.getByLabel("Card description");
  await description.fill("First line");
  await description.press("Enter");
  await description.pressSequentially("second");
  await expect(description).toHaveValue("First line second");
  await expect(preview.locator(".social-card-description")).toHaveText("First line second");
  await description.fill("d".repeat(250));
  await expect(description).toHaveValue("d".repeat(200));
  await expect(page.getByText("200 / 200 characters")).toBeVisible();
  await description.press("x");
  await expect(description).toHaveValue("d".repeat(200));

  // A chosen background shows at once, blurred by the Blur field (default 3).
  await expect(page.getByLabel("Blur")).toHaveValue("3");
  await page.getByLabel("Background image").setInputFiles({
    name: "card.png",
    mimeType: "image/png",
    buffer: Buffer.from(
      "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
      "base64",
    ),
  });
  const background = preview.locator(".social-card-bg");
  await expect(background).toHaveAttribute("src", /^blob:/);
  await expect(background).toHaveCSS("filter", "blur(3px)");
  await page.getByLabel("Blur").fill("8");
  await expect(background).toHaveCSS("filter", "blur(8px)");

  // The slug follows the title as it is typed.
  await page.getByLabel("Title").fill("Rates: What Now?");
  await expect(page.getByLabel("Slug")).toHaveValue("rates-what-now");
});

test("blank required fields toast 'All fields are required' and send nothing", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  // Network idle: the rich-text field's editor (a lazy chunk, when there is one) has loaded.
  await page.goto(`${base}/admin/posts/add`, { waitUntil: "networkidle" });
  const before = postCount();
  const posted: string[] = [];
  page.on("request", (r) => {
    if (r.method() === "POST") posted.push(r.url());
  });
  await page.getByLabel("Title").fill("Only a title");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("   ");
  await page.getByLabel("Content").fill("<p>Body</p>");
  for (const button of ["Save Draft", "Preview", "Publish Post"]) {
    await page.getByRole("button", { name: button }).click();
    await expect(toast(page, "All fields are required").first()).toBeVisible();
  }
  // Untouched content (an empty editor, or an empty textarea) is blank too.
  await page.goto(`${base}/admin/posts/add`, { waitUntil: "networkidle" });
  await page.getByLabel("Title").fill("Only a title");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("A summary");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(toast(page, "All fields are required").first()).toBeVisible();
  await expect(page).toHaveURL(`${base}/admin/posts/add`);
  expect(posted).toEqual([]);
  expect(postCount()).toBe(before);
});

test("Edit Post leaves focus and the view at the top; a refusal moves focus to what needs fixing", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.setViewportSize({ width: 1280, height: 800 });
  const atTop = async () => {
    // The editor has replaced the textarea (its lazy chunk has loaded).
    await expect(page.getByRole("textbox", { name: "Content" })).toHaveAttribute(
      "contenteditable",
      "true",
    );
    await page.waitForLoadState("networkidle");
    expect(await page.evaluate(() => window.scrollY)).toBe(0);
    expect(await page.evaluate(() => document.activeElement?.closest("#content") ?? null)).toBe(
      null,
    );
    await expect(page.getByLabel("Title")).toBeInViewport();
    await expect(page.getByLabel("Summary")).toBeInViewport();
  };
  await page.goto(`${base}/admin/posts/add`, { waitUntil: "networkidle" });
  await page.getByLabel("Title").fill("Focus stays put");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("A summary");
  await page.getByLabel("Content").fill("A body long enough to matter. ".repeat(40));
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  await expect(toast(page, "Draft saved successfully!")).toBeVisible();
  await atTop(); // after a save
  await page.reload();
  await atTop(); // on load

  // Refused before sending: focus goes to the first blank field.
  await page.getByLabel("Title").fill("");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(toast(page, "All fields are required").first()).toBeVisible();
  await expect(page.getByLabel("Title")).toBeFocused();

  // Refused by the server: focus goes to the message above the form.
  await page.getByLabel("Title").fill("Focus stays put");
  await page.locator('input[name="version"]').evaluate((el) => {
    (el as HTMLInputElement).value = "x";
  });
  await page.getByRole("button", { name: "Save Draft" }).click();
  const alert = page.getByRole("alert").filter({ hasText: "Error saving draft" });
  await expect(alert).toBeFocused();
  await expect(alert).toBeInViewport();
});

test("save and publish toast the messages of docs/behaviour.md §posts; Delete Post asks in a dialog", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  // Network idle: the rich-text field's editor (a lazy chunk, when there is one) has loaded.
  await page.goto(`${base}/admin/posts/add`, { waitUntil: "networkidle" });
  await page.getByLabel("Title").fill("Toasted post");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("A summary");
  await page.getByLabel("Content").fill("<p>Saved with scripts on.</p>");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  await expect(toast(page, "Draft saved successfully!")).toBeVisible();
  // With JavaScript the message is a toast, not a second copy in the page.
  await expect(page.locator(".notice")).toHaveCount(0);

  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(toast(page, "Post updated successfully!")).toBeVisible();
  await expect(page.getByTestId("post-status")).toHaveText("Published");

  const before = postCount();
  await page.getByRole("button", { name: "Delete Post" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete «Toasted post» permanently?" });
  await expect(dialog).toBeVisible();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toHaveCount(0);
  expect(postCount()).toBe(before);

  // From the list: the row's Delete opens the same dialog.
  await page.goto(`${base}/admin/posts?q=Toasted`);
  await page.getByRole("link", { name: "Delete “Toasted post”" }).click();
  await expect(page).toHaveURL(`${base}/admin/posts?q=Toasted`);
  await page
    .getByRole("dialog", { name: "Delete «Toasted post» permanently?" })
    .getByRole("button", { name: "Delete" })
    .click();
  await expect(toast(page, "Post deleted successfully!")).toBeVisible();
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page.locator("tbody tr")).toHaveCount(0);
  expect(postCount()).toBe(before - 1);
});

async function seriousProblems(page: Page) {
  const { violations } = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((x) => x.target).join(", ")}`);
}

for (const theme of ["light", "dark"] as const) {
  test(`the post screens have no serious accessibility violations (${theme})`, async ({
    page,
    signInAs,
  }) => {
    test.setTimeout(120_000);
    await signInAs("Administrator");
    await page.emulateMedia({ colorScheme: theme });
    const problems: Record<string, string[]> = {};
    const check = async (name: string) => {
      const found = await seriousProblems(page);
      if (found.length) problems[name] = found;
    };
    await page.goto(`${base}/admin/posts`);
    await check("list");
    await page
      .getByRole("link", { name: /^Delete “/ })
      .first()
      .click();
    await check("delete dialog");
    await page.goto(`${base}/admin/posts?confirm=1`);
    await check("confirm step");
    // Network idle: the rich-text field's editor (a lazy chunk, when there is one) has loaded.
    await page.goto(`${base}/admin/posts/add`, { waitUntil: "networkidle" });
    await page.getByLabel("Add a social card (optional)").check();
    await page.getByLabel("Card name").fill("Card");
    await check("add");
    await page.goto(`${base}/admin/posts/edit/1`);
    await check("edit");
    expect(problems).toEqual({});
  });
}
