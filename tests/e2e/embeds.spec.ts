/**
 * Embeds on the reader page (docs/behaviour.md §embeds): a post with a link from the fake
 * provider on 127.0.0.2 (listed in Settings › Embed providers) shows a placeholder; nothing is
 * requested from the provider until the reader clicks "Load content from …"; without JavaScript
 * the placeholder is a link to the original.
 */
import AxeBuilder from "@axe-core/playwright";
import { type FakeProvider, startFakeProvider } from "../support/fake-oembed";
import { E2E_ADMIN, expect, test } from "./fixtures";

let fake: FakeProvider;
let postUrl = "";

test.beforeAll(async ({ server, playwright }) => {
  fake = await startFakeProvider();
  server.withDb((db) =>
    db
      .prepare("update settings set embed_providers = ? where id = 1")
      .run(`${fake.host} ${fake.origin}/oembed`),
  );
  // The admin's apiKey, as an API client gets it (docs/api.md).
  const api = await playwright.request.newContext({ baseURL: server.url });
  const signIn = await (await api.post("/user/admin/authenticate", { data: E2E_ADMIN })).json();
  const profile = await (await api.post("/user/data", { data: { uid: signIn.user.uid } })).json();
  const key = profile.apiKey as string;
  const category = server.queryOne<{ name: string }>("select name from categories limit 1");
  const res = await api.post("/posts/add", {
    data: {
      key,
      title: `Watch this ${Date.now()}`,
      status: "published",
      summary: "A post with a video.",
      category: category.name,
      tags: [],
      content: `<p>Before the video.</p><p><a href="${fake.origin}/video/1">${fake.origin}/video/1</a></p>`,
    },
  });
  const body = (await res.json()) as { post: { url: string; content: string } };
  if (!body.post) throw new Error(JSON.stringify(body));
  expect(body.post.content).toContain("ik-embed");
  postUrl = body.post.url;
});

test.afterAll(async () => {
  await fake?.close();
});

test("the embed waits for the reader's click", async ({ page, javaScriptEnabled }) => {
  const toProvider: string[] = [];
  page.on("request", (r) => {
    if (r.url().startsWith(fake.origin)) toProvider.push(r.url());
  });
  const answer = await page.goto(postUrl);
  const figure = page.locator("figure.ik-embed");
  await expect(figure.getByRole("link", { name: "Fake video 1" })).toHaveAttribute(
    "href",
    `${fake.origin}/video/1`,
  );
  await expect(figure.locator("img.ik-embed-thumbnail")).toHaveAttribute(
    "src",
    /^\/uploads\/media\//,
  );
  expect(figure.locator("iframe")).toHaveCount(0);
  // The page's policy names the provider's frame origin.
  expect(answer?.headers()["content-security-policy"]).toContain(`frame-src 'self' ${fake.origin}`);

  const load = figure.getByRole("button", { name: "Load content from 127.0.0.2" });
  if (!javaScriptEnabled) {
    await expect(load).toBeHidden();
    // The page cache answers the next visit with the same policy.
    const again = await page.goto(postUrl);
    expect(again?.headers()["content-security-policy"]).toContain(
      `frame-src 'self' ${fake.origin}`,
    );
    expect(toProvider).toEqual([]);
    return;
  }
  await expect(load).toBeVisible();
  const axe = await new AxeBuilder({ page })
    .include("figure.ik-embed")
    .withTags(["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"])
    .analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  expect(toProvider).toEqual([]);

  const frameRequest = page.waitForRequest((r) => r.url() === `${fake.origin}/frame/1`);
  await load.click();
  await frameRequest;
  await expect(figure.locator(`iframe[src="${fake.origin}/frame/1"]`)).toBeVisible();
  await expect(page.frameLocator("figure.ik-embed iframe").getByText("Playing")).toBeVisible();
});

test("a post without an embed names no provider in its policy", async ({ page }) => {
  const answer = await page.goto("/");
  expect(answer?.headers()["content-security-policy"]).not.toContain(fake.origin);
});
