/**
 * Footnotes and the contents box without JavaScript (docs/behaviour.md §footnotes): an Author
 * types `[^1]` markers, their notes and a contents box into the plain field, publishes, and the
 * page shows numbered references, the note list at the end and a filled contents box, with no
 * serious accessibility violations in light or dark.
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

const TYPED = [
  '<nav class="ik-contents"></nav>',
  "<h2>Why it matters</h2>",
  "<p>Rates rose[^rates] and prices followed[^prices].</p>",
  "<h3>The details</h3>",
  "<p>More text.</p>",
  "<h2>Why it matters</h2>",
  "[^prices]: Prices from the survey.",
  "[^rates]: The central bank's statement.",
].join("\n");

test("footnotes and a contents box typed in the plain field show on the published page", async ({
  page,
  browser,
  server,
  signInAs,
}) => {
  await signInAs("Author");
  await page.goto(`${server.url}/admin/posts/add`);
  // The field says how footnotes and the contents box are typed.
  await expect(page.locator(".rich-text-field .hint")).toContainText(
    "Footnotes: [^1] in the text and [^1]: the note on a line of its own",
  );
  await page.getByLabel("Title").fill("Footnotes typed by hand");
  await page.getByLabel("Category").selectOption("Crypto");
  await page.getByLabel("Summary").fill("A post with footnotes");
  await page.getByLabel("Content").fill(TYPED);
  await page.getByRole("button", { name: "Publish Post" }).click();
  await expect(page).toHaveURL(/\/admin\/posts\/edit\/\d+$/);
  // What is stored is the canonical markup, numbered in text order.
  const stored = await page.getByLabel("Content").inputValue();
  expect(stored).toContain(
    'rose<sup class="ik-fnref" id="fnref-1"><a href="#fn-1" role="doc-noteref">1</a></sup>',
  );
  expect(stored).toContain('<h2 id="why-it-matters-2">');
  expect(stored).not.toContain("[^");
  const url = (await page.locator(".admin-page-header a").getAttribute("href")) ?? "";

  await page.goto(server.url + url);
  const prose = page.locator(".prose");
  const contents = prose.getByRole("navigation", { name: "Contents" });
  await expect(contents.getByRole("link")).toHaveText([
    "Why it matters",
    "The details",
    "Why it matters",
  ]);
  await expect(contents.getByRole("link", { name: "The details" })).toHaveAttribute(
    "href",
    "#the-details",
  );
  await expect(prose.locator("sup.ik-fnref a")).toHaveText(["1", "2"]);
  const notes = prose.locator("section.ik-footnotes[role=doc-endnotes]");
  await expect(notes).toHaveAttribute("aria-label", "Footnotes");
  await expect(notes.locator("li")).toHaveText([
    /^The central bank's statement\./,
    /^Prices from the survey\./,
  ]);
  // The list is the last thing in the post.
  expect(
    await prose.evaluate((el) => el.lastElementChild?.classList.contains("ik-footnotes")),
  ).toBe(true);
  await expect(notes.getByRole("link", { name: "Back to reference 2" })).toHaveAttribute(
    "href",
    "#fnref-2",
  );

  // Accessibility, with axe running in a second, scripted page.
  for (const colorScheme of ["light", "dark"] as const) {
    const context = await browser.newContext({ javaScriptEnabled: true, colorScheme });
    const reader = await context.newPage();
    await reader.goto(server.url + url);
    const results = await new AxeBuilder({ page: reader })
      .include(".prose")
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    const serious = results.violations.filter(
      (v) => v.impact === "serious" || v.impact === "critical",
    );
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(", ")}`)).toEqual([]);
    await context.close();
  }
});
