/**
 * The rich editor with JavaScript (docs/behaviour.md §editor "Rich editor", link rules,
 * upload toasts): every toolbar button leaves its markup in the saved HTML (in
 * the database and on the public page), the HTML the browser's editor writes
 * is stored byte for byte, the link dialog refuses javascript:, an uploaded
 * image appears in the post, and reopening the post shows the same content.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { type E2EServer, expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "the JavaScript-on editor");

let server: E2EServer;
let base = "";

test.beforeAll(({ server: worker }) => {
  server = worker;
  base = worker.url;
});

/** A 1×1 PNG. */
const PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

const toast = (page: Page, text: string) => page.getByRole("status").filter({ hasText: text });

/** The post with this title, as stored in the worker server's database. */
function storedPost(title: string) {
  return server.queryOne<{ id: number; url: string; content: string } | undefined>(
    "SELECT id, url, content FROM posts WHERE title = ?",
    title,
  );
}

/** The editor once it has replaced the textarea. */
async function openEditor(page: Page, path: string) {
  await page.goto(`${base}${path}`);
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  return editor;
}

async function fillPostFields(page: Page, title: string) {
  await page.getByLabel("Title").fill(title);
  const category = page.getByLabel("Category");
  const first = await category.locator("option:not([value=''])").first().getAttribute("value");
  await category.selectOption(first ?? "");
  await page.getByLabel("Summary").fill("What the editor can do.");
}

const tool = (page: Page, name: string) =>
  page.getByRole("toolbar", { name: "Formatting" }).getByRole("button", { name, exact: true });

async function toggle(page: Page, name: string, text: string) {
  await tool(page, name).click();
  await expect(tool(page, name)).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type(text);
  await tool(page, name).click();
  await expect(tool(page, name)).toHaveAttribute("aria-pressed", "false");
}

const fieldHtml = (page: Page) => page.locator('input[type="hidden"][name="content"]').inputValue();

async function block(
  page: Page,
  name: string,
  text: string,
  leave: "Enter" | "Shift+Enter" | "button",
) {
  await tool(page, name).click();
  await expect(tool(page, name)).toHaveAttribute("aria-pressed", "true");
  await page.keyboard.type(text);
  if (leave === "button") await tool(page, name).click();
  else await page.keyboard.press(leave);
}

test("every toolbar button writes its markup, stored as the editor wrote it and shown on the public page", async ({
  page,
  signInAs,
}) => {
  test.slow(); // one long journey through every button, on a machine shared with other suites
  await signInAs("Administrator");
  const editor = await openEditor(page, "/admin/posts/add");
  await fillPostFields(page, "Everything the editor does");
  await editor.click();

  // Headings: Enter after a heading starts a paragraph.
  await block(page, "Heading 1", "Heading one", "Enter");
  await block(page, "Heading 2", "Heading two", "Enter");
  await block(page, "Heading 3", "Heading three", "Enter");

  // Inline formats in one paragraph.
  await toggle(page, "Bold", "bold words");
  await page.keyboard.type(" ");
  await toggle(page, "Italic", "italic words");
  await page.keyboard.type(" ");
  await toggle(page, "Underline", "underlined words");
  await page.keyboard.type(" ");
  await toggle(page, "Strikethrough", "struck words");
  await page.keyboard.type(" ");
  await toggle(page, "Inline code", "inline_code()");
  // Shift+Enter is a line break; Enter starts a new paragraph.
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("Second line");
  await page.keyboard.press("Enter");
  await page.keyboard.type("New paragraph after Enter");
  await page.keyboard.press("Enter");

  // Lists: Enter makes the next item, Enter on an empty item leaves the list.
  await tool(page, "Bulleted list").click();
  await page.keyboard.type("Bullet one");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Bullet two");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");
  await tool(page, "Numbered list").click();
  await page.keyboard.type("Number one");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Number two");
  await page.keyboard.press("Enter");
  await page.keyboard.press("Enter");

  await block(page, "Quote", "A quoted sentence", "Enter");

  // Link through the dialog: javascript: is refused with a visible message.
  await page.keyboard.type("Inkwell home");
  await page.keyboard.press("Shift+Home");
  await tool(page, "Link").click();
  const linkDialog = page.getByRole("dialog", { name: "Add Link" });
  await expect(linkDialog).toBeVisible();
  await linkDialog.getByLabel("URL").fill("javascript:alert(document.cookie)");
  await linkDialog.getByRole("button", { name: "Add Link" }).click();
  await expect(linkDialog.getByRole("alert")).toContainText(
    "Links must use one of these protocols",
  );
  await expect(linkDialog).toBeVisible();
  await linkDialog.getByLabel("URL").fill("https://example.com/inkwell");
  await linkDialog.getByRole("button", { name: "Add Link" }).click();
  await expect(linkDialog).toBeHidden();
  await expect(tool(page, "Link")).toBeFocused();
  await expect(editor.locator('a[href="https://example.com/inkwell"]')).toHaveText("Inkwell home");
  // The link's text is still selected: put the caret after it. The editor takes
  // the caret from the browser's selection a moment after the click, so End
  // is pressed until the caret is after the link's last letter.
  const added = editor.locator('a[href="https://example.com/inkwell"]');
  const box = await added.boundingBox();
  await added.click({
    position: { x: Math.max(1, (box?.width ?? 2) - 1), y: (box?.height ?? 2) / 2 },
  });
  const textBeforeCaret = () =>
    page.evaluate(() => {
      const selection = window.getSelection();
      const at = selection?.anchorNode;
      if (!selection?.isCollapsed || !at) return "";
      const range = document.createRange();
      range.selectNodeContents(at.parentElement?.closest("p") ?? at);
      range.setEnd(at, selection.anchorOffset);
      return range.toString();
    });
  await expect(async () => {
    await page.keyboard.press("End");
    expect(await textBeforeCaret()).toBe("Inkwell home");
  }).toPass({ timeout: 5000 });
  await page.keyboard.press("Enter");

  // Automatic link.
  await page.keyboard.type("Read https://auto.example.com/page today");
  await expect(editor.locator('a[href="https://auto.example.com/page"]')).toBeVisible();
  await page.keyboard.press("Enter");

  // Image by upload, then by a URL on this site.
  await tool(page, "Image").click();
  const imageDialog = page.getByRole("dialog", { name: "Add Image" });
  await imageDialog.getByLabel("Alternative text").fill("A single pixel");
  await imageDialog
    .getByLabel("Image file")
    .setInputFiles({ name: "pixel.png", mimeType: "image/png", buffer: PNG });
  await imageDialog.getByRole("button", { name: "Upload Image" }).click();
  await expect(toast(page, "Image uploaded successfully")).toBeVisible();
  await expect(imageDialog).toBeHidden();
  const uploaded = editor.locator('img[alt="A single pixel"]');
  await expect(uploaded).toHaveAttribute("src", /^\/uploads\/posts\/[\w-]+\.png$/);
  const uploadedSrc = await uploaded.getAttribute("src");

  await tool(page, "Image").click();
  await imageDialog.getByLabel("Image URL").fill("data:image/png;base64,AAAA");
  await imageDialog.getByRole("button", { name: "Add Image" }).click();
  await expect(imageDialog.getByRole("alert")).toContainText("must start with http");
  await imageDialog.getByLabel("Alternative text").fill("Ballot box");
  await imageDialog.getByLabel("Image URL").fill("/demo/images/ballot-box.jpg");
  await imageDialog.getByRole("button", { name: "Add Image" }).click();
  await expect(editor.locator('img[src="/demo/images/ballot-box.jpg"]')).toBeVisible();
  await editor.press("Control+End");

  await tool(page, "Horizontal rule").click();
  await expect(editor.locator("hr")).toHaveCount(1);

  // Undo and redo.
  await page.keyboard.type("Code follows");
  await page.waitForTimeout(600); // a new undo step starts after 500 ms
  await page.keyboard.type(" OOPS");
  await expect(editor).toContainText("OOPS");
  await tool(page, "Undo").click();
  await expect(editor).not.toContainText("OOPS");
  await tool(page, "Redo").click();
  await expect(editor).toContainText("OOPS");
  await tool(page, "Undo").click();
  await expect(editor).not.toContainText("OOPS");
  await page.keyboard.press("Enter");

  await block(page, "Code block", "const answer = 42;", "Enter");
  await page.keyboard.type("return answer < 43 && true;");

  const written = await fieldHtml(page);
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);

  const row = storedPost("Everything the editor does");
  expect(row).toBeDefined();
  const content = row?.content ?? "";
  // The server keeps the browser editor's HTML byte for byte.
  expect(content).toBe(written);
  for (const markup of [
    "<h1>",
    '<h2 id="',
    '<h3 id="',
    "<b><strong",
    "<i><em",
    "<u><span",
    "<s><span",
    '<code spellcheck="false"',
    "<br>",
    "<ul>",
    "<ol>",
    '<li value="2">',
    "<blockquote>",
    '<a href="https://example.com/inkwell" rel="noopener noreferrer nofollow">',
    '<a href="https://auto.example.com/page" rel="noopener noreferrer nofollow">',
    `<img src="${uploadedSrc}" alt="A single pixel">`,
    '<img src="/demo/images/ballot-box.jpg" alt="Ballot box">',
    "<hr>",
    "<pre",
    "&lt; 43 &amp;&amp; true;",
  ]) {
    expect(content).toContain(markup);
  }
  expect(content).not.toContain("javascript:");
  expect(content).not.toContain("OOPS");
  // One line break (Shift+Enter) inside the first paragraph, a new paragraph after Enter.
  expect(content).toMatch(/inline_code\(\)(<\/[a-z]+>)*<br><span[^>]*>Second line<\/span><\/p>/);
  expect(content).toMatch(/Second line<\/span><\/p><p><span[^>]*>New paragraph after Enter/);

  // The public page.
  await page.goto(`${base}${row?.url}`);
  const prose = page.locator(".prose");
  await expect(prose.locator("h1")).toHaveText("Heading one");
  await expect(prose.locator("h2")).toHaveText("Heading two");
  await expect(prose.locator("h3")).toHaveText("Heading three");
  await expect(prose.locator("b strong")).toHaveText("bold words");
  await expect(prose.locator("i em")).toHaveText("italic words");
  await expect(prose.locator("u")).toHaveText("underlined words");
  await expect(prose.locator("s")).toHaveText("struck words");
  await expect(prose.locator("p > code")).toHaveText("inline_code()");
  await expect(prose.locator("ul > li")).toHaveText(["Bullet one", "Bullet two"]);
  await expect(prose.locator("ol > li")).toHaveText(["Number one", "Number two"]);
  await expect(prose.locator("blockquote")).toHaveText("A quoted sentence");
  await expect(prose.getByRole("link", { name: "Inkwell home" })).toHaveAttribute(
    "href",
    "https://example.com/inkwell",
  );
  await expect(prose.getByRole("link", { name: "https://auto.example.com/page" })).toBeVisible();
  const pixel = prose.getByRole("img", { name: "A single pixel" });
  await expect(pixel).toHaveAttribute("src", uploadedSrc ?? "");
  expect(await pixel.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(1);
  await expect(prose.getByRole("img", { name: "Ballot box" })).toBeVisible();
  await expect(prose.locator("hr")).toHaveCount(1);
  await expect(prose.locator("pre")).toContainText("const answer = 42;");

  // Reopening the post for edit shows the same content, and saving it again changes nothing.
  const reopened = await openEditor(page, `/admin/posts/edit/${row?.id}`);
  await expect(reopened.locator("h1")).toHaveText("Heading one");
  await expect(reopened.locator('img[alt="A single pixel"]')).toBeVisible();
  expect(await fieldHtml(page)).toBe(content);
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(toast(page, "Post updated successfully!")).toBeVisible();
  expect(storedPost("Everything the editor does")?.content).toBe(content);
});

async function expectRefused(dialog: Locator, url: string) {
  await dialog.getByLabel("URL").fill(url);
  await dialog.getByRole("button", { name: "Add Link" }).click();
  await expect(dialog.getByRole("alert")).toContainText("Links must use one of these protocols");
}

test("Enter starts a paragraph, Shift+Enter a line break, and a heading changes only the current block", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  const editor = await openEditor(page, "/admin/posts/add");
  await editor.click();
  await page.keyboard.type("First paragraph");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Line one");
  await page.keyboard.press("Shift+Enter");
  await page.keyboard.type("Line two");
  await page.keyboard.press("Enter");
  await page.keyboard.type("Becomes a heading");
  await tool(page, "Heading 2").click();
  await expect(tool(page, "Heading 2")).toHaveAttribute("aria-pressed", "true");

  await expect(editor.locator("p")).toHaveCount(2);
  await expect(editor.locator("p").first()).toHaveText("First paragraph");
  await expect(editor.locator("p").nth(1).locator("br")).toHaveCount(1);
  await expect(editor.locator("h2")).toHaveText("Becomes a heading");
  const html = await fieldHtml(page);
  expect(html).toMatch(
    /^<p[^>]*><span[^>]*>First paragraph<\/span><\/p><p[^>]*><span[^>]*>Line one<\/span><br><span[^>]*>Line two<\/span><\/p><h2[^>]*><span[^>]*>Becomes a heading<\/span><\/h2>$/,
  );
});

test("the toolbar is one Tab stop; arrows, Home and End move along it", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  const editor = await openEditor(page, "/admin/posts/add");
  const toolbar = page.getByRole("toolbar", { name: "Formatting" });
  const tabStops = toolbar.locator('button[tabindex="0"]');
  await expect(tabStops).toHaveCount(1);

  await editor.click();
  await page.keyboard.press("Shift+Tab");
  await expect(tool(page, "Bold")).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await expect(tool(page, "Italic")).toBeFocused();
  await page.keyboard.press("End");
  await expect(toolbar.locator("button:not(:disabled)").last()).toBeFocused();
  await page.keyboard.press("Home");
  await expect(tool(page, "Bold")).toBeFocused();
  await page.keyboard.press("ArrowLeft");
  await expect(toolbar.locator("button:not(:disabled)").last()).toBeFocused();
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("ArrowRight");
  await expect(tool(page, "Italic")).toBeFocused();

  // Tab leaves the toolbar at once; Shift+Tab comes back to the button last used.
  await page.keyboard.press("Tab");
  await expect(editor).toBeFocused();
  await page.keyboard.press("Shift+Tab");
  await expect(tool(page, "Italic")).toBeFocused();
  await expect(tabStops).toHaveCount(1);
});

test("the link dialog refuses javascript: and friends, closes with Escape and gives focus back", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  const editor = await openEditor(page, "/admin/posts/add");
  await editor.click();
  await page.keyboard.type("click me");
  await page.keyboard.press("Shift+Home");

  // The toolbar is reachable from the keyboard and moves with the arrow keys.
  await tool(page, "Bold").focus();
  await page.keyboard.press("ArrowRight");
  await expect(tool(page, "Italic")).toBeFocused();

  await tool(page, "Link").click();
  const dialog = page.getByRole("dialog", { name: "Add Link" });
  for (const url of [
    "javascript:alert(1)",
    "JaVaScRiPt:alert(1)",
    "  javascript:alert(1)",
    "java\tscript:alert(1)",
    "data:text/html,<script>alert(1)</script>",
    "vbscript:msgbox(1)",
    "file:///etc/passwd",
  ]) {
    await expectRefused(dialog, url);
  }
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();
  await expect(tool(page, "Link")).toBeFocused();
  expect(await fieldHtml(page)).not.toContain("<a ");

  // Every docs/behaviour.md §editor protocol is accepted.
  await tool(page, "Link").click();
  await dialog.getByLabel("URL").fill("xmpp:desk@example.com");
  await dialog.getByRole("button", { name: "Add Link" }).click();
  await expect(dialog).toBeHidden();
  await expect(editor.locator('a[href="xmpp:desk@example.com"]')).toHaveText("click me");
});

test("a failed upload says so with the documented toasts", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  const editor = await openEditor(page, "/admin/posts/add");
  await editor.click();
  const dialog = page.getByRole("dialog", { name: "Add Image" });
  const file = { name: "pixel.png", mimeType: "image/png", buffer: PNG };

  // A refused file (not an image) is answered without a url.
  await tool(page, "Image").click();
  await dialog.getByLabel("Alternative text").fill("A pixel");
  await dialog
    .getByLabel("Image file")
    .setInputFiles({ name: "notes.png", mimeType: "image/png", buffer: Buffer.from("plain text") });
  await dialog.getByRole("button", { name: "Upload Image" }).click();
  await expect(toast(page, "Failed to upload image")).toBeVisible();
  await expect(dialog.getByRole("alert")).toContainText("Failed to upload image");

  // The request itself fails.
  await page.route("**/upload/image", (route) => route.abort());
  await dialog.getByLabel("Image file").setInputFiles(file);
  await dialog.getByRole("button", { name: "Upload Image" }).click();
  await expect(toast(page, "Error uploading image.")).toBeVisible();
  await expect(editor.locator("img")).toHaveCount(0);
});

test("public pages load no editor code; the post screens load it once hydrated", async ({
  page,
  signInAs,
}) => {
  const scripts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  await page.goto(`${base}/`);
  await page.getByRole("link").first().waitFor();
  const post = await page
    .locator("a[href^='/'][href*='/']")
    .evaluateAll((links) =>
      links
        .map((a) => a.getAttribute("href") ?? "")
        .find((href) => /^\/\d+\/[^/]+\/[^/]+$/.test(href)),
    );
  expect(post).toBeTruthy();
  await page.goto(`${base}${post}`);
  await page.waitForLoadState("networkidle");
  expect(scripts.length).toBeGreaterThan(0);
  expect(scripts.filter((s) => /lexical|editor/i.test(s))).toEqual([]);

  await signInAs("Administrator");
  await openEditor(page, "/admin/posts/add");
  expect(scripts.filter((s) => /lexical-editor/.test(s))).toHaveLength(1);
});

test("what is typed while the editor loads is kept; without the editor's chunk the textarea stays", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  // Hold the editor's code back for a moment.
  await page.route("**/assets/lexical-editor.client-*.js", async (route) => {
    await new Promise((r) => setTimeout(r, 1500));
    await route.continue();
  });
  await page.goto(`${base}/admin/posts/add`);
  const waiting = page.locator('textarea[name="content"][aria-busy="true"]');
  await waiting.fill("<p>Typed <b>early</b></p>");
  const editor = page.getByRole("textbox", { name: "Content" });
  await expect(editor).toHaveAttribute("contenteditable", "true");
  await expect(editor.locator("b, strong").first()).toHaveText("early");
  await expect(page.locator('textarea[name="content"]')).toHaveCount(0);

  // The chunk fails: the form keeps working with the textarea.
  const fresh = await page.context().newPage();
  await fresh.route("**/assets/lexical-editor.client-*.js", (route) => route.abort());
  await fresh.goto(`${base}/admin/posts/add`);
  await expect(fresh.locator(".admin-topbar button.drawer-open")).toBeAttached();
  const textarea = fresh.getByLabel("Content");
  await expect(textarea).toHaveJSProperty("tagName", "TEXTAREA");
  await expect(textarea).not.toHaveAttribute("aria-busy", "true");
  await fresh.close();
});

async function seriousViolations(page: Page, include: string) {
  const results = await new AxeBuilder({ page })
    .include(include)
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}

for (const theme of ["light", "dark"] as const) {
  test(`the editor and its dialogs have no serious accessibility violations (${theme})`, async ({
    page,
    signInAs,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signInAs("Administrator");
    const editor = await openEditor(page, "/admin/posts/edit/1");
    await editor.click();
    await page.keyboard.press("Control+Home");
    await page.keyboard.press("Shift+End");
    await tool(page, "Bold").click();
    await expect(tool(page, "Bold")).toHaveAttribute("aria-pressed", "true");
    expect(await seriousViolations(page, ".rich-text-editor")).toEqual([]);

    await tool(page, "Link").click();
    const link = page.getByRole("dialog", { name: "Add Link" });
    await expectRefused(link, "javascript:alert(1)");
    expect(await seriousViolations(page, ".editor-dialog[open]")).toEqual([]);
    await page.keyboard.press("Escape");

    await tool(page, "Image").click();
    await expect(page.getByRole("dialog", { name: "Add Image" })).toBeVisible();
    expect(await seriousViolations(page, ".editor-dialog[open]")).toEqual([]);
  });
}
