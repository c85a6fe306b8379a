/**
 * An automated accessibility check (axe-core, WCAG 2.1 A and AA rules) of the
 * public pages and the back office, in the light and the dark theme: no
 * serious or critical violation (contrast, names, labels, landmarks…).
 * It complements, and does not replace, looking at the pages.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, test } from "./fixtures";

test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs in the page");

const THEMES = ["light", "dark"] as const;

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page })
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => ({
      rule: v.id,
      help: v.help,
      targets: v.nodes.slice(0, 5).map((n) => n.target.join(" ")),
    }));
}

async function firstPostPath(page: Page) {
  await page.goto("/category/crypto");
  const href = await page
    .locator("article.post-card .post-card-title a")
    .first()
    .getAttribute("href");
  if (!href) throw new Error("no post on the crypto page");
  return href;
}

// axe over ten screens takes about half a minute on a busy 2-core machine.
test.describe.configure({ mode: "parallel", timeout: 120_000 });

for (const theme of THEMES) {
  test(`public pages have no serious accessibility violations (${theme})`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: theme });
    const problems: Record<string, unknown> = {};
    const post = await firstPostPath(page);
    const author = await page
      .locator("article.post-card a.byline-name")
      .first()
      .getAttribute("href");
    expect(author).toMatch(/^\/author\/[a-z0-9-]+$/);
    for (const path of [
      "/",
      "/explore",
      "/category/crypto",
      "/tag/bitcoin",
      author ?? "/author",
      "/search?q=bitcoin",
      "/search?q=nothingmatchesthis",
      post,
      "/reach-out",
      "/privacy-policy",
      "/unsubscribe?email=reader@example.com",
      "/newsletter/confirm?token=no-such-token-000000000",
      "/no-such-page",
      "/unauthorised-access",
    ]) {
      await page.goto(path);
      const found = await seriousViolations(page);
      if (found.length) problems[path] = found;
    }
    expect(problems).toEqual({});
  });

  test(`back-office screens have no serious accessibility violations (${theme})`, async ({
    page,
    signInAs,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    const problems: Record<string, unknown> = {};
    await page.goto("/admin/login");
    const login = await seriousViolations(page);
    if (login.length) problems["/admin/login"] = login;
    await signInAs("Administrator");
    for (const path of [
      "/admin/posts",
      "/admin/dashboard",
      "/admin/analytics",
      "/admin/users",
      "/admin/users/add",
      "/admin/users/profile",
      "/admin/settings",
      "/admin/pages",
      "/admin/comments",
      "/admin/posts/add",
      "/admin/posts/categories",
      "/admin/posts/tags",
      "/admin/media/library",
      "/admin/media/add",
      "/admin/mail/subscribers-list",
      "/admin/mail/send-newsletter",
      "/admin/mail/subscribers-list/suppress",
    ]) {
      await page.goto(path);
      const found = await seriousViolations(page);
      if (found.length) problems[path] = found;
    }
    expect(problems).toEqual({});
  });
}

for (const theme of THEMES) {
  test(`the Tools screens have no serious accessibility violations (${theme})`, async ({
    page,
    signInAs,
  }) => {
    await page.emulateMedia({ colorScheme: theme });
    await signInAs("Administrator");
    const problems: Record<string, unknown> = {};
    for (const path of ["/admin/tools/import", "/admin/tools/export", "/admin/tools/backups"]) {
      await page.goto(path);
      const found = await seriousViolations(page);
      if (found.length) problems[path] = found;
    }
    expect(problems).toEqual({});
  });
}

test("the post page has no serious violations on a 375 px phone and at 1280 px (axe, both themes)", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const post = await firstPostPath(page);
  const problems: Record<string, unknown> = {};
  for (const width of [375, 1280]) {
    await page.setViewportSize({ width, height: 800 });
    for (const theme of THEMES) {
      await page.emulateMedia({ colorScheme: theme });
      await page.goto(post);
      const found = await seriousViolations(page);
      if (found.length) problems[`${width}px (${theme})`] = found;
    }
  }
  expect(problems).toEqual({});
});

test("the back office's tables stay usable on a 375 px phone (axe, both themes)", async ({
  page,
  signInAs,
}) => {
  await page.setViewportSize({ width: 375, height: 800 });
  await signInAs("Administrator");
  const problems: Record<string, unknown> = {};
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const path of [
      "/admin/posts",
      "/admin/users",
      "/admin/posts/categories",
      "/admin/media/library",
      "/admin/mail/subscribers-list",
      "/admin/mail/send-newsletter",
    ]) {
      await page.goto(path);
      const found = await seriousViolations(page);
      if (found.length) problems[`${path} (${theme})`] = found;
    }
  }
  expect(problems).toEqual({});
});

test("staff account screens have no serious accessibility violations (both themes)", async ({
  page,
  signInAs,
  server,
}) => {
  const admin = server.queryOne<{ uid: string }>(
    "select uid from users where role = 'Administrator' order by id limit 1",
  );
  const other = server.queryOne<{ uid: string }>(
    "select uid from users where role = 'Author' order by id limit 1",
  );
  const problems: Record<string, unknown> = {};
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    await page.goto("/admin/forgot-password");
    const forgot = await seriousViolations(page);
    if (forgot.length) problems[`${theme} /admin/forgot-password`] = forgot;
    await page.goto("/admin/reset-password?token=nothing");
    const reset = await seriousViolations(page);
    if (reset.length) problems[`${theme} /admin/reset-password`] = reset;
    await signInAs("Administrator");
    for (const path of [
      "/admin/audit",
      `/admin/users/edit/${other.uid}?step=delete`,
      `/admin/users/edit/${admin.uid}`,
      "/admin/users/profile?mode=2fa",
    ]) {
      await page.goto(path);
      const found = await seriousViolations(page);
      if (found.length) problems[`${theme} ${path}`] = found;
    }
    await page.context().clearCookies();
  }
  expect(problems).toEqual({});
});

test("the workflow's panels (review, revisions with a diff, schedule) have no serious violations (axe, both themes)", async ({
  page,
  signInAs,
}) => {
  // A Contributor's post in review with two revisions, written by plain form posts.
  await signInAs("Contributor");
  const fields = (title: string, intent: string) => ({
    title,
    category: "Crypto",
    summary: "For the accessibility check.",
    content: "<p>Checked by axe.</p>",
    intent,
  });
  const added = await page.request.post("/admin/posts/add", {
    form: fields("Axe workflow draft", "draft"),
    maxRedirects: 0,
  });
  const editPath = added.headers().location ?? "";
  expect(editPath).toMatch(/^\/admin\/posts\/edit\/\d+$/);
  const sent = await page.request.post(editPath, {
    form: fields("Axe workflow piece", "publish"),
    maxRedirects: 0,
  });
  expect(sent.status()).toBe(303);
  await signInAs("Editor");
  await page.goto(editPath);
  const oldest = await page.locator(".revisions-list li a").last().getAttribute("href");
  const problems: Record<string, unknown> = {};
  for (const theme of THEMES) {
    await page.emulateMedia({ colorScheme: theme });
    for (const path of [editPath, oldest ?? editPath]) {
      await page.goto(path);
      await expect(page.getByRole("heading", { name: "Review" })).toBeVisible();
      const found = await seriousViolations(page);
      if (found.length) problems[`${path} (${theme})`] = found;
    }
  }
  await expect(page.getByTestId("revision-diff")).toBeVisible();
  expect(problems).toEqual({});
});
