/**
 * Categories, Tags, the Media Library and Add Media without JavaScript
 * (docs/behaviour.md §taxonomy, §media): plain forms, links for Edit, Cancel and
 * the Delete confirm step, the copy URL shown in a field, Download returning
 * the file, and an Author who sees no Delete.
 */
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { join } from "node:path";
import type { Page } from "@playwright/test";
import { type E2EServer, expect, PNG_FILE, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

let server: E2EServer;
let base = "";

test.beforeAll(({ server: worker }) => {
  server = worker;
  base = worker.url;
});

const notice = (page: Page) => page.getByRole("status");
/** The table row whose header ends with `name` (a thumbnail's alt text may come first). */
const row = (page: Page, name: string) =>
  page.getByRole("row").filter({
    has: page.getByRole("rowheader", {
      name: new RegExp(`(^| )${name.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`),
    }),
  });

for (const screen of [
  {
    path: "/admin/posts/categories",
    noun: "Category",
    lower: "category",
    plural: "categories",
    taken: "Crypto",
  },
  { path: "/admin/posts/tags", noun: "Tag", lower: "tag", plural: "tags", taken: "Bitcoin" },
]) {
  test(`${screen.plural} are added, edited and deleted`, async ({ page, signInAs }) => {
    await signInAs("Administrator");
    await page.goto(base + screen.path);
    await expect(page.getByRole("heading", { name: `Add New ${screen.noun}` })).toBeVisible();

    // Add: the slug is made on the server from the name.
    await page.getByLabel("Name").fill("Deep Space Probes!");
    await page.getByLabel("Description").fill("Missions beyond the Moon");
    await page.getByRole("button", { name: `Add New ${screen.noun}` }).click();
    await expect(notice(page)).toHaveText(`${screen.noun} added successfully!`);
    const added = row(page, "Deep Space Probes!");
    await expect(added).toContainText("Missions beyond the Moon");
    await expect(added).toContainText("deep-space-probes");

    // A duplicate slug is refused with the reason; the form keeps what was typed.
    await page.getByLabel("Name").fill(screen.taken.toLowerCase());
    await page.getByLabel("Description").fill("Again");
    await page.getByRole("button", { name: `Add New ${screen.noun}` }).click();
    await expect(page.getByRole("alert")).toHaveText(
      new RegExp(
        `^Error adding ${screen.lower}: A ${screen.lower} with the slug "${screen.taken.toLowerCase()}" already exists`,
      ),
    );
    await expect(page.getByLabel("Description")).toHaveValue("Again");

    // Edit is a link that fills the form; Cancel goes back to Add New.
    await page.goto(base + screen.path);
    await added.getByRole("link", { name: "Edit Deep Space Probes!" }).click();
    await expect(page).toHaveURL(`${base}${screen.path}?edit=deep-space-probes`);
    await expect(page.getByRole("heading", { name: `Edit ${screen.noun}` })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("Deep Space Probes!");
    await expect(page.getByLabel("Slug")).toHaveValue("deep-space-probes");
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(page.getByRole("heading", { name: `Add New ${screen.noun}` })).toBeVisible();
    await expect(page.getByLabel("Name")).toHaveValue("");

    await row(page, "Deep Space Probes!").getByRole("link", { name: /^Edit/ }).click();
    await page.getByLabel("Name").fill("Space Probes");
    await page.getByLabel("Description").fill("Voyager and friends");
    await page.getByRole("button", { name: `Update ${screen.noun}` }).click();
    await expect(page).toHaveURL(base + screen.path);
    await expect(notice(page)).toHaveText(`${screen.noun} updated successfully!`);
    await expect(row(page, "Space Probes")).toContainText("space-probes");
    await expect(row(page, "Space Probes")).toContainText("Voyager and friends");
    await expect(row(page, "Deep Space Probes!")).toHaveCount(0);

    // Delete asks first; Cancel keeps it, the confirm button removes it.
    await row(page, "Space Probes")
      .getByRole("link", { name: /^Delete/ })
      .click();
    await expect(page.getByRole("heading", { name: `Delete ${screen.lower}?` })).toBeVisible();
    await page.getByRole("link", { name: "Cancel" }).click();
    await expect(row(page, "Space Probes")).toHaveCount(1);
    await row(page, "Space Probes")
      .getByRole("link", { name: /^Delete/ })
      .click();
    await page.getByRole("button", { name: "Delete Space Probes" }).click();
    await expect(notice(page)).toHaveText(`${screen.noun} deleted successfully!`);
    await expect(row(page, "Space Probes")).toHaveCount(0);
  });
}

test("a category that still has posts is not deleted, and says why", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  // Business: posts, and no home section (a section's category asks for a replacement first).
  await page.goto(`${base}/admin/posts/categories?delete=business`);
  await page.getByRole("button", { name: "Delete Business" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    /^Error deleting category: "Business" still has \d+ posts?; move/,
  );
  await page.goto(`${base}/admin/posts/categories`);
  await expect(row(page, "Business")).toHaveCount(1);
});

test("renaming a category moves its posts' URLs, and the old URLs redirect", async ({
  page,
  signInAs,
}) => {
  // World is this test's own: no other spec reads it, so the rename cannot reach them.
  await page.goto(`${base}/category/world`);
  const oldPath = await page
    .locator("article.post-card .post-card-title a")
    .first()
    .getAttribute("href");
  expect(oldPath).toMatch(/^\/\d+\/world\/[a-z0-9-]+$/);
  const newPath = oldPath?.replace("/world/", "/world-affairs/");

  await signInAs("Administrator");
  await page.goto(`${base}/admin/posts/categories?edit=world`);
  await page.getByLabel("Name").fill("World Affairs");
  await page.getByRole("button", { name: "Update Category" }).click();
  await expect(notice(page)).toHaveText("Category updated successfully!");
  await expect(row(page, "World Affairs")).toContainText("world-affairs");

  const response = await page.request.get(base + oldPath, { maxRedirects: 0 });
  expect(response.status()).toBe(301);
  expect(response.headers().location).toBe(newPath);
  await page.goto(base + oldPath);
  await expect(page).toHaveURL(base + newPath);
});

test("an image uploaded in Add Media is in the library: view, copy URL, download, delete", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/media/add`);
  await expect(page.getByText("Maximum upload file size: 1 GB")).toBeVisible();

  // A text file named .png is refused, from its content.
  await page.getByLabel("Choose a file").setInputFiles({
    name: "notes.png",
    mimeType: "image/png",
    buffer: Buffer.from("not a picture at all"),
  });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Error uploading image. Only images can be uploaded (PNG, JPEG, GIF, WebP or AVIF).",
  );

  const picture = readFileSync("public/demo/images/chart-up.jpg");
  await page.getByLabel("Choose a file").setInputFiles({
    name: "chart-up.jpg",
    mimeType: "image/jpeg",
    buffer: picture,
  });
  await page.getByRole("button", { name: "Upload" }).click();
  await expect(page).toHaveURL(`${base}/admin/media/library`);
  await expect(notice(page)).toHaveText("Image uploaded successfully");

  const item = row(page, "chart-up.jpg");
  await expect(item.getByRole("img", { name: "Preview of chart-up.jpg" })).toBeVisible();
  await expect(item).toContainText("Site Administrator");
  await expect(item.getByRole("cell").nth(1)).toHaveText("Media");

  // View opens the file itself.
  const href = await item.getByRole("link", { name: "View chart-up.jpg" }).getAttribute("href");
  expect(href).toMatch(/^\/uploads\/media\/[0-9a-f-]{36}\.jpg$/);
  const viewed = await page.request.get(base + href);
  expect(viewed.headers()["content-type"]).toBe("image/jpeg");
  expect(Buffer.from(await viewed.body()).equals(picture)).toBe(true);

  // Copy URL without JavaScript: the site-relative URL in a read-only field.
  await item.getByText("Copy URL").click();
  const field = item.getByRole("textbox", { name: "URL of chart-up.jpg" });
  await expect(field).toBeVisible();
  await expect(field).toHaveValue(href ?? "");
  await expect(field).toHaveAttribute("readonly", "");

  // Download returns the same bytes, under the uploaded name.
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    item.getByRole("link", { name: "Download chart-up.jpg" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("chart-up.jpg");
  const downloaded = await download.path();
  expect(readFileSync(downloaded).equals(picture)).toBe(true);

  // A second upload from another screen shows under its collection.
  await page.goto(`${base}/admin/settings`);
  await page.getByLabel("Logo").setInputFiles(PNG_FILE);
  await page.getByRole("button", { name: "Save Settings" }).click();
  await expect(notice(page)).toHaveText("Settings updated successfully");
  await page.goto(`${base}/admin/media/library`);
  await page
    .getByRole("navigation", { name: "Filter by collection" })
    .getByRole("link", { name: "Settings" })
    .click();
  await expect(page).toHaveURL(`${base}/admin/media/library?collection=settings`);
  await expect(row(page, PNG_FILE.name).getByRole("cell").nth(1)).toHaveText("Settings");
  await expect(row(page, "chart-up.jpg")).toHaveCount(0);
});

test("an Author sees the library without Delete; an Administrator deletes with a confirm step", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/media/library`);
  const deleteHref = await row(page, "chart-up.jpg")
    .getByRole("link", { name: "Delete chart-up.jpg" })
    .getAttribute("href");
  const href = await row(page, "chart-up.jpg")
    .getByRole("link", { name: /^View/ })
    .getAttribute("href");

  await signInAs("Author");
  await page.goto(`${base}/admin/media/library`);
  await expect(row(page, "chart-up.jpg")).toHaveCount(1);
  await expect(page.getByRole("link", { name: /^Delete/ })).toHaveCount(0);
  await expect(page.getByRole("link", { name: /^Download/ }).first()).toBeVisible();
  // The confirm step is not offered either, even by URL.
  await page.goto(base + deleteHref);
  await expect(page.getByRole("button", { name: /^Delete/ })).toHaveCount(0);

  await signInAs("Administrator");
  await page.goto(`${base}/admin/media/library`);
  await row(page, "chart-up.jpg").getByRole("link", { name: "Delete chart-up.jpg" }).click();
  await expect(page.getByRole("heading", { name: "Delete image?" })).toBeVisible();
  await page.getByRole("button", { name: "Delete chart-up.jpg" }).click();
  await expect(notice(page)).toHaveText("Image deleted successfully!");
  await expect(row(page, "chart-up.jpg")).toHaveCount(0);
  expect((await page.request.get(base + href)).status()).toBe(404);
});

test("a newsletter's PDF is listed with a PDF badge, not a broken image; View and Download work", async ({
  page,
  signInAs,
}) => {
  // As the newsletter screen stores an attachment: a file under uploads/newsletters and its media row.
  const pdf = Buffer.from("%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n");
  const stored = `newsletters/${crypto.randomUUID()}.pdf`;
  mkdirSync(join(server.dataDir, "uploads", "newsletters"), { recursive: true });
  writeFileSync(join(server.dataDir, "uploads", stored), pdf);
  server.withDb((db) =>
    db
      .prepare(
        "insert into media (uid, url, name, path, mime_type, size, collection) values (?, ?, ?, ?, ?, ?, ?)",
      )
      .run(
        crypto.randomUUID(),
        `/uploads/${stored}`,
        "Issue 12.pdf",
        stored,
        "application/pdf",
        pdf.length,
        "newsletters",
      ),
  );

  await signInAs("Administrator");
  await page.goto(`${base}/admin/media/library?collection=newsletters`);
  const item = row(page, "Issue 12.pdf");
  await expect(item.locator(".file-badge")).toHaveText("PDF file");
  await expect(item.locator("img")).toHaveCount(0);
  const href = await item.getByRole("link", { name: "View Issue 12.pdf" }).getAttribute("href");
  expect(href).toBe(`/uploads/${stored}`);
  const viewed = await page.request.get(base + href);
  expect(viewed.headers()["content-type"]).toBe("application/pdf");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    item.getByRole("link", { name: "Download Issue 12.pdf" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Issue 12.pdf");
  expect(readFileSync(await download.path()).equals(pdf)).toBe(true);
});

test("a client that disconnects mid-upload leaves no partial file behind", async () => {
  const incoming = join(server.dataDir, "uploads", ".incoming");
  const left = () => (existsSync(incoming) ? readdirSync(incoming) : []);
  const boundary = "----inkwell-e2e-cut";
  const { port } = new URL(base);
  const socket = connect(Number(port), "127.0.0.1");
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  // POST /upload/image needs no key before the body is read: anyone can start one.
  socket.write(
    `POST /upload/image HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nOrigin: ${base}\r\n` +
      `Content-Type: multipart/form-data; boundary=${boundary}\r\nContent-Length: ${20 * 1024 * 1024}\r\n\r\n` +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="cut.png"\r\nContent-Type: image/png\r\n\r\n`,
  );
  socket.write(PNG_FILE.buffer);
  for (let i = 0; i < 8; i++) socket.write(Buffer.alloc(64 * 1024, 7));
  await expect.poll(() => left().length, { timeout: 10_000 }).toBe(1);
  socket.destroy();
  await expect.poll(left, { timeout: 10_000 }).toEqual([]);
  // The server still answers.
  expect((await fetch(`${base}/robots.txt`)).ok).toBe(true);
});
