/**
 * The newsroom's workflow without JavaScript (docs/behaviour.md §workflow):
 * an Editor schedules a post that goes live on its own at its time (post page,
 * home, feed) and not before; a past time is refused; Revisions (N) grows
 * with each save, shows a changed headline as a diff and restores it; an
 * Editor sends a Contributor's post back with a note the Contributor sees;
 * a second tab's stale save is refused with what was typed kept; with the
 * site's time zone set, Schedule (posts) and Send later (newsletters) read
 * and show wall-clock times in that zone.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

let base = "";
test.beforeAll(({ server }) => {
  base = server.url;
});

const notice = (page: Page) => page.locator(".notice");

/** The form's datetime-local value (UTC, the site's zone until Settings has one) `ms` from now. */
const utcLocal = (msFromNow: number) => new Date(Date.now() + msFromNow).toISOString().slice(0, 19);

/** `ms` as the `datetime-local` value (seconds) of a wall clock in `timeZone`. */
const zoneLocal = (ms: number, timeZone: string) =>
  new Intl.DateTimeFormat("sv-SE", {
    timeZone,
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    hourCycle: "h23",
  })
    .format(new Date(ms))
    .replace(" ", "T");

async function fillPost(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill(`Summary of ${title}`);
  await page.getByLabel("Content").fill(`<p>The body of ${title}.</p>`);
}

test("an Editor schedules a post; it goes live at its time, not before", async ({
  page,
  signInAs,
}) => {
  await signInAs("Editor");
  await page.goto(`${base}/admin/posts/add`);
  await fillPost(page, "Scheduled without scripts");

  // A time in the past: refused, what was typed kept.
  await page.getByLabel(/Publish at/).fill(utcLocal(-60_000));
  const refused = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Schedule" }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("must be in the future");
  await expect(page.getByLabel("Title")).toHaveValue("Scheduled without scripts");

  // The field holds whole seconds.
  const due = Math.floor((Date.now() + 8_000) / 1000) * 1000;
  await page.getByLabel(/Publish at/).fill(new Date(due).toISOString().slice(0, 19));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(notice(page)).toContainText("Post scheduled for");
  await expect(page.getByTestId("post-status")).toHaveText("Scheduled");
  await expect(page.getByTestId("scheduled-for")).toContainText("UTC");
  const url = (await page.locator(".admin-page-header a").getAttribute("href")) ?? "";

  // Listed under Scheduled (N) with its time.
  await page.goto(`${base}/admin/posts?status=scheduled`);
  await expect(page.getByRole("link", { name: /^Scheduled \(\d+\)$/ })).toBeVisible();
  await expect(page.getByRole("row", { name: /Scheduled without scripts/ })).toContainText("UTC");

  // Readers see nothing before its time...
  expect((await fetch(`${base}${url}`)).status).toBe(404);
  expect(await (await fetch(`${base}/rss.xml`)).text()).not.toContain("Scheduled without scripts");
  // ...and the post, the home page and the feed have it within 2 s of it.
  await expect
    .poll(async () => (await fetch(`${base}${url}`)).status, { timeout: 20_000, intervals: [200] })
    .toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(due);
  expect(Date.now() - due).toBeLessThan(4_000);
  expect(await (await fetch(`${base}/rss.xml`)).text()).toContain("Scheduled without scripts");
  expect(await (await fetch(`${base}/sitemap.xml`)).status).toBe(200);
});

test("Revisions (N) grows, a diff shows a changed headline, restore brings it back", async ({
  page,
  signInAs,
}) => {
  await signInAs("Editor");
  await page.goto(`${base}/admin/posts/add`);
  await fillPost(page, "The first headline");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  await expect(page.getByRole("heading", { name: "Revisions (1)" })).toBeVisible();

  await page.getByLabel("Title").fill("A better headline");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(notice(page)).toHaveText("Draft saved successfully!");
  await expect(page.getByRole("heading", { name: "Revisions (2)" })).toBeVisible();

  // The oldest revision, as a diff against now.
  await page.locator(".revisions-list li a").last().click();
  const diff = page.getByTestId("revision-diff");
  await expect(diff.locator(".diff-text del").first()).toContainText("The first");
  await expect(diff.locator(".diff-text ins").first()).toContainText("A better");

  await page.getByRole("button", { name: "Restore this revision" }).click();
  await expect(notice(page)).toHaveText("Revision restored");
  await expect(page.getByLabel("Title")).toHaveValue("The first headline");
  await expect(page.getByRole("heading", { name: "Revisions (3)" })).toBeVisible();
});

test("an Editor sends a Contributor's post back with a note; the Contributor sees it", async ({
  page,
  signInAs,
}) => {
  await signInAs("Contributor");
  await page.goto(`${base}/admin/posts/add`);
  await fillPost(page, "A piece for review");
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByTestId("post-status")).toHaveText("Reviewing");
  const editPath = new URL(page.url()).pathname;

  await signInAs("Editor");
  await page.goto(`${base}/admin/posts`);
  await page.getByRole("link", { name: /^Reviewing \(\d+\)$/ }).click();
  await page.getByRole("link", { name: "A piece for review", exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`${editPath}$`));
  await expect(page.getByRole("button", { name: "Approve and publish" })).toBeVisible();
  await page.getByLabel("Note for the author").fill("Please add a source for the figures.");
  await page.getByRole("button", { name: "Send back" }).click();
  await expect(notice(page)).toHaveText("Post sent back to its author");

  await signInAs("Contributor");
  await page.goto(`${base}/admin/posts`);
  await expect(page.getByRole("row", { name: /A piece for review/ })).toContainText(
    "Please add a source for the figures.",
  );
  await page.goto(`${base}${editPath}`);
  await expect(page.getByRole("note", { name: "Sent back" })).toContainText(
    "Please add a source for the figures.",
  );
});

test("a second tab's stale save is refused and keeps what was typed", async ({
  page,
  context,
  signInAs,
}) => {
  await signInAs("Editor");
  await page.goto(`${base}/admin/posts/add`);
  await fillPost(page, "Edited in two tabs");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  const other = await context.newPage();
  await other.goto(page.url());

  await page.getByLabel("Title").fill("First tab's headline");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(notice(page)).toHaveText("Draft saved successfully!");

  await other.getByLabel("Title").fill("Second tab's headline");
  const refused = other.waitForResponse((r) => r.request().method() === "POST");
  await other.getByRole("button", { name: "Save Draft" }).click();
  expect((await refused).status()).toBe(409);
  await expect(other.getByRole("alert")).toContainText(
    /Saved by E2E Editor at \d\d:\d\d UTC while you were editing/,
  );
  await expect(other.getByLabel("Title")).toHaveValue("Second tab's headline");
});

test("with the site in New York, Schedule reads and shows New York time", async ({
  page,
  server,
  signInAs,
}) => {
  // Settings › Site identity; the fixture puts the settings back after the test.
  server.withDb((db) =>
    db.prepare("update settings set time_zone = 'America/New_York' where id = 1").run(),
  );
  await signInAs("Editor");
  await page.goto(`${base}/admin/posts/add`);
  await fillPost(page, "Scheduled in New York");
  const due = Math.floor((Date.now() + 8_000) / 1000) * 1000;
  const wall = zoneLocal(due, "America/New_York");
  await page.getByLabel("Publish at (America/New_York)").fill(wall);
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(notice(page)).toHaveText(
    `Post scheduled for ${wall.slice(0, 16).replace("T", " ")} America/New_York`,
  );
  await expect(page.getByTestId("scheduled-for")).toContainText("America/New_York");
  await expect(page.getByLabel("Publish at (America/New_York)")).toHaveValue(wall.slice(0, 16));
  const url = (await page.locator(".admin-page-header a").getAttribute("href")) ?? "";

  await page.goto(`${base}/admin/posts?status=scheduled`);
  await expect(page.getByRole("row", { name: /Scheduled in New York/ })).toContainText(
    `for ${wall.slice(0, 16).replace("T", " ")} America/New_York`,
  );
  // Read as New York time, it is due in seconds (read as UTC it would be hours away).
  expect((await fetch(`${base}${url}`)).status).toBe(404);
  await expect
    .poll(async () => (await fetch(`${base}${url}`)).status, { timeout: 20_000, intervals: [200] })
    .toBe(200);
  expect(Date.now()).toBeGreaterThanOrEqual(due);
});

test("Send later: a newsletter scheduled in the site's zone goes out at its time; cancel and reschedule", async ({
  page,
  server,
  signInAs,
}) => {
  server.withDb((db) =>
    db.prepare("update settings set time_zone = 'Asia/Tokyo' where id = 1").run(),
  );
  await signInAs("Editor");
  await page.goto(`${base}/admin/mail/send-newsletter`);
  await page.getByLabel("Audience").selectOption("News");
  await page.getByLabel("Subject").fill("Sent later from Tokyo");
  await page.getByLabel("Content").fill("<p>Good morning.</p>");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sent later from Tokyo");
  const field = page.getByLabel("Send at (Asia/Tokyo)");

  // A past time: refused, the typed time kept.
  const past = zoneLocal(Date.now() - 60_000, "Asia/Tokyo");
  await field.fill(past);
  const refused = page.waitForResponse((r) => r.request().method() === "POST");
  await page.getByRole("button", { name: "Schedule" }).click();
  expect((await refused).status()).toBe(400);
  await expect(page.getByRole("alert")).toContainText("must be in the future");
  await expect(page.getByLabel("Send at (Asia/Tokyo)")).toHaveValue(past);

  // An hour ahead, then cancelled: a draft again.
  await page
    .getByLabel("Send at (Asia/Tokyo)")
    .fill(zoneLocal(Date.now() + 3600_000, "Asia/Tokyo"));
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(notice(page)).toContainText("Newsletter scheduled for");
  await expect(page.getByTestId("newsletter-scheduled-for")).toContainText("Asia/Tokyo");
  await page.getByRole("button", { name: "Cancel schedule" }).click();
  await expect(notice(page)).toHaveText("Schedule cancelled: the newsletter is a draft again");
  await expect(page.locator(".badge")).toHaveText("draft");

  // Seconds ahead: listed as scheduled with its time, then queued and sent on its own.
  const due = Math.floor((Date.now() + 6_000) / 1000) * 1000;
  const wall = zoneLocal(due, "Asia/Tokyo");
  await page.getByLabel("Send at (Asia/Tokyo)").fill(wall);
  await page.getByRole("button", { name: "Schedule" }).click();
  await expect(notice(page)).toHaveText(
    `Newsletter scheduled for ${wall.slice(0, 16).replace("T", " ")} Asia/Tokyo`,
  );
  await page.goto(`${base}/admin/mail/send-newsletter`);
  const row = page.getByRole("row").filter({ hasText: "Sent later from Tokyo" });
  await expect(row).toContainText(
    `scheduled for ${wall.slice(0, 16).replace("T", " ")} Asia/Tokyo`,
  );
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("sent", { timeout: 500 });
  }).toPass({ timeout: 30_000 });
  expect(Date.now()).toBeGreaterThanOrEqual(due);
  // Subject, audience, status, when, deliveries ("N of M delivered", failed, skipped, pending).
  const cells = await row.getByRole("cell").allTextContents();
  expect(Number(/(\d+) of \d+ delivered/.exec(cells[4])?.[1])).toBeGreaterThan(0);
});

test("two tabs on a category, the settings and a user: the second save is refused, its typing kept", async ({
  page,
  context,
  signInAs,
}) => {
  await signInAs("Administrator");
  const other = await context.newPage();
  const staleSave = async (button: string, status = 409) => {
    const refused = other.waitForResponse((r) => r.request().method() === "POST");
    await other.getByRole("button", { name: button }).click();
    expect((await refused).status()).toBe(status);
    await expect(other.getByRole("alert")).toContainText(
      /Saved by Site Administrator at \d\d:\d\d UTC while you were editing/,
    );
  };

  // A category: both tabs open its Edit form; the first saves.
  const categories = `${base}/admin/posts/categories?edit=crypto`;
  await page.goto(categories);
  await other.goto(categories);
  await page.getByLabel("Description").fill("Saved by the first tab");
  await page.getByRole("button", { name: "Update Category" }).click();
  await expect(notice(page)).toHaveText("Category updated successfully!");
  await other.getByLabel("Description").fill("Typed in the second tab");
  await staleSave("Update Category");
  await expect(other.getByLabel("Description")).toHaveValue("Typed in the second tab");
  await page.goto(categories);
  await expect(page.getByLabel("Description")).toHaveValue("Saved by the first tab");

  // The settings.
  await page.goto(`${base}/admin/settings`);
  await other.goto(`${base}/admin/settings`);
  await page.getByLabel("Site Description").fill("First tab's description");
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(page.getByRole("status")).toHaveText("Settings updated successfully");
  await other.getByLabel("Site Name").fill("Second tab's name");
  await other.getByLabel("Use CDN").check();
  await staleSave("Save Settings");
  await expect(other.getByLabel("Site Name")).toHaveValue("Second tab's name");
  await expect(other.getByLabel("Use CDN")).toBeChecked();
  await page.reload();
  await expect(page.getByLabel("Site Name")).not.toHaveValue("Second tab's name");

  // A user record (Edit User).
  await page.goto(`${base}/admin/users`);
  const editLink = page.getByRole("link", { name: /^Edit (?!Site Administrator)/ }).first();
  const userPath = (await editLink.getAttribute("href")) ?? "";
  await page.goto(`${base}${userPath}`);
  await other.goto(`${base}${userPath}`);
  const name = await page.getByLabel("Name").inputValue();
  await page.getByLabel("Name").fill(`${name} Jr`);
  await page.getByRole("button", { name: "Save User" }).click();
  await expect(notice(page)).toHaveText("User updated successfully!");
  await other.getByLabel("Name").fill(`${name} (typed)`);
  await staleSave("Save User");
  await expect(other.getByLabel("Name")).toHaveValue(`${name} (typed)`);
});
