/**
 * The Mail screens without JavaScript (docs/behaviour.md §subscribers, §access): add, search, filter
 * and delete a subscriber through the confirm step; send a newsletter, see it
 * recorded with its delivery figures and its messages in the outbox; an
 * Author is kept out.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { type E2EServer, expect, PNG_FILE, test } from "./fixtures";

test.describe.configure({ mode: "serial" });
test.skip(({ javaScriptEnabled }) => javaScriptEnabled, "the JavaScript-off journey");

let server: E2EServer;
let base = "";
const LIST = "/admin/mail/subscribers-list";

test.beforeAll(({ server: worker }) => {
  server = worker;
  base = worker.url;
});

test("add, search, filter and delete a subscriber", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  await page.goto(base + LIST);
  await expect(page).toHaveTitle("Subscribers | Inkwell");
  await expect(page.getByRole("checkbox", { name: "News Emails" })).toBeChecked();
  await page.getByLabel("Name", { exact: true }).fill("Nora Nojs");
  await page.getByLabel("Email", { exact: true }).fill("nora.nojs@example.com");
  await page.getByRole("checkbox", { name: "Music Updates" }).check();
  await page.getByRole("button", { name: "Add Subscriber" }).click();
  await expect(page.getByRole("status")).toHaveText("Subscriber added successfully");
  const row = page.getByRole("row").filter({ hasText: "nora.nojs@example.com" });
  await expect(row).toContainText("Active");
  await expect(row).toContainText("Music");
  await expect(row).toContainText("News");

  // The same address again is refused, with the message beside the form.
  await page.getByLabel("Name", { exact: true }).fill("Nora Again");
  await page.getByLabel("Email", { exact: true }).fill("nora.nojs@example.com");
  await page.getByRole("button", { name: "Add Subscriber" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Error adding subscriber: nora.nojs@example.com is already a subscriber",
  );

  await page.goto(base + LIST);
  await page.getByLabel("Search by name or email").fill("nora.no");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page).toHaveURL(/q=nora\.no/);
  await expect(page.locator("tbody tr")).toHaveCount(1);
  await page.getByRole("combobox", { name: "Audience" }).selectOption("promotions");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.getByText("No subscribers match this search.")).toBeVisible();
  await page.getByRole("combobox", { name: "Audience" }).selectOption("music");
  await page.getByRole("button", { name: "Search" }).click();
  await expect(page.locator("tbody tr")).toHaveCount(1);

  await page.getByRole("link", { name: "Delete nora.nojs@example.com" }).click();
  await expect(page).toHaveURL(/confirm=/);
  await expect(
    page.getByRole("heading", { name: "Are you sure you want to delete this subscriber?" }),
  ).toBeVisible();
  await page.getByRole("link", { name: "Cancel" }).click();
  await expect(page).not.toHaveURL(/confirm=/);
  await expect(page.locator("tbody tr")).toHaveCount(1);

  await page.getByRole("link", { name: "Delete nora.nojs@example.com" }).click();
  await page.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText("Deleted successfully");
  // Back on the same filtered list, now empty.
  await expect(page).toHaveURL(/q=nora\.no/);
  await expect(page.getByText("No subscribers match this search.")).toBeVisible();
});

test("export the list as CSV and import it back with a report", async ({ page, signInAs }) => {
  await signInAs("Administrator");
  const csv = await page.request.get(`${base}${LIST}/export?audience=news`);
  expect(csv.headers()["content-type"]).toBe("text/csv; charset=utf-8");
  // Once (server.js sets it for every answer), not twice.
  expect(
    csv.headersArray().filter((h) => h.name.toLowerCase() === "x-content-type-options"),
  ).toEqual([{ name: expect.stringMatching(/^x-content-type-options$/i), value: "nosniff" }]);
  const text = await csv.text();
  expect(text.split("\r\n")[0]).toBe("\uFEFFname,email,status,audience,subscribed");

  await page.goto(`${base}${LIST}/import`);
  await page.getByLabel("CSV file").setInputFiles({
    name: "people.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(
      'name,email,audience\n"Doe, Jane",jane.csv@example.com,Music\nBad,not-an-email,\n',
    ),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByText("1 added, 0 updated, 1 rejected.")).toBeVisible();
  await expect(page.getByRole("row").filter({ hasText: "not-an-email" })).toContainText("3");
  await page.goto(`${base}${LIST}?q=jane.csv`);
  await expect(page.getByRole("row").filter({ hasText: "jane.csv@example.com" })).toContainText(
    "Doe, Jane",
  );
});

test("send a newsletter: recorded with its figures, one .eml per Active News subscriber", async ({
  page,
  signInAs,
}) => {
  await signInAs("Administrator");
  await page.goto(`${base}/admin/mail/send-newsletter`);
  await expect(page).toHaveTitle("Send Newsletter | Inkwell");
  await page.getByLabel("Audience").selectOption("News");
  await page.getByLabel("Subject").fill("E2E weekly digest");
  await page.getByLabel("Featured image").setInputFiles(PNG_FILE);
  await page.getByLabel("Content").fill("<p>Hello from the <strong>e2e</strong> suite.</p>");
  await page.getByLabel("Attachment (optional)").setInputFiles({
    name: "rate-card.pdf",
    mimeType: "application/pdf",
    buffer: Buffer.from("%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n"),
  });
  await page.getByRole("button", { name: "Send", exact: true }).click();
  // The confirm step: the audience and the Active count, the preview and Send a test.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("E2E weekly digest");
  await expect(page.getByRole("heading", { name: "Preview" })).toBeVisible();
  await expect(page.locator(".newsletter-preview-text")).toContainText("Hello from the e2e suite.");
  await page.getByRole("button", { name: "Send a test" }).click();
  await expect(page.getByRole("status")).toContainText("Test sent to admin@inkwell.test");
  const confirm = page.getByRole("button", { name: /^Send to \d+ Active subscribers?$/ });
  await expect(
    page.getByText(/Send this newsletter to News: \d+ Active subscribers?\?/),
  ).toBeVisible();
  await confirm.click();
  await expect(page.getByRole("status")).toContainText(/Newsletter queued for \d+ subscribers?/);
  const recipients = Number(
    /queued for (\d+)/.exec((await page.getByRole("status").textContent()) ?? "")?.[1],
  );
  expect(recipients).toBeGreaterThan(0);
  await page.goto(`${base}/admin/mail/send-newsletter`);

  const row = page.getByRole("row").filter({ hasText: "E2E weekly digest" });
  await expect(async () => {
    await page.reload();
    await expect(row).toContainText("sent", { timeout: 500 });
  }).toPass({ timeout: 20_000 });
  const cells = await row.getByRole("cell").allTextContents();
  // Subject, audience, status, when (queued, sent), deliveries (delivered of recipients, failed,
  // skipped, pending).
  expect(cells[1]).toBe("News");
  expect(cells[2]).toBe("sent");
  const deliveries = row.getByRole("cell").nth(4).locator("span span");
  expect(await deliveries.allTextContents()).toEqual([
    `${recipients} of ${recipients} delivered`,
    "0 failed",
    "0 skipped",
    "0 pending",
  ]);

  // This newsletter's messages (other specs on this worker's server send mail too),
  // headers unfolded, as a mail client reads them.
  const outbox = join(server.dataDir, "outbox");
  const messages = readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => readFileSync(join(outbox, f), "utf8").replace(/\r?\n[ \t]+/g, " "))
    .filter(
      (m) => /^Subject: E2E weekly digest/m.test(m) && !/^To: .*admin@inkwell\.test/m.test(m),
    );
  expect(messages).toHaveLength(recipients);
  const raw = messages[0] ?? "";
  expect(raw).toMatch(/^Subject: E2E weekly digest/m);
  expect(raw).toMatch(
    /^List-Unsubscribe: <http:\/\/127\.0\.0\.1:\d+\/newsletter\/unsubscribe\?token=u1\.\d+\.news\.[\w-]{32}>/m,
  );
  expect(raw).toMatch(/Content-Disposition: attachment; filename="?rate-card\.pdf/);
  expect(raw).toContain("cid:featured-image@inkwell");
});

test("an Author sees no Mail group and is kept out of the Mail screens", async ({
  page,
  signInAs,
}) => {
  await signInAs("Author");
  await page.goto(`${base}/admin/posts`);
  await expect(page.getByRole("link", { name: "Subscribers List" })).toHaveCount(0);
  for (const path of [LIST, `${LIST}/import`, "/admin/mail/send-newsletter"]) {
    await page.goto(base + path);
    await expect(page).toHaveURL(`${base}/unauthorised-access`);
  }
});
