/**
 * Galleries with JavaScript (docs/behaviour.md §galleries): the lightbox on the post page (opens
 * on a gallery link, arrows move, Escape closes, focus returns to the link), no serious axe
 * violation at 375 and 1280 px in both themes, and a gallery built in the editor: inserted from
 * the toolbar with alt text, captions and credits, reordered, saved as the stored form.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { type E2EServer, expect, test } from "./fixtures";
import { expectGallery, GALLERY_HTML, GALLERY_IMAGES } from "./galleries-content";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the JavaScript-on journey");

let postUrl = "";

async function publish(page: Page, server: E2EServer, title: string, content: string) {
  const added = await page.request.post(`${server.url}/admin/posts/add`, {
    form: { title, category: "Crypto", summary: "Pictures.", content, intent: "publish" },
    maxRedirects: 0,
  });
  const editPath = added.headers().location ?? "";
  expect(editPath).toMatch(/^\/admin\/posts\/edit\/\d+$/);
  const id = editPath.split("/").pop();
  return server.queryOne<{ url: string }>("SELECT url FROM posts WHERE id = ?", Number(id)).url;
}

test("a gallery image opens in a lightbox: arrows move, Escape closes, focus returns", async ({
  page,
  signInAs,
  server,
}) => {
  await signInAs("Editor");
  postUrl = await publish(page, server, "Gallery with a lightbox", GALLERY_HTML);
  await page.goto(server.url + postUrl);
  await expectGallery(page);

  const links = page.locator(".ik-gallery-link");
  await links.first().click();
  await expect(page.getByRole("dialog", { name: "Image 1 of 3" })).toBeVisible();
  const box = page.locator("dialog.lightbox");
  await expect(box.getByRole("img", { name: GALLERY_IMAGES[0].alt })).toBeVisible();
  await expect(box).toContainText("Polls open.");
  await expect(box).toContainText("Photo: Ann Lee");
  await expect(box.getByRole("button", { name: "Close" })).toBeFocused();

  await page.keyboard.press("ArrowRight");
  await expect(box.getByRole("heading")).toHaveText("Image 2 of 3");
  await expect(box.getByRole("img", { name: GALLERY_IMAGES[1].alt })).toBeVisible();
  await expect(box).toContainText("Photo: Bo Chen");
  await page.keyboard.press("ArrowLeft");
  await page.keyboard.press("ArrowLeft");
  await expect(box.getByRole("heading")).toHaveText("Image 3 of 3");
  await box.getByRole("button", { name: "Next image" }).click();
  await expect(box.getByRole("heading")).toHaveText("Image 1 of 3");

  await page.keyboard.press("Escape");
  await expect(page.locator("dialog.lightbox")).toBeHidden();
  await expect(links.first()).toBeFocused();

  // By keyboard alone: Enter on the second link, the visible Close button.
  await links.nth(1).focus();
  await page.keyboard.press("Enter");
  await expect(page.getByRole("dialog", { name: "Image 2 of 3" })).toBeVisible();
  await page.getByRole("button", { name: "Close" }).click();
  await expect(page.locator("dialog.lightbox")).toBeHidden();
  await expect(links.nth(1)).toBeFocused();
  expect(page.url()).toBe(server.url + postUrl);
});

for (const theme of ["light", "dark"] as const) {
  test(`the gallery has no serious accessibility violation (${theme})`, async ({ page }) => {
    test.setTimeout(90_000);
    await page.emulateMedia({ colorScheme: theme });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(postUrl);
      await expectGallery(page);
      const check = async () => {
        const results = await new AxeBuilder({ page })
          .include(".prose")
          .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
          .analyze();
        return results.violations
          .filter((v) => v.impact === "serious" || v.impact === "critical")
          .map((v) => ({ rule: v.id, targets: v.nodes.map((n) => n.target.join(" ")) }));
      };
      expect(await check()).toEqual([]);
      await page.locator(".ik-gallery-link").first().click();
      await expect(page.locator("dialog.lightbox")).toBeVisible();
      const open = await new AxeBuilder({ page })
        .include("dialog.lightbox")
        .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
        .analyze();
      expect(
        open.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
      ).toEqual([]);
    }
  });
}

test("a gallery is built in the editor: alt text, captions, credits, reordered, saved", async ({
  page,
  signInAs,
  server,
}) => {
  test.setTimeout(90_000);
  await signInAs("Editor");
  await page.goto(`${server.url}/admin/posts/add`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await page.getByLabel("Title").fill("Gallery built in the editor");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("Pictures.");
  await editor.click();
  await page.keyboard.type("Before the gallery.");

  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  await toolbar.getByRole("button", { name: "Gallery", exact: true }).click();
  let dialog = page.getByRole("dialog", { name: "Add Gallery" });
  await dialog.getByLabel("Image URL").fill(GALLERY_IMAGES[0].src);
  await dialog.getByRole("button", { name: "Add Image" }).click();
  // Alt text is asked for every image.
  await expect(dialog.getByRole("alert")).toContainText("mark it as decorative");
  await dialog.getByLabel("Alternative text").fill(GALLERY_IMAGES[0].alt);
  await dialog.getByLabel("Caption").fill(GALLERY_IMAGES[0].caption);
  await dialog.getByLabel("Credit").fill(GALLERY_IMAGES[0].credit);
  await dialog.getByRole("button", { name: "Add Image" }).click();
  await expect(dialog).toBeHidden();

  const gallery = editor.locator(".editor-gallery");
  await expect(gallery.locator(".editor-gallery-item")).toHaveCount(1);
  await gallery.getByRole("button", { name: "Add image" }).click();
  dialog = page.getByRole("dialog", { name: "Add Gallery Image" });
  await dialog.getByLabel("This image is decorative").check();
  await dialog.getByLabel("Caption").fill("A second picture.");
  await dialog.getByLabel("Image URL").fill(GALLERY_IMAGES[1].src);
  await dialog.getByRole("button", { name: "Add Image" }).click();
  await expect(gallery.locator(".editor-gallery-item")).toHaveCount(2);

  // Reorder by keyboard: the second image moves earlier and keeps focus.
  const moveEarlier = gallery.getByRole("button", { name: /^Move earlier image 2/ });
  await moveEarlier.focus();
  await page.keyboard.press("Enter");
  await expect(gallery.locator(".editor-gallery-item img").first()).toHaveAttribute(
    "src",
    GALLERY_IMAGES[1].src,
  );
  await expect(gallery.getByRole("button", { name: /^Move later image 1/ })).toBeFocused();

  // Reorder by dragging one image onto another (twice: back, then again).
  const items = gallery.locator(".editor-gallery-item");
  const firstImage = items.first().locator("img");
  await items.nth(1).dragTo(items.first());
  await expect(firstImage).toHaveAttribute("src", GALLERY_IMAGES[0].src);
  await items.nth(1).dragTo(items.first());
  await expect(firstImage).toHaveAttribute("src", GALLERY_IMAGES[1].src);

  await gallery.getByLabel("Columns").selectOption("2");
  await gallery.getByLabel("Gallery caption").fill("Two pictures.");
  await gallery.getByLabel("Gallery caption").press("Tab");

  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page.getByTestId("post-status")).toHaveText("Published");
  const stored = server.queryOne<{ content: string; url: string }>(
    "SELECT content, url FROM posts WHERE title = ?",
    "Gallery built in the editor",
  );
  expect(stored.content).toContain(
    '<figure class="ik-gallery" data-columns="2"><ul class="ik-gallery-grid">' +
      `<li><figure class="ik-image"><img src="${GALLERY_IMAGES[1].src}" alt="" role="presentation"><figcaption><span class="ik-caption">A second picture.</span></figcaption></figure></li>` +
      `<li><figure class="ik-image"><img src="${GALLERY_IMAGES[0].src}" alt="${GALLERY_IMAGES[0].alt}"><figcaption><span class="ik-caption">${GALLERY_IMAGES[0].caption}</span> <span class="ik-credit">${GALLERY_IMAGES[0].credit}</span></figcaption></figure></li>` +
      "</ul><figcaption>Two pictures.</figcaption></figure>",
  );
  expect(stored.content).toContain("Before the gallery.");

  // Opened again, the editor shows the same gallery.
  await page.reload();
  await expect(editor.locator(".editor-gallery-item")).toHaveCount(2);
  await expect(editor.getByLabel("Columns")).toHaveValue("2");
});
