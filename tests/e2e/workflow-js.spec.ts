/**
 * The editor's autosave with JavaScript (docs/behaviour.md §workflow): while
 * the form changes, Edit Post autosaves every 30 s without saving the post;
 * reopening the post offers the newer autosave, and restoring it brings the
 * typed headline back.
 */
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "autosave runs in the page");

test("Edit Post autosaves a changed headline, and reopening offers it", async ({
  page,
  signInAs,
  server,
}) => {
  test.setTimeout(120_000);
  await signInAs("Editor");
  const fields = {
    title: "Autosaved headline, first",
    category: "Crypto",
    summary: "Autosave check.",
    content: "<p>Autosave check.</p>",
    intent: "draft",
  };
  const added = await page.request.post(`${server.url}/admin/posts/add`, {
    form: fields,
    maxRedirects: 0,
  });
  const editPath = added.headers().location ?? "";
  expect(editPath).toMatch(/^\/admin\/posts\/edit\/\d+$/);

  await page.goto(`${server.url}${editPath}`);
  await page.getByLabel("Title").fill("Autosaved headline, second");
  await expect(page.getByRole("status").filter({ hasText: "Autosaved at" })).toBeVisible({
    timeout: 45_000,
  });
  // The post itself is unchanged.
  await page.goto(`${server.url}${editPath}`);
  await expect(page.getByLabel("Title")).toHaveValue("Autosaved headline, first");
  await page.getByRole("link", { name: "Compare and restore it" }).click();
  await expect(page.getByTestId("revision-diff").locator(".diff-text ins").first()).toContainText(
    "first",
  );
  await page.getByRole("button", { name: "Restore this revision" }).click();
  await expect(page.getByLabel("Title")).toHaveValue("Autosaved headline, second");
});
