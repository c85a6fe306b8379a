/**
 * Newsletters that reach the inbox, without JavaScript: a newsletter's page
 * (preview, test, confirm) and the signed unsubscribe link from a real
 * message: a GET changes nothing, the confirm page unsubscribes, and a mail
 * client's cross-site one-click POST answers 200 with no redirect and no
 * cookie. The new screens pass axe.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { seriousViolations } from "./axe";
import { type E2EServer, expect, test } from "./fixtures";

test.describe.configure({ mode: "serial" });

let server: E2EServer;
let base = "";

test.beforeAll(({ server: worker }) => {
  server = worker;
  base = worker.url;
});

/** The List-Unsubscribe address of the message `subject` sent to `email`, from the outbox. */
function unsubscribeLink(subject: string, email: string): string {
  const outbox = join(server.dataDir, "outbox");
  const message = readdirSync(outbox)
    .filter((f) => f.endsWith(".eml"))
    .map((f) => readFileSync(join(outbox, f), "utf8").replace(/\r?\n[ \t]+/g, " "))
    .find((m) => m.includes(`Subject: ${subject}`) && new RegExp(`^To: .*${email}`, "m").test(m));
  const link = /^List-Unsubscribe: <([^>]+)>/m.exec(message ?? "")?.[1];
  if (!link) throw new Error(`no message "${subject}" to ${email}`);
  return link;
}

test("send with confirmation, then unsubscribe through the signed link", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the JavaScript-off journey");
  await signInAs("Administrator");
  const email = `uma.${Date.now()}@example.com`;
  await page.goto(`${base}/admin/mail/subscribers-list`);
  await page.getByLabel("Name", { exact: true }).fill("Uma Unsub");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("checkbox", { name: "Music Updates" }).check();
  await page.getByRole("button", { name: "Add Subscriber" }).click();
  await expect(page.getByRole("status")).toHaveText("Subscriber added successfully");

  const subject = `Inbox check ${Date.now()}`;
  await page.goto(`${base}/admin/mail/send-newsletter`);
  await page.getByLabel("Audience").selectOption("Music");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Content").fill("<p>Music this week.</p>");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await expect(
    page.getByText(/Send this newsletter to Music: \d+ Active subscribers?\?/),
  ).toBeVisible();
  await expect(page.getByTitle("Newsletter preview (HTML)")).toBeVisible();
  await page.getByRole("button", { name: /^Send to \d+ Active subscribers?$/ }).click();
  await expect(page.getByRole("status")).toContainText(/Newsletter queued for \d+ subscribers?/);
  await expect(async () => {
    await page.reload();
    await expect(page.locator(".badge-newsletter-sent")).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });

  const link = unsubscribeLink(subject, email);
  expect(link).toMatch(/\/newsletter\/unsubscribe\?token=u1\.\d+\.music\.[\w-]{32}$/);
  const path = new URL(link).pathname + new URL(link).search;

  // A link scanner's GET changes nothing (it is sent on to the confirm page).
  const scanned = await page.request.get(`${base}${path}`);
  expect(scanned.status()).toBe(200);
  await page.goto(`${base}${path}`);
  await expect(page).toHaveURL(/\/unsubscribe\?token=/);
  await expect(page.locator(".unsubscribe-form")).toContainText(
    `Newsletters for ${email}: you receive Music Updates, News Emails.`,
  );
  const tokenPath = path.replace("/newsletter/unsubscribe", "/unsubscribe");

  // A forged token is refused.
  const forged = await page.request.post(
    `${base}${path.replace(/.$/, (c) => (c === "A" ? "B" : "A"))}`,
    {
      headers: { Origin: "https://mail.provider.example", Cookie: "" },
      form: { "List-Unsubscribe": "One-Click" },
      maxRedirects: 0,
    },
  );
  expect(forged.status()).toBe(400);

  // The mail client's one-click POST: another origin, no cookie, 200, no redirect, no cookie set.
  const oneClick = await page.request.fetch(`${base}${path}`, {
    method: "POST",
    headers: {
      Origin: "https://mail.provider.example",
      "Content-Type": "application/x-www-form-urlencoded",
      Cookie: "",
    },
    data: "List-Unsubscribe=One-Click",
    maxRedirects: 0,
  });
  expect(oneClick.status(), (await oneClick.text()).slice(0, 3000)).toBe(200);
  expect(oneClick.headers().location).toBeUndefined();
  expect(oneClick.headers()["set-cookie"]).toBeUndefined();

  await page.goto(`${base}${tokenPath}`);
  await expect(page.locator(".unsubscribe-form")).toContainText(
    `Newsletters for ${email}: you receive News Emails.`,
  );
});

test("the confirm page unsubscribes from all newsletters without JavaScript", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the JavaScript-off journey");
  await signInAs("Administrator");
  const email = `vic.${Date.now()}@example.com`;
  await page.goto(`${base}/admin/mail/subscribers-list`);
  await page.getByLabel("Name", { exact: true }).fill("Vic Views");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("checkbox", { name: "Promotions & Offers" }).check();
  await page.getByRole("button", { name: "Add Subscriber" }).click();
  const subject = `Promo check ${Date.now()}`;
  await page.goto(`${base}/admin/mail/send-newsletter`);
  await page.getByLabel("Audience").selectOption("Promotions");
  await page.getByLabel("Subject").fill(subject);
  await page.getByLabel("Content").fill("<p>Offers.</p>");
  await page.getByRole("button", { name: "Send", exact: true }).click();
  await page.getByRole("button", { name: /^Send to \d+ Active subscribers?$/ }).click();
  await expect(async () => {
    await page.reload();
    await expect(page.locator(".badge-newsletter-sent")).toBeVisible({ timeout: 500 });
  }).toPass({ timeout: 20_000 });
  const link = unsubscribeLink(subject, email);
  await page.context().clearCookies();
  await page.goto(link.replace(/^https?:\/\/[^/]+/, base));
  await page.getByRole("radio", { name: "All newsletters" }).check();
  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByRole("status")).toHaveText(
    "You have unsubscribed from all our newsletters.",
  );
  await expect(page.locator(".unsubscribe-form")).toContainText(
    `Newsletters for ${email}: you are unsubscribed`,
  );
});

test("Import Suppression List marks listed subscribers Bounced", async ({
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  test.skip(javaScriptEnabled, "the JavaScript-off journey");
  await signInAs("Administrator");
  const email = `sam.${Date.now()}@example.com`;
  await page.goto(`${base}/admin/mail/subscribers-list`);
  await page.getByLabel("Name", { exact: true }).fill("Sam Suppressed");
  await page.getByLabel("Email", { exact: true }).fill(email);
  await page.getByRole("button", { name: "Add Subscriber" }).click();
  await page.goto(`${base}/admin/mail/subscribers-list/suppress`);
  await page.getByLabel("CSV file").setInputFiles({
    name: "suppress.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`email\n${email}\nnobody.here@example.com\n`),
  });
  await page.getByRole("button", { name: "Import" }).click();
  await expect(page.getByRole("status")).toContainText("1 marked Bounced");
  await page.goto(`${base}/admin/mail/subscribers-list?q=${encodeURIComponent(email)}`);
  await expect(page.getByRole("row").filter({ hasText: email })).toContainText("Bounced");
});

test("a newsletter's page and the unsubscribe pages have no serious accessibility violations", async ({
  browser,
  page,
  signInAs,
  javaScriptEnabled,
}) => {
  // A send and four axe runs take well over the default on a busy 2-core machine.
  test.setTimeout(150_000);
  // Its own newsletter and token, so it reaches real pages whichever project runs it.
  await signInAs("Administrator");
  const email = `axe.${Date.now()}@example.com`;
  const joined = await page.request.post(`${base}/newsletter/join`, {
    data: { email, name: "Axe Reader", audience: ["Music"] },
  });
  expect(joined.status(), await joined.text()).toBe(200);
  const subject = `Axe check ${Date.now()}`;
  const sent = await page.request.post(`${base}/newsletter/send`, {
    data: {
      email: { subject, audience: "Music", content: "<p>Axe.</p>", photo: "", attachment: "" },
    },
  });
  expect(sent.status(), await sent.text()).toBe(200);
  const { newsletter } = (await sent.json()) as { newsletter: { uid: string } };
  let link = "";
  await expect(async () => {
    link = unsubscribeLink(subject, email);
  }).toPass({ timeout: 20_000 });
  const token = new URL(link);
  const pages = {
    newsletter: `/admin/mail/newsletters/${newsletter.uid}`,
    token: `/unsubscribe${token.search}`,
    forged: "/unsubscribe?token=u1.1.news.forged",
    empty: "/unsubscribe",
  };
  // axe runs in the page: without JavaScript, a second context with it checks the same pages.
  const context = javaScriptEnabled
    ? page.context()
    : await browser.newContext({
        javaScriptEnabled: true,
        storageState: await page.context().storageState(),
      });
  const checked = javaScriptEnabled ? page : await context.newPage();
  const problems: Record<string, unknown> = {};
  try {
    for (const [name, path] of Object.entries(pages)) {
      await checked.goto(`${base}${path}`);
      if (name === "newsletter") {
        await expect(checked.getByRole("heading", { name: "Preview" })).toBeVisible();
      }
      if (name === "token") {
        await expect(checked.locator(".unsubscribe-form")).toContainText(
          `Newsletters for ${email}: you receive Music Updates`,
        );
      }
      // axe cannot enter the sandboxed preview frame (no script runs there): the page around it
      // is checked. Removing the frame instead raced hydration, which put it back.
      const found = await seriousViolations(checked, { exclude: ["iframe[sandbox]"] });
      if (found.length) problems[path] = found;
    }
  } finally {
    if (!javaScriptEnabled) await context.close();
  }
  expect(problems).toEqual({});
});
