/**
 * Editorial notes with JavaScript (docs/behaviour.md §editorial-notes): a passage selected in the
 * editor gets a note through the toolbar's "Add note" with no reload, its mark saved with the
 * post; replies and Resolve need no reload either; Publish shows the warnings in the page; the
 * edit screen with a note has no serious accessibility violations (light and dark); the preview
 * never shows the mark.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the JavaScript journey");

async function newDraft(page: Page, title: string) {
  await page.goto("/admin/posts/add");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill(`Summary of ${title}`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.click();
  await page.keyboard.type("Markets rallied on Tuesday after the report.");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
}

/** Selects `text` inside the editor, as a mouse drag would. */
async function selectInEditor(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Content" }).evaluate((root, wanted) => {
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const at = node.textContent?.indexOf(wanted) ?? -1;
      if (at < 0) continue;
      (root as HTMLElement).focus();
      const range = document.createRange();
      range.setStart(node, at);
      range.setEnd(node, at + wanted.length);
      const selection = window.getSelection();
      selection?.removeAllRanges();
      selection?.addRange(range);
      return;
    }
    throw new Error(`"${wanted}" is not in the editor`);
  }, text);
}

test("a note on a selected passage, reply, resolve and Publish anyway, with no reload", async ({
  page,
  signInAs,
}) => {
  test.setTimeout(90_000);
  await signInAs("Editor");
  await newDraft(page, "Noted with scripts");
  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  const stillSameDocument = () =>
    page.evaluate(() => (window as unknown as { sameDocument?: boolean }).sameDocument === true);

  // The toolbar's Add note joins its one Tab stop.
  await expect(
    page.getByRole("toolbar", { name: "Formatting" }).locator('button[tabindex="0"]'),
  ).toHaveCount(1);
  await selectInEditor(page, "rallied on Tuesday");
  await expect(async () => {
    await page.getByRole("button", { name: "Add note" }).first().click();
    await expect(page.locator(".add-note-form .note-quote")).toHaveText("rallied on Tuesday");
  }).toPass({ timeout: 10_000 });
  const note = page.getByLabel("Note", { exact: true });
  await expect(note).toBeFocused();
  await note.fill("Which report?");
  await page.locator(".add-note-form").getByRole("button", { name: "Add note" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Save the post" })).toBeVisible();
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor.locator("mark.ik-note[data-note]")).toHaveText("rallied on Tuesday");
  const thread = page.locator(".note-thread").first();
  await expect(thread.locator(".note-body")).toHaveText("Which report?");
  expect(await stillSameDocument()).toBe(true);

  // Saved with the post: the thread is on its passage.
  const saved = page.waitForResponse(
    // The form's own save (not an autosave, not a note).
    (r) =>
      r.request().method() === "POST" &&
      /\/admin\/posts\/edit\/\d+(\.data)?$/.test(new URL(r.url()).pathname) &&
      new URL(r.url()).search === "",
  );
  await page.getByRole("button", { name: "Save Draft" }).click();
  await saved;
  await page.waitForLoadState("networkidle");
  await page.reload();
  await expect(page.locator(".note-thread").first().getByText("Passage removed")).toHaveCount(0);
  await expect(editor.locator("mark.ik-note")).toHaveText("rallied on Tuesday");

  await page.evaluate(() => {
    (window as unknown as { sameDocument: boolean }).sameDocument = true;
  });
  await thread.getByLabel("Reply").fill("The central bank's.");
  await thread.getByRole("button", { name: "Reply" }).click();
  await expect(thread.locator(".note-replies")).toContainText("The central bank's.");
  await expect(thread.getByLabel("Reply")).toHaveValue("");

  // axe on the edit screen with a note, light and dark.
  for (const theme of ["light", "dark"] as const) {
    await page.emulateMedia({ colorScheme: theme });
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .include(".notes-panel")
      .include(".editor-frame")
      .analyze();
    const serious = results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(serious.map((v) => `${v.id}: ${v.nodes[0]?.target.join(" ")}`)).toEqual([]);
  }

  await page.getByRole("button", { name: "Publish Post" }).click();
  const warnings = page.getByRole("region", { name: /Publish with this warning/ });
  await expect(warnings).toContainText("1 editorial note is still open");
  await expect(warnings.getByRole("heading")).toBeFocused();
  await warnings.getByRole("button", { name: "Keep editing" }).click();
  await expect(warnings).toHaveCount(0);

  await thread.getByRole("button", { name: "Resolve" }).click();
  await expect(page.locator(".note-thread.is-resolved")).toContainText("Resolved by");
  await expect(page.getByRole("heading", { name: "Editorial notes (0 open)" })).toBeVisible();
  await thread.getByRole("button", { name: "Reopen" }).click();
  await expect(page.getByRole("heading", { name: "Editorial notes (1 open)" })).toBeVisible();
  expect(await stillSameDocument()).toBe(true);

  await page.getByRole("button", { name: "Publish Post" }).click();
  await page.getByRole("button", { name: "Publish anyway" }).click();
  await expect(page.getByText("Post updated successfully!")).toBeVisible();

  // The post's page: the text, never the mark.
  const url = await page.locator(".admin-page-header a").first().getAttribute("href");
  await page.goto(url ?? "/");
  await expect(page.getByText("Markets rallied on Tuesday after the report.")).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain("ik-note");
  expect(html).not.toContain("<mark");
  expect(html).not.toContain("Which report?");
});
