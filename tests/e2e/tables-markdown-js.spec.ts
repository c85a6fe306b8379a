/**
 * Tables and Markdown with JavaScript (docs/behaviour.md §tables, §markdown): a table inserted
 * from the toolbar, a row added, saved in the stored form; `## ` typed makes a heading; Download
 * as Markdown answers a .md file; Markdown pasted as plain text becomes rich text.
 */
import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

const tool = (page: Page, name: string) =>
  page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name, exact: true });

test("insert a table, add a row, type a Markdown heading, save and download as Markdown", async ({
  page,
  signInAs,
  server,
}) => {
  const base = server.url;
  await signInAs("Administrator");
  await page.goto(`${base}/admin/posts/add`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await page.getByLabel("Title").fill("A table from the toolbar");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("Tables and Markdown.");
  await editor.click();

  // Markdown shortcut: "## " starts a level-2 heading.
  await page.keyboard.type("## Prices today");
  await expect(editor.locator("h2")).toHaveText("Prices today");
  await page.keyboard.press("Enter");

  await tool(page, "Table").click();
  const dialog = page.getByRole("dialog", { name: "Insert Table" });
  await dialog.getByLabel("Rows").fill("2");
  await dialog.getByLabel("Columns").fill("2");
  await dialog.getByLabel("Caption (optional)").fill("Coin prices");
  await dialog.getByRole("button", { name: "Insert Table" }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.locator("table tr")).toHaveCount(2);
  await editor.locator("table th").first().click();
  await page.keyboard.type("Coin");
  await expect(tool(page, "Header row")).toHaveAttribute("aria-pressed", "true");
  await tool(page, "Add row").click();
  await expect(editor.locator("table tr")).toHaveCount(3);
  await editor.locator("table td").first().click();
  await page.keyboard.type("Bitcoin");

  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  const stored = server.queryOne<{ content: string; slug: string }>(
    "SELECT content, slug FROM posts WHERE title = ?",
    "A table from the toolbar",
  );
  expect(stored.content).toContain("<h2");
  expect(stored.content).toMatch(
    /<figure class="ik-table"><table><caption>Coin prices<\/caption><thead><tr><th scope="col">(<span[^>]*>)?Coin/,
  );
  expect(stored.content.match(/<tbody>.*<\/tbody>/)?.[0].match(/<tr>/g)).toHaveLength(2);
  expect(stored.content).not.toContain("colgroup");
  // The editor opens the stored table again, caption and all.
  await expect(editor.locator("table tr")).toHaveCount(3);
  await editor.locator("table td").first().click();
  await tool(page, "Table caption").click();
  await expect(
    page.getByRole("dialog", { name: "Table Caption" }).getByLabel("Caption (optional)"),
  ).toHaveValue("Coin prices");
  await page
    .getByRole("dialog", { name: "Table Caption" })
    .getByRole("button", { name: "Cancel" })
    .click();

  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Download as Markdown" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toBe(`${stored.slug}.md`);
  const text = readFileSync((await file.path()) ?? "", "utf8");
  expect(text).toMatch(/^---\ntitle: "A table from the toolbar"\n/);
  expect(text).toContain("## Prices today");
  expect(text).toMatch(/\| Coin \|/);
});

test("plain text that is Markdown pastes as rich text; other plain text stays text", async ({
  page,
  signInAs,
  server,
}) => {
  await signInAs("Administrator");
  await page.goto(`${server.url}/admin/posts/add`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.click();
  const paste = (text: string) =>
    editor.evaluate((el, value) => {
      const data = new DataTransfer();
      data.setData("text/plain", value);
      el.dispatchEvent(
        new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
      );
    }, text);
  await paste("Just a sentence, pasted.");
  await expect(editor.locator("p")).toContainText("Just a sentence, pasted.");
  await page.keyboard.press("Enter");
  await paste("### Coins\n\n- **Bitcoin**\n- Ether\n");
  await expect(editor.locator("h3")).toHaveText("Coins");
  await expect(editor.locator("ul > li")).toHaveCount(2);
  await expect(editor.locator("ul strong")).toHaveText("Bitcoin");
});
