/**
 * Galleries without JavaScript (docs/behaviour.md §galleries): a writer types the stored gallery
 * form into the plain field and publishes; the post shows the grid (three columns wide, fewer on
 * a phone), each image a link to its full-size file, with captions and "Photo: …" credits.
 */
import { expect, test } from "./fixtures";
import { expectGallery, GALLERY_HTML, gridColumns } from "./galleries-content";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

test("a gallery typed into the plain field is published as a grid of full-size links", async ({
  page,
  signInAs,
  server,
}) => {
  await signInAs("Editor");
  await page.goto(`${server.url}/admin/posts/add`);
  await page.getByLabel("Title").fill("Gallery typed by hand");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("Pictures of the day.");
  await page.getByLabel("Content").fill(GALLERY_HTML);
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByTestId("post-status")).toHaveText("Published");
  // Saved as typed: the stored form is what the plain field gets back.
  await expect(page.getByLabel("Content")).toHaveValue(GALLERY_HTML);
  const url = (await page.locator(".admin-page-header a").getAttribute("href")) ?? "";
  expect(url).toMatch(/^\/\d+\/crypto\/gallery-typed-by-hand$/);

  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto(server.url + url);
  await expectGallery(page);
  expect(await gridColumns(page)).toBe(3);

  // Following a link opens the full-size file itself.
  const first = page.locator(".ik-gallery-link").first();
  const [response] = await Promise.all([page.waitForResponse(/ballot-box\.jpg$/), first.click()]);
  expect(response.status()).toBe(200);
  await expect(page).toHaveURL(/\/demo\/images\/ballot-box\.jpg$/);

  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto(server.url + url);
  await expectGallery(page);
  expect(await gridColumns(page)).toBe(1);
});
