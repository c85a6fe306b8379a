/**
 * Tools → Import without JavaScript (docs/behaviour.md §import): an
 * Administrator uploads a WordPress export, follows the progress on a page
 * that refreshes itself, and reads the report; a broken file is refused with
 * its message. With JavaScript the same page follows the job live (and axe
 * checks the report).
 */
import AxeBuilder from "@axe-core/playwright";
import { expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

const POSTS = 1500;

function wxr(count: number, prefix: string) {
  const items = Array.from(
    { length: count },
    (_, i) =>
      `<item><title>${prefix} ${i}</title><wp:post_id>${i + 1}</wp:post_id><wp:post_name>${prefix.toLowerCase()}-${i}</wp:post_name><wp:status>${i % 10 === 0 ? "draft" : "publish"}</wp:status><wp:post_type>post</wp:post_type><content:encoded><![CDATA[<p>Story ${i}</p><script>alert(1)</script>]]></content:encoded><category domain="category" nicename="imported"><![CDATA[Imported]]></category></item>`,
  ).join("\n");
  return `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>${prefix} site</title><link>https://${prefix.toLowerCase()}.example.com</link><wp:wxr_version>1.2</wp:wxr_version>
${items}
</channel></rss>`;
}

test("upload, progress that refreshes itself, then the report", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  test.setTimeout(120_000);
  const prefix = javaScriptEnabled ? "Live" : "Quiet";
  await signInAs("Administrator");
  await page.goto("/admin/tools/import");
  await expect(page).toHaveTitle("Import | Inkwell");
  await page.getByLabel("Export file").setInputFiles({
    name: "export.xml",
    mimeType: "text/xml",
    buffer: Buffer.from(wxr(POSTS, prefix)),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page).toHaveURL(/\/admin\/tools\/import\?job=/);
  await expect(page.getByText(`of ${POSTS.toLocaleString("en")} items`)).toBeVisible();
  if (!javaScriptEnabled) {
    await expect(
      page.locator('noscript meta[http-equiv="refresh"], meta[http-equiv="refresh"]'),
    ).toHaveCount((await page.getByRole("heading", { name: "Finished" }).count()) ? 0 : 1);
  }
  await expect(page.getByRole("heading", { name: "Finished" })).toBeVisible({ timeout: 100_000 });
  await expect(page.getByRole("heading", { name: "Import report" })).toBeVisible();
  await expect(page.getByText(`Created: ${POSTS} post`)).toBeVisible();
  await expect(
    page.getByText(`${POSTS.toLocaleString("en")} of ${POSTS.toLocaleString("en")} items (100%)`),
  ).toBeVisible();
  if (javaScriptEnabled) {
    const results = await new AxeBuilder({ page })
      .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
      .analyze();
    expect(
      results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
    ).toEqual([]);
  }

  // The posts are on the public site, without the script.
  await page.goto(`/category/imported`);
  const link = page.getByRole("link", { name: new RegExp(`^${prefix} \\d+$`) }).first();
  await expect(link).toBeVisible();
  await link.click();
  await expect(page).toHaveURL(/\/\d+\/imported\/[^/]+$/);
  await expect(page.getByText(/^Story \d+$/).first()).toBeVisible();
  expect(await page.content()).not.toContain("alert(1)");
});

test("a broken file is refused with its message", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  await page.goto("/admin/tools/import");
  await page.getByLabel("Export file").setInputFiles({
    name: "broken.xml",
    mimeType: "text/xml",
    buffer: Buffer.from(wxr(2, "Broken").replace("</channel>", "")),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Nothing was imported: The file is not a readable WordPress export",
  );
});

test("an imported author is deactivated until invited; comments and pages come in", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "one run is enough: the forms are the same without JavaScript");
  test.setTimeout(60_000);
  const file = `<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:content="http://purl.org/rss/1.0/modules/content/" xmlns:wp="http://wordpress.org/export/1.2/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel><title>Byline site</title><link>https://byline.example.com</link><wp:wxr_version>1.2</wp:wxr_version>
<wp:author><wp:author_id>4</wp:author_id><wp:author_login>rita</wp:author_login><wp:author_email>rita.reporter@example.com</wp:author_email><wp:author_display_name>Rita Reporter</wp:author_display_name></wp:author>
<item><title>Rita's story</title><dc:creator>rita</dc:creator><wp:post_id>1</wp:post_id><wp:post_name>ritas-story</wp:post_name><wp:status>publish</wp:status><wp:post_type>post</wp:post_type><content:encoded><![CDATA[<p>Reported.</p>]]></content:encoded>
<wp:comment><wp:comment_id>1</wp:comment_id><wp:comment_author>Reader Rob</wp:comment_author><wp:comment_author_email>rob@example.com</wp:comment_author_email><wp:comment_date_gmt>2020-01-01 10:00:00</wp:comment_date_gmt><wp:comment_content><![CDATA[Well <b>reported</b>.]]></wp:comment_content><wp:comment_approved>1</wp:comment_approved><wp:comment_parent>0</wp:comment_parent></wp:comment>
</item>
<item><title>Masthead</title><dc:creator>rita</dc:creator><wp:post_id>2</wp:post_id><wp:post_name>our-masthead</wp:post_name><wp:status>publish</wp:status><wp:post_type>page</wp:post_type><content:encoded><![CDATA[<p>Who is who.</p>]]></content:encoded></item>
</channel></rss>`;
  await signInAs("Administrator");
  await page.goto("/admin/tools/import");
  await page.getByLabel("Export file").setInputFiles({
    name: "byline.xml",
    mimeType: "text/xml",
    buffer: Buffer.from(file),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("heading", { name: "Finished" })).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("Created: 1 post")).toBeVisible();

  await page.goto("/admin/users");
  const row = page.getByRole("row", { name: /Rita Reporter/ });
  await expect(row).toContainText("Deactivated (imported, not invited)");
  await row.getByRole("link", { name: "Edit Rita Reporter" }).click();
  await expect(page.getByText("Imported without a password")).toBeVisible();
  await page.getByRole("button", { name: "Send an invitation" }).click();
  await expect(page.getByText("Invitation sent")).toBeVisible();
  await expect(page.getByText("Active", { exact: true })).toBeVisible();

  await page.goto("/our-masthead");
  await expect(page.getByRole("heading", { name: "Masthead" })).toBeVisible();
  // The old WordPress address answers 301 to the post.
  await page.goto("/ritas-story/");
  await expect(page).toHaveURL(/\/\d+\/[^/]+\/ritas-story$/);
  await expect(page.getByText("Well reported.")).toBeVisible();
  await expect(page.getByText("Reader Rob")).toBeVisible();
  expect(await page.content()).not.toContain("rob@example.com");
});
