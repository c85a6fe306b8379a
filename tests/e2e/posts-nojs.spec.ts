/**
 * The post screens without JavaScript (docs/behaviour.md §posts, §access): an Author writes
 * in the textarea, saves a draft, publishes and reads the post on the public
 * site; a Contributor's publish lands in Reviewing, with no Edit or Delete;
 * an Editor trashes and deletes through the confirm step; the list pages at 26.
 */
import type { Page } from "@playwright/test";
import { expect, signOut, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

let base = "";
const PASSWORD = "Staff-pass-123!";
const staff = (role: string) => ({
  role,
  name: `Posts ${role}`,
  email: `posts-${role.toLowerCase()}@example.com`,
  password: PASSWORD,
});
const AUTHOR = staff("Author");
const CONTRIBUTOR = staff("Contributor");
const EDITOR = staff("Editor");
const PAGER = { ...staff("Author"), name: "Posts Pager", email: "posts-pager@example.com" };

test.beforeAll(({ server }) => {
  base = server.url;
});

/** Fills the required fields of Add/Edit Post. */
async function fillPost(page: Page, title: string, content: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Bitcoin").check();
  await page.getByLabel("Summary").fill(`Summary of ${title}`);
  await page.getByLabel("Content").fill(content);
}

const notice = (page: Page) => page.locator(".notice");

test("an Author writes in the textarea, saves a draft, publishes and reads it on the public site", async ({
  page,
  signInAs,
}) => {
  await signInAs(AUTHOR);
  await page.goto(`${base}/admin/posts/add`);
  await expect(page).toHaveTitle("Add Post | Inkwell");
  await expect(page.getByTestId("post-status")).toHaveText("Draft");
  // The textarea says what it takes, and where image addresses come from.
  const help = page.locator(".rich-text-field .hint");
  await expect(help).toContainText("Kept when saved: <p> <br>");
  await expect(help.getByRole("link", { name: "Media Library" })).toHaveAttribute(
    "href",
    "/admin/media/library",
  );

  // A blank summary: the server answers 400 with the form as typed, nothing saved.
  await page.getByLabel("Title").fill("Written without scripts");
  const refused = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Save Draft" }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole("alert")).toHaveText("All fields are required");
  await expect(page.getByLabel("Title")).toHaveValue("Written without scripts");
  // The slug is the server's, from the title (docs/behaviour.md §posts).
  await expect(page.getByLabel("Slug")).toHaveValue("written-without-scripts");

  await fillPost(
    page,
    "Written without scripts",
    "<p>A paragraph typed as <strong>HTML</strong>.</p><script>alert(1)</script>",
  );
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  await expect(notice(page)).toHaveText("Draft saved successfully!");
  await expect(page.getByTestId("post-status")).toHaveText("Draft");
  await expect(page.getByLabel("Content")).toHaveValue(
    "<p>A paragraph typed as <strong>HTML</strong>.</p>",
  );
  await expect(page.getByLabel("Bitcoin")).toBeChecked();

  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(notice(page)).toHaveText("Post updated successfully!");
  await expect(page.getByTestId("post-status")).toHaveText("Published");
  const url = (await page.locator(".admin-page-header a").getAttribute("href")) ?? "";
  const id = /\/admin\/posts\/edit\/(\d+)/.exec(page.url())?.[1];
  expect(url).toBe(`/${id}/crypto/written-without-scripts`);

  // Preview saves, then opens the post page, which says what was saved.
  await page.getByRole("button", { name: "Preview" }).click();
  await expect(page).toHaveURL(base + url);
  await expect(notice(page)).toHaveText(/saved successfully!|updated successfully!/);

  // The public site, signed out.
  await signOut(page, base);
  await page.goto(base + url);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Written without scripts");
  await expect(page.getByText("A paragraph typed as HTML.")).toBeVisible();
  await expect(page.locator("strong", { hasText: "HTML" })).toBeVisible();

  // The Author's list holds only their own posts.
  await signInAs(AUTHOR);
  await page.goto(`${base}/admin/posts`);
  await expect(page).toHaveTitle("Posts | Inkwell");
  await expect(page.getByRole("heading", { name: "All Posts" })).toBeVisible();
  const rows = page.locator("tbody tr");
  await expect(rows).toHaveCount(1);
  await expect(rows.first()).toContainText("Written without scripts");
  await expect(rows.first()).toContainText(AUTHOR.name);
  await expect(rows.first()).toContainText("Crypto");
  await expect(page.getByRole("link", { name: /^Published \(1\)/ })).toBeVisible();
});

test("a Contributor's publish lands in Reviewing, without Edit, Delete or the Action column", async ({
  page,
  signInAs,
}) => {
  await signInAs(CONTRIBUTOR);
  await page.goto(`${base}/admin/posts/add`);
  await fillPost(page, "From a contributor", "<p>Please review me.</p>");
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  await expect(notice(page)).toHaveText("Post saved successfully!");
  await expect(page.getByTestId("post-status")).toHaveText("Reviewing");
  await expect(page.getByRole("button", { name: "Delete Post" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Move to Trash" })).toBeVisible();

  await page.goto(`${base}/admin/posts`);
  await page.getByRole("link", { name: /^Reviewing \(1\)/ }).click();
  await expect(page).toHaveURL(`${base}/admin/posts?status=reviewing`);
  const row = page.locator("tbody tr", { hasText: "From a contributor" });
  await expect(row).toBeVisible();
  await expect(row.getByRole("button", { name: /Trash/ })).toBeVisible();
  await expect(row.getByRole("link", { name: /Preview/ })).toBeVisible();
  await expect(page.getByRole("link", { name: /Edit/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /Delete/ })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Action" })).toHaveCount(0);
  await expect(page.getByRole("columnheader", { name: "Category" })).toBeVisible();
});

test("an Editor trashes a post from the list, then deletes it after the confirm step", async ({
  page,
  signInAs,
}) => {
  await signInAs(EDITOR);
  await page.goto(`${base}/admin/posts?q=without+scripts`);
  // Editors see the review queue (docs/behaviour.md §workflow).
  await expect(page.getByRole("link", { name: /^Reviewing \(\d+\)$/ })).toBeVisible();
  const row = page.locator("tbody tr", { hasText: "Written without scripts" });
  await row.getByRole("button", { name: /Trash/ }).click();
  await expect(notice(page)).toHaveText("Post updated successfully!");
  // The search is kept after the reload.
  await expect(page.getByLabel("Search posts")).toHaveValue("without scripts");
  await expect(page.locator("tbody tr")).toHaveCount(0);

  await page.getByRole("link", { name: /^Trash \(/ }).click();
  const trashed = page.locator("tbody tr", { hasText: "Written without scripts" });
  await expect(trashed).toBeVisible();
  await trashed.getByRole("link", { name: /Delete/ }).click();
  await expect(page).toHaveURL(/confirm=\d+/);
  const confirm = page.getByRole("alertdialog");
  await expect(confirm.getByRole("heading")).toHaveText(
    "Delete «Written without scripts» permanently?",
  );
  // Cancel leaves it; Delete removes it.
  await confirm.getByRole("link", { name: "Cancel" }).click();
  await expect(page.getByRole("alertdialog")).toHaveCount(0);
  await trashed.getByRole("link", { name: /Delete/ }).click();
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(notice(page)).toHaveText("Post deleted successfully!");
  await expect(page.locator("tbody tr", { hasText: "Written without scripts" })).toHaveCount(0);

  // Delete Post on Edit Post goes through the same confirm step.
  await page.goto(`${base}/admin/posts?q=From+a+contributor`);
  await page.getByRole("link", { name: /Edit “From a contributor”/ }).click();
  await page.getByRole("button", { name: "Delete Post" }).click();
  await expect(page.getByRole("alertdialog").getByRole("heading")).toHaveText(
    "Delete «From a contributor» permanently?",
  );
  await page.getByRole("alertdialog").getByRole("button", { name: "Delete" }).click();
  await expect(notice(page)).toHaveText("Post deleted successfully!");
});

test("pagination appears at 26 posts, not at 25", async ({ page, signInAs }) => {
  await signInAs(PAGER);
  const add = async (i: number) => {
    const res = await page.request.post(`${base}/admin/posts/add`, {
      headers: { Origin: base },
      multipart: {
        title: `Pager post ${String(i).padStart(2, "0")}`,
        category: "Crypto",
        summary: "Paging",
        content: "<p>Paging</p>",
        intent: "draft",
      },
      maxRedirects: 0,
    });
    expect(res.status()).toBe(303);
  };
  for (let i = 1; i <= 25; i++) await add(i);
  await page.goto(`${base}/admin/posts`);
  await expect(page.locator("tbody tr")).toHaveCount(25);
  await expect(page.getByRole("navigation", { name: "Pages" })).toHaveCount(0);

  await add(26);
  await page.goto(`${base}/admin/posts`);
  const pages = page.getByRole("navigation", { name: "Pages" });
  await expect(pages).toBeVisible();
  await expect(page.locator("tbody tr").first()).toContainText("Pager post 26");
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(`${base}/admin/posts?page=2`);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await expect(page.locator("tbody tr")).toContainText("Pager post 01");
  await expect(page.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
});

test("the list shows each post's status and date, sorts by date, and stacks rows at 375 px", async ({
  page,
  signInAs,
}) => {
  // The Pager's 26 drafts (the test above), saved one after another.
  await signInAs(PAGER);
  await page.goto(`${base}/admin/posts`);
  const table = page.getByRole("table");
  await expect(table.getByRole("columnheader", { name: "Status" })).toBeVisible();
  const date = table.getByRole("columnheader", { name: /Date/ });
  await expect(date).toHaveAttribute("aria-sort", "descending");
  const first = page.locator("tbody tr").first();
  await expect(first).toContainText("Pager post 26");
  await expect(first.locator("td[data-label='Status']")).toHaveText("draft");
  await expect(first.locator("td[data-label='Date'] time")).toHaveAttribute(
    "datetime",
    /^\d{4}-\d\d-\d\dT/,
  );

  await date.getByRole("link").click();
  await expect(page).toHaveURL(`${base}/admin/posts?order=oldest`);
  await expect(page.getByRole("columnheader", { name: /Date/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page.locator("tbody tr").first()).toContainText("Pager post 01");
  // Paging keeps the order.
  await page.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(`${base}/admin/posts?order=oldest&page=2`);
  await expect(page.locator("tbody tr")).toContainText("Pager post 26");

  // On a phone: no sideways scrolling; each row is a block whose cells say what they are.
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(`${base}/admin/posts`);
  const wrap = page.locator(".table-wrap");
  expect(await wrap.evaluate((el) => el.scrollWidth - el.clientWidth)).toBeLessThanOrEqual(0);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
  await expect(page.locator("thead")).not.toBeInViewport();
  const cell = page.locator("tbody tr").first().locator("td[data-label='Author']");
  expect(await cell.evaluate((el) => getComputedStyle(el, "::before").content)).toBe('"Author"');
});
