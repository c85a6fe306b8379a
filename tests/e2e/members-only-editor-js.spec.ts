/**
 * The editor's "Members only from here" line and Edit Post's Visibility (docs/members.md
 * "Members-only posts"): the writer places the line and chooses Members; the stored post carries
 * the marker; the posts list marks it Members only; a reader who is not signed in gets the text
 * above it and the members box.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const tool = (page: Page, name: string) =>
  page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name, exact: true });

test("a writer marks where the members' part begins", async ({ page, server, signInAs }) => {
  await signInAs("Author");
  await page.goto(`${server.url}/admin/posts/add`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await page.getByLabel("Title").fill("Half for members");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("Open start, members' end");
  await editor.click();
  await page.keyboard.type("Free opening words");
  await tool(page, "Members only from here").click();
  await expect(editor.getByText("Members only from here")).toBeVisible();
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type("Paid closing words");
  await page.getByLabel("Visibility").selectOption("members");
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);

  const row = server.queryOne<{ url: string; content: string; visibility: string }>(
    "SELECT url, content, visibility FROM posts WHERE title = ?",
    "Half for members",
  );
  expect(row.visibility).toBe("members");
  expect(row.content).toMatch(
    /Free opening words.*<hr class="ik-members-only">.*Paid closing words/,
  );

  // The posts list says who may read it all.
  await page.goto(`${server.url}/admin/posts?search=${encodeURIComponent("Half for members")}`);
  await expect(page.getByRole("row", { name: /Half for members/ })).toContainText("Members only");

  await page.context().clearCookies();
  await page.goto(server.url + row.url);
  await expect(page.locator(".prose")).toContainText("Free opening words");
  await expect(page.getByRole("heading", { name: "This story is for members" })).toBeVisible();
  expect(await page.content()).not.toContain("Paid closing words");
});
