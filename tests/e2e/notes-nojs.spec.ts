/**
 * Editorial notes without JavaScript (docs/behaviour.md §editorial-notes): an Editor puts a note
 * on a paragraph, replies and resolves it with plain forms; Publish warns about an open note and
 * "Publish anyway" publishes; the post's page never shows a note or its mark.
 */
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

async function newDraft(page: Page, title: string): Promise<string> {
  await page.goto("/admin/posts/add");
  await page.getByLabel("Title").fill(title);
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill(`Summary of ${title}`);
  await page
    .getByLabel("Content")
    .fill("<p>The opening paragraph of the piece.</p><p>A second paragraph with a claim.</p>");
  await page.getByRole("button", { name: "Save Draft" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  return page.url();
}

test("note a paragraph, reply, resolve; Publish warns; readers never see it", async ({
  page,
  signInAs,
}) => {
  await signInAs("Editor");
  const edit = await newDraft(page, "Noted in plain forms");
  const notes = page.getByRole("region", { name: /Editorial notes/ });
  await expect(notes.getByRole("heading", { name: "Editorial notes (0 open)" })).toBeVisible();

  await notes
    .getByLabel("Paragraph")
    .selectOption({ label: "2. A second paragraph with a claim." });
  await notes.getByLabel("Note", { exact: true }).fill("Source for this claim?");
  await notes.getByRole("button", { name: "Add note" }).click();
  await expect(page).toHaveURL(/#note-\d+$/);
  await expect(page.locator(".notice").getByText("Note added")).toBeVisible();
  const thread = page.locator(".note-thread").first();
  await expect(thread.locator(".note-quote")).toHaveText("A second paragraph with a claim.");
  await expect(thread.locator(".note-body")).toHaveText("Source for this claim?");
  await expect(thread.getByText("Passage removed")).toHaveCount(0);
  // The paragraph's text in the form now carries the note's mark.
  await expect(page.getByLabel("Content")).toHaveValue(
    /<mark class="ik-note" data-note="\d+">A second/,
  );

  await thread.getByLabel("Reply").fill("Added a link in the next draft.");
  await thread.getByRole("button", { name: "Reply" }).click();
  await expect(page.locator(".note-replies")).toContainText("Added a link in the next draft.");

  await page.locator(".note-thread").first().getByRole("button", { name: "Resolve" }).click();
  await expect(page.locator(".notice").getByText("Note resolved")).toBeVisible();
  await expect(page.locator(".note-thread.is-resolved")).toContainText("Resolved by");
  await expect(page.getByRole("heading", { name: "Editorial notes (0 open)" })).toBeVisible();

  // Another note, left open: Publish asks first.
  await page.getByLabel("Paragraph").selectOption({ index: 1 });
  await page.getByLabel("Note", { exact: true }).fill("Tighten the opening.");
  await page.getByRole("button", { name: "Add note" }).click();
  await expect(page.locator(".notice").getByText("Note added")).toBeVisible();
  await page.getByRole("button", { name: "Publish Post" }).click();
  const warnings = page.getByRole("region", { name: /Publish with this warning/ });
  await expect(warnings).toContainText("1 editorial note is still open");
  await warnings.getByRole("button", { name: "Publish anyway" }).click();
  await expect(page).toHaveURL(edit);

  // The post's page (public now): the text, no note, no mark.
  const url = await page.locator(".admin-page-header a").first().getAttribute("href");
  await page.context().clearCookies();
  const response = await page.goto(url ?? "/");
  expect(response?.status()).toBe(200);
  await expect(page.getByText("A second paragraph with a claim.")).toBeVisible();
  const html = await page.content();
  expect(html).not.toContain("ik-note");
  expect(html).not.toContain("<mark");
  expect(html).not.toContain("Source for this claim?");
});
