/**
 * The editor's embed card (docs/behaviour.md §embeds): a lone link pasted on an empty line is
 * resolved by the server and becomes a card that saves as the stored figure; a link that cannot
 * be embedded stays a link and the editor says why.
 */
import type { Page } from "@playwright/test";
import { type FakeProvider, startFakeProvider } from "../support/fake-oembed";
import { expect, test } from "./fixtures";

let fake: FakeProvider;

test.beforeAll(async ({ server }) => {
  fake = await startFakeProvider();
  server.withDb((db) =>
    db
      .prepare("update settings set embed_providers = ? where id = 1")
      .run(`${fake.host} ${fake.origin}/oembed`),
  );
});
test.afterAll(async () => {
  await fake?.close();
});

async function paste(page: Page, text: string) {
  await page.getByRole("textbox", { name: "Content" }).evaluate((el, value) => {
    const data = new DataTransfer();
    data.setData("text/plain", value);
    el.dispatchEvent(
      new ClipboardEvent("paste", { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, text);
}

test("pasting a lone link makes a card; an unknown one stays a link with the reason", async ({
  page,
  signInAs,
  server,
}) => {
  // The settings row is put back after each test; list the provider again for this one.
  server.withDb((db) =>
    db
      .prepare("update settings set embed_providers = ? where id = 1")
      .run(`${fake.host} ${fake.origin}/oembed`),
  );
  await signInAs("Administrator");
  await page.goto("/admin/posts/add");
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await editor.click();
  await paste(page, `${fake.origin}/video/1`);
  const card = page.locator(".editor-embed-card");
  await expect(card.getByText("Fake video 1")).toBeVisible();
  await expect(card.getByRole("button", { name: "Refresh" })).toBeVisible();
  await expect(card.locator("img")).toHaveAttribute("src", /^\/uploads\/media\//);
  await expect
    .poll(() => page.locator('input[type="hidden"][name="content"]').inputValue())
    .toContain(`<figure class="ik-embed" data-embed-url="${fake.origin}/video/1">`);

  await page.keyboard.press("Enter");
  await paste(page, "http://127.0.0.3:9/nothing");
  await expect(page.locator(".editor-embed-note")).toContainText(
    "Not embedded: http://127.0.0.3:9/nothing — 127.0.0.3 is on a private network address",
  );

  await card.getByRole("button", { name: /Remove embed/ }).click();
  await expect(card).toHaveCount(0);
});
