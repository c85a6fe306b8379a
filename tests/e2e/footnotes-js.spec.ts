/**
 * Footnotes and the contents box in the rich editor (docs/behaviour.md §footnotes): the toolbar's
 * Footnote button asks for the note and inserts a numbered reference at the caret, Outline
 * inserts the box; the saved post's page shows both; reopening and saving again changes nothing.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the JavaScript-on editor");

const tool = (page: Page, name: string) =>
  page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name, exact: true });

async function addFootnote(page: Page, note: string) {
  await tool(page, "Footnote").click();
  const dialog = page.getByRole("dialog", { name: "Add Footnote" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Note").fill(note);
  await dialog.getByRole("button", { name: "Add Footnote" }).click();
  await expect(dialog).toBeHidden();
  // Focus is back on the toolbar button; the caret is still where the reference went.
  await expect(tool(page, "Footnote")).toBeFocused();
}

test("the toolbar inserts footnotes and a contents box that the page shows", async ({
  page,
  server,
  signInAs,
}) => {
  await signInAs("Author");
  await page.goto(`${server.url}/admin/posts/add`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await page.getByLabel("Title").fill("Footnoted with the editor");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("A post with footnotes");

  await editor.click();
  await tool(page, "Outline").click();
  await expect(editor.getByText("generated from the headings")).toBeVisible();
  await editor.click();
  await page.keyboard.press("Control+End");
  await tool(page, "Heading 2").click();
  await page.keyboard.type("First part");
  await page.keyboard.press("Enter");
  await page.keyboard.type("A claim");
  await addFootnote(page, "The first source.");
  await editor.click();
  await page.keyboard.press("Control+End");
  await page.keyboard.type(" and another");
  await addFootnote(page, "The second source.");
  await expect(editor.getByRole("button", { name: /^Footnote \d: edit its note$/ })).toHaveText([
    "1",
    "2",
  ]);

  // The toolbar stays one Tab stop: the arrow keys reach the new buttons.
  await tool(page, "Footnote").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tool(page, "Outline")).toBeFocused();

  // Editing a note from its number, with the keyboard.
  await editor.getByRole("button", { name: "Footnote 1: edit its note" }).focus();
  await page.keyboard.press("Enter");
  const edit = page.getByRole("dialog", { name: "Footnote 1" });
  await expect(edit.getByLabel("Note")).toHaveValue("The first source.");
  await edit.getByLabel("Note").fill("The first source, revised.");
  await edit.getByRole("button", { name: "Save Note" }).click();

  const written = await page.locator('input[type="hidden"][name="content"]').inputValue();
  expect(written).toContain('<nav class="ik-contents"></nav>');
  expect(written).toContain('<h2 id="first-part"');
  expect(written).toMatch(/<section class="ik-footnotes" role="doc-endnotes".*<\/section>$/);
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  const row = server.queryOne<{ url: string; content: string }>(
    "SELECT url, content FROM posts WHERE title = ?",
    "Footnoted with the editor",
  );
  // The server stores the editor's HTML as it is.
  expect(row.content).toBe(written);

  // Reopened and saved again: the same HTML.
  await page.reload();
  await expect(editor.getByRole("button", { name: /^Footnote/ })).toHaveCount(2);
  await expect(editor.getByText("generated from the headings")).toBeVisible();
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(
    page.getByRole("status").filter({ hasText: "Post updated successfully!" }),
  ).toBeVisible();
  const again = server.queryOne<{ content: string }>(
    "SELECT content FROM posts WHERE title = ?",
    "Footnoted with the editor",
  );
  expect(again.content).toBe(written);

  await page.goto(server.url + row.url);
  const prose = page.locator(".prose");
  await expect(
    prose.getByRole("navigation", { name: "Contents" }).getByRole("link", { name: "First part" }),
  ).toHaveAttribute("href", "#first-part");
  await expect(prose.locator("sup.ik-fnref a")).toHaveText(["1", "2"]);
  await expect(prose.locator(".ik-footnotes li")).toHaveText([
    /^The first source, revised\./,
    /^The second source\./,
  ]);
  await prose.locator("sup.ik-fnref a").first().click();
  await expect(page).toHaveURL(/#fn-1$/);
});
