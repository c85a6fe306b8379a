/**
 * A post using every content block (scripts/every-block-post.mjs: contents box, headings,
 * footnotes, a table, an image with a caption and credit, a gallery, lists, a quote), published
 * through the Add Post form: the page has each block's structure and roles, the Nu HTML checker
 * finds no error in it (JavaScript off: the server's HTML as it is), and axe finds no serious
 * violation on the page and in the editor holding it at 375 and 1280 px in both themes
 * (JavaScript on, where axe runs).
 */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { RICH } from "../../scripts/every-block-post.mjs";
import { seriousViolations } from "./axe";
import { expect, test } from "./fixtures";

/** The checker itself, as the vnu-jar package ships it (run with the machine's Java). */
const VNU_JAR = createRequire(import.meta.url).resolve("vnu-jar/build/dist/vnu.jar");
const THEMES = ["light", "dark"] as const;
const WIDTHS = [375, 1280] as const;

/** The Nu HTML checker's errors for a document (warnings and notes left out). */
function nuErrors(html: string): string[] {
  const dir = mkdtempSync(join(tmpdir(), "inkwell-nu-"));
  try {
    const file = join(dir, "page.html");
    writeFileSync(file, html);
    const out = execFileSync("java", ["-jar", VNU_JAR, "--errors-only", "--format", "json", file], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    }).trim();
    return (
      (JSON.parse(out || '{"messages":[]}') as { messages: { message: string }[] }).messages ?? []
    ).map((m) => m.message);
  } catch (error) {
    // vnu exits 1 when it found errors and prints them on stderr.
    const stderr = String((error as { stderr?: string }).stderr ?? "");
    const parsed = JSON.parse(stderr || '{"messages":[]}') as { messages: { message: string }[] };
    return parsed.messages.map((m) => m.message);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

test("a post using every block renders each block's structure, valid and accessible", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  // With JavaScript: axe on the page and on the editor, in two themes at two widths (eight runs).
  test.setTimeout(javaScriptEnabled ? 90_000 : 30_000);
  await signInAs("Editor");
  const added = await page.request.post("/admin/posts/add", {
    form: {
      title: `Every block ${javaScriptEnabled ? "js" : "nojs"}`,
      category: "Crypto",
      summary: "The stablecoin hearing, with notes, a table and pictures.",
      content: RICH,
      intent: "publish",
    },
    maxRedirects: 0,
  });
  const editPath = added.headers().location ?? "";
  expect(editPath).toMatch(/^\/admin\/posts\/edit\/\d+$/);
  await page.goto(editPath);
  const url = (await page.locator(".admin-page-header a").getAttribute("href")) ?? "";
  expect(url).toMatch(/^\/\d+\/crypto\/every-block-/);

  await page.goto(url);
  const prose = page.locator("main .prose");
  // Contents box: the h2/h3 headings, linked to their ids.
  const contents = prose.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link")).toHaveText([
    "What happened",
    "The vote",
    "The figures",
    "In pictures",
  ]);
  await expect(contents.getByRole("link", { name: "The vote" })).toHaveAttribute(
    "href",
    "#the-vote",
  );
  await expect(prose.locator("h3#the-vote")).toHaveText("The vote");
  // Footnotes: references with doc-noteref, the list with doc-endnotes and back links.
  await expect(prose.locator('sup.ik-fnref a[role="doc-noteref"]')).toHaveText(["1", "2"]);
  const notes = prose.locator('section[role="doc-endnotes"]');
  await expect(notes.locator("li")).toHaveCount(2);
  await expect(notes.locator('a[role="doc-backlink"]').first()).toHaveAttribute("href", "#fnref-1");
  // The table scrolls inside its own named, focusable region.
  const region = prose.getByRole("region", { name: "Stablecoin supply, billions of dollars" });
  await expect(region.locator("table thead th")).toHaveText(["Coin", "2025", "2026"]);
  await expect(region).toHaveAttribute("tabindex", "0");
  // The gallery: six images, each a link to its full-size file, each credited.
  const gallery = prose.locator("figure.ik-gallery");
  await expect(gallery.locator("li a.ik-gallery-link")).toHaveCount(6);
  await expect(gallery.locator(".ik-credit").first()).toContainText("Wire");

  if (!javaScriptEnabled) {
    const html = await (await page.request.get(url)).text();
    expect(nuErrors(html)).toEqual([]);
    return;
  }
  const problems: Record<string, unknown> = {};
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const width of WIDTHS) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(url);
      // The page never scrolls sideways, whatever the table's width.
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
      const found = await seriousViolations(page);
      if (found.length) problems[`${theme} ${width}px`] = found;
      // The editor holding every block, as the writer sees it.
      await page.goto(editPath);
      await expect(page.locator(".editor-content table")).toBeVisible();
      await expect(page.locator(".editor-content .editor-gallery")).toBeVisible();
      const inEditor = await seriousViolations(page);
      if (inEditor.length) problems[`editor ${theme} ${width}px`] = inEditor;
    }
  }
  expect(problems).toEqual({});
});
